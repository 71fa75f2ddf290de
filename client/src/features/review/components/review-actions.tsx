import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { confirmDialog } from '../../../components/layout/confirm-dialog'
import { FieldError } from '../../../components/ui/field-error'

export const NOTE_MAX = 200

type Props = {
  /** The item's title, named in the confirmation and in the buttons' accessible names. */
  title: string
  /** What publishing means for this kind of item, shown in the confirmation. */
  approveHint: string
  isBusy: boolean
  onApprove: () => void
  onReject: (note: string) => void
}

/**
 * 通过 asks first; 驳回 opens an inline reason (required, at most 200 characters) so the member
 * learns why. The buttons stay disabled while a decision is on its way.
 */
export function ReviewActions({ title, approveHint, isBusy, onApprove, onReject }: Props) {
  const [isRejecting, setIsRejecting] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const rejectButton = useRef<HTMLButtonElement>(null)
  const shouldRefocus = useRef(false)
  const id = useId()
  const noteId = `${id}-note`

  const approve = async () => {
    const isConfirmed = await confirmDialog({
      title: '审核通过',
      message: `确定通过「${title}」吗？${approveHint}`,
      confirmText: '通过',
    })
    if (isConfirmed) onApprove()
  }

  // Cancelling unmounts the form; focus goes back to the button that opened it.
  useEffect(() => {
    if (isRejecting || !shouldRefocus.current) return
    shouldRefocus.current = false
    rejectButton.current?.focus()
  }, [isRejecting])

  const closeReject = () => {
    shouldRefocus.current = true
    setIsRejecting(false)
    setError(undefined)
  }

  const submitReject = (event: FormEvent) => {
    event.preventDefault()
    if (isBusy) return
    const reason = note.trim()
    if (!reason) return setError('请填写驳回原因')
    if (reason.length > NOTE_MAX) return setError(`驳回原因不能超过 ${NOTE_MAX} 字`)
    onReject(reason)
  }

  if (isRejecting)
    return (
      <form className="rv-reject" onSubmit={submitReject} noValidate aria-label={`驳回「${title}」`}>
        <label htmlFor={noteId}>驳回原因</label>
        <textarea
          id={noteId}
          className="input rv-reject__input"
          rows={3}
          maxLength={NOTE_MAX}
          autoFocus
          placeholder="请说明驳回原因，投稿人将在「我的投稿」中看到"
          value={note}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${noteId}-count${error ? ` ${noteId}-error` : ''}`}
          onChange={(event) => {
            setNote(event.target.value)
            setError(undefined)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !isBusy) closeReject()
          }}
        />
        <div className="rv-reject__foot">
          <FieldError id={`${noteId}-error`} message={error} />
          <span id={`${noteId}-count`} className="rv-reject__count">
            {note.length} / {NOTE_MAX}
          </span>
        </div>
        <div className="rv-reject__actions">
          <button type="submit" className="btn uc-danger" disabled={isBusy}>
            {isBusy ? '提交中…' : '确认驳回'}
          </button>
          <button type="button" className="btn btn--plain" disabled={isBusy} onClick={closeReject}>
            取消
          </button>
        </div>
      </form>
    )

  return (
    <div className="rv-actions">
      <button type="button" className="btn rv-actions__approve" disabled={isBusy} onClick={approve} aria-label={`通过「${title}」`}>
        {isBusy ? '提交中…' : '通过'}
      </button>
      <button
        ref={rejectButton}
        type="button"
        className="btn btn--plain rv-actions__reject"
        disabled={isBusy}
        onClick={() => setIsRejecting(true)}
        aria-label={`驳回「${title}」`}
      >
        驳回
      </button>
    </div>
  )
}
