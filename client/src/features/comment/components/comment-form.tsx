import { useId, useState } from 'react'
import { COMMENT_MAX_LENGTH } from '../../../../../common/notifications'

type Props = {
  placeholder: string
  submitText: string
  isPending: boolean
  /** Resolves true when the text was taken (the box is emptied), false to keep it for another try. */
  onSubmit: (content: string) => Promise<boolean>
  onCancel?: () => void
  autoFocus?: boolean
}

/** The write box: plain text, a live counter against the limit, refusing empty text before asking the server. */
export function CommentForm({ placeholder, submitText, isPending, onSubmit, onCancel, autoFocus = false }: Props) {
  const [content, setContent] = useState('')
  const [problem, setProblem] = useState('')
  const id = useId()
  const length = Array.from(content.trim()).length
  const isOver = length > COMMENT_MAX_LENGTH

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (isPending) return
    if (!content.trim()) return setProblem('请输入评论内容')
    if (isOver) return setProblem(`评论最多 ${COMMENT_MAX_LENGTH} 个字`)
    setProblem('')
    if (await onSubmit(content.trim())) setContent('')
  }

  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <textarea
        id={id}
        className="comment-form__input"
        value={content}
        placeholder={placeholder}
        rows={3}
        autoFocus={autoFocus}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => {
          setContent(event.target.value)
          if (problem) setProblem('')
        }}
      />
      <div className="comment-form__bar">
        <span id={`${id}-count`} className={`comment-form__count${isOver ? ' is-over' : ''}`}>
          {length}/{COMMENT_MAX_LENGTH}
        </span>
        {problem && (
          <span className="comment-form__problem" role="alert">
            {problem}
          </span>
        )}
        <span className="comment-form__actions">
          {onCancel && (
            <button type="button" className="btn btn--plain" onClick={onCancel}>
              取消
            </button>
          )}
          <button type="submit" className="btn" disabled={isPending}>
            {isPending ? '提交中…' : submitText}
          </button>
        </span>
      </div>
    </form>
  )
}
