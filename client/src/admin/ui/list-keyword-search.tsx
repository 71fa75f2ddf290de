import { Input } from 'antd'
import { useSearchParams } from 'react-router'

type Props = {
  /** The box's accessible name: 搜索评论内容. */
  label: string
  placeholder: string
  /** The toolbar's width for the box; a page that sizes it in its stylesheet passes `className` instead. */
  width?: number | string
  className?: string
}

/**
 * A console list's keyword box, kept in the address as `?keyword=` like the list's other filters:
 * a search starts again from the first page, and a blank one drops the keyword.
 */
export function ListKeywordSearch({ label, placeholder, width, className }: Props) {
  const [search, setSearch] = useSearchParams()
  const keyword = search.get('keyword') ?? ''
  const submit = (value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      const text = value.trim()
      if (text) next.set('keyword', text)
      else next.delete('keyword')
      next.delete('page')
      return next
    })
  return (
    <Input.Search
      // Remounted when the address's keyword changes (Back, 清除筛选), so the box shows that keyword.
      key={keyword}
      aria-label={label}
      placeholder={placeholder}
      allowClear
      defaultValue={keyword}
      onSearch={submit}
      style={width === undefined ? undefined : { width }}
      className={className}
    />
  )
}
