import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react'
import './modal.css'

type Props = {
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  size?: 'small' | 'large'
  /** Role of the dialog: alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog'
}

/**
 * Native <dialog> opened with showModal(): the browser gives the top layer, the focus trap,
 * Escape to close and an inert page behind it, so we only add focus return and styling.
 */
export function Modal({ title, onClose, children, footer, size = 'small', role = 'dialog' }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCancel = useEffectEvent(() => onClose())

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement as HTMLElement | null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    const cancel = (event: Event) => {
      event.preventDefault()
      onCancel()
    }
    dialog.addEventListener('cancel', cancel)
    return () => {
      dialog.removeEventListener('cancel', cancel)
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
      opener?.focus?.()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on its content.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  )
}
