import { useEffect, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { Modal } from './modal'

export type ConfirmOptions = { title?: string; message: string; confirmText?: string; cancelText?: string }

function ConfirmView({
  title = '提示',
  message,
  confirmText = '确定',
  cancelText = '取消',
  onAnswer,
}: ConfirmOptions & { onAnswer: (ok: boolean) => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmRef.current?.focus(), [])
  return (
    <Modal
      title={title}
      role="alertdialog"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" className="btn btn--plain" onClick={() => onAnswer(false)}>
            {cancelText}
          </button>
          <button ref={confirmRef} type="button" className="btn" onClick={() => onAnswer(true)}>
            {confirmText}
          </button>
        </>
      }
    >
      <p className="confirm-dialog__message">{message}</p>
    </Modal>
  )
}

/**
 * Imperative confirmation (spec §8 logout prompt): resolves true on confirm, false on cancel,
 * Escape, the close button or a backdrop click. Renders into its own root so any code can await it.
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div')
    host.className = 'confirm-dialog'
    document.body.appendChild(host)
    const root = createRoot(host)
    let settled = false
    const onAnswer = (ok: boolean) => {
      if (settled) return
      settled = true
      root.unmount()
      host.remove()
      resolve(ok)
    }
    root.render(<ConfirmView {...options} onAnswer={onAnswer} />)
  })
}
