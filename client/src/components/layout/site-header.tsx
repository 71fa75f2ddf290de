import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useHotTags } from '../../features/index/api/get-hot-tags'
import { useSiteInfo } from '../../features/index/api/get-site-info'
import { HEADER_HOT_TAGS, SITE_NAME } from '../../features/index/constants'
import { mediaAddress } from '../../lib/media-address'
import { searchPath, type SearchType } from '../../lib/search-params'
import { useThrottledAction } from '../../lib/use-throttled-action'
import { Icon } from './icons'
import './site-header.css'

export const SEARCH_TYPES: { value: Exclude<SearchType, 'all'>; label: string }[] = [
  { value: 'teacher', label: '名师' },
  { value: 'course', label: '课程' },
  { value: 'special', label: '专题' },
]
const EMPTY_HINT = '请输入搜索关键词'

/** The site logo from the site info, or the text logo while it is missing or broken. */
export function SiteLogo() {
  const site = useSiteInfo()
  const [isBroken, setIsBroken] = useState(false)
  const src = site.data?.logo
  if (site.isPending) return <span className="site-logo site-logo--placeholder" aria-label={SITE_NAME} />
  if (!src || isBroken)
    return (
      <span className="site-logo site-logo--text">
        <span className="site-logo__seal" aria-hidden="true">
          师
        </span>
        <span className="site-logo__name">{SITE_NAME}</span>
      </span>
    )
  return <img className="site-logo" src={mediaAddress(src)} alt={SITE_NAME} width={220} height={54} onError={() => setIsBroken(true)} />
}

export function SiteHeader() {
  const navigate = useNavigate()
  const hotTags = useHotTags()
  const [type, setType] = useState<Exclude<SearchType, 'all'>>('teacher')
  const [keyWord, setKeyWord] = useState('')
  const [hint, setHint] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const throttle = useThrottledAction()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Spec §5: search needs non-empty text; without it we stay put and say why.
    if (!keyWord.trim()) {
      setHint(EMPTY_HINT)
      inputRef.current?.focus()
      return
    }
    setHint('')
    // Spec §9 throttle: the same search again within 3 s is one search (one request), not a pile of history entries.
    const target = searchPath({ type, keyWord })
    throttle(target, () => navigate(target))
  }

  const tags = (hotTags.data ?? []).slice(0, HEADER_HOT_TAGS)

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${SITE_NAME}首页`}>
          <SiteLogo />
        </Link>
        <div className="site-header__search">
          <form className="header-search" role="search" aria-label="站内搜索" onSubmit={submit} noValidate>
            <label className="visually-hidden" htmlFor={`${hintId}-type`}>
              搜索类型
            </label>
            <select
              id={`${hintId}-type`}
              className="header-search__type"
              value={type}
              onChange={(event) => setType(event.target.value as typeof type)}
            >
              {SEARCH_TYPES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${hintId}-q`}>
              搜索关键词
            </label>
            <input
              ref={inputRef}
              id={`${hintId}-q`}
              className="header-search__input"
              type="search"
              name="keyWord"
              maxLength={40}
              autoComplete="off"
              placeholder="搜索名师、课程、专题"
              value={keyWord}
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? hintId : undefined}
              onChange={(event) => {
                setKeyWord(event.target.value)
                if (hint) setHint('')
              }}
            />
            <button type="submit" className="header-search__button">
              <Icon name="search" size={18} />
              <span>搜索</span>
            </button>
          </form>
          <p id={hintId} className="header-search__hint" role="alert">
            {hint}
          </p>
          {tags.length > 0 && (
            <div className="hot-tags">
              <span className="hot-tags__label">热门搜索：</span>
              <ul>
                {tags.map((tag) => (
                  <li key={tag.id}>
                    <Link to={searchPath({ type, keyWord: tag.name })}>{tag.name}</Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </header>
  )
}
