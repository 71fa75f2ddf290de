import './states.css'

export function PageSpinner({ label = '加载中…' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export function EmptyState({ text = '暂无内容' }: { text?: string }) {
  return (
    <div className="state state--empty">
      <svg className="state__art" viewBox="0 0 64 48" aria-hidden="true">
        <rect x="6" y="10" width="52" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 30h16l4 6h12l4-6h16" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span>{text}</span>
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <span>{message || '加载失败'}</span>
      {onRetry && (
        <button type="button" className="btn btn--ghost" onClick={onRetry}>
          重新加载
        </button>
      )}
    </div>
  )
}
