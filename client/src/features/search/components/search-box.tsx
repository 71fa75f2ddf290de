import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { searchPath, type SearchType } from '../../../lib/search-params'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import './search.css'

const TYPE_OPTIONS: { value: SearchType; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'teacher', label: '名师' },
  { value: 'course', label: '课程' },
  { value: 'special', label: '专题' },
]

/** The results page's own search form; like the header's, it only searches with text (spec §5). */
export function SearchBox({ initialKeyword = '', initialType = 'all' }: { initialKeyword?: string; initialType?: SearchType }) {
  const navigate = useNavigate()
  const [keyword, setKeyword] = useState(initialKeyword)
  const [type, setType] = useState<SearchType>(initialType)
  const throttle = useThrottledAction()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!keyword.trim()) {
      showToast('请输入搜索关键词', 'info')
      return
    }
    // Spec §9 throttle: the same search again within 3 s runs once.
    const target = searchPath({ type, keyWord: keyword })
    throttle(target, () => navigate(target))
  }
  return (
    <form className="search-box card" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="search-page-type">
        搜索范围
      </label>
      <select
        id="search-page-type"
        className="search-box__type"
        value={type}
        onChange={(event) => setType(event.target.value as SearchType)}
      >
        {TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="search-page-keyword">
        搜索关键词
      </label>
      <input
        id="search-page-keyword"
        className="search-box__input"
        type="search"
        value={keyword}
        maxLength={50}
        placeholder="输入名师、课程或专题关键词"
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" className="btn search-box__button">
        搜索
      </button>
    </form>
  )
}
