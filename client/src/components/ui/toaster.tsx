import { useEffect, useState } from 'react'
import { dismissToast, subscribeToasts, type Toast } from '../../lib/toast'
import './toaster.css'

/** Closable toasts, 3 s each (spec §8). */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([])
  useEffect(() => {
    const unsubscribe = subscribeToasts(setToasts)
    return () => {
      unsubscribe()
    }
  }, [])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          <span className="toast__icon" aria-hidden="true">
            {toast.kind === 'error' ? '!' : toast.kind === 'success' ? '✓' : 'i'}
          </span>
          <span className="toast__text">{toast.text}</span>
          <button type="button" className="toast__close" aria-label="关闭提示" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
