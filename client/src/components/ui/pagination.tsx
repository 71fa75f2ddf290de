import './pagination.css'

type Props = { page: number; total: number; limit: number; onChange: (page: number) => void }

/** Numbered pages with ellipses; hidden when everything fits on one page. */
export function Pagination({ page, total, limit, onChange }: Props) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)))
  if (pages <= 1) return null
  const around = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages))
  const shown = [...around].sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </button>
      {shown.map((p, i) => (
        <span key={p} className="pagination__item">
          {i > 0 && p - shown[i - 1] > 1 && <span className="pagination__gap">…</span>}
          <button type="button" aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </button>
        </span>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </button>
      <span className="pagination__total">共 {total} 条</span>
    </nav>
  )
}
