import { useId, useState } from 'react'
import { Modal } from '../../../components/layout/modal'

const REASONS = ['广告或垃圾信息', '辱骂、人身攻击', '色情、暴力或违法内容', '与内容无关']
const REASON_MAX = 200

/** 举报: a common reason to pick, or one's own words; the server takes one report per member per comment. */
export function ReportDialog({
  onSubmit,
  onClose,
  isPending,
}: {
  onSubmit: (reason: string) => void
  onClose: () => void
  isPending: boolean
}) {
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState('')
  const id = useId()
  const submit = () => {
    const text = reason.trim()
    if (!text) return setProblem('请填写举报原因')
    if (text.length > REASON_MAX) return setProblem(`举报原因最多 ${REASON_MAX} 字`)
    onSubmit(text)
  }
  return (
    <Modal
      title="举报评论"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--plain" onClick={onClose}>
            取消
          </button>
          <button type="button" className="btn" disabled={isPending} onClick={submit}>
            {isPending ? '提交中…' : '提交举报'}
          </button>
        </>
      }
    >
      <div className="comment-report">
        <div className="comment-report__choices">
          {REASONS.map((text) => (
            <button
              key={text}
              type="button"
              className={`comment-report__choice${reason === text ? ' is-active' : ''}`}
              aria-pressed={reason === text}
              onClick={() => {
                setReason(text)
                setProblem('')
              }}
            >
              {text}
            </button>
          ))}
        </div>
        <label htmlFor={id}>举报原因</label>
        <textarea
          id={id}
          className="comment-form__input"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          placeholder="请说明举报原因"
          onChange={(event) => {
            setReason(event.target.value)
            setProblem('')
          }}
        />
        {problem && (
          <p className="comment-form__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  )
}
