import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { REVIEW_NOTE_LABEL, REVIEW_STATUS_TEXT } from '../../../../../common/rules'
import { formatDateTime } from '../../../lib/date'
import type { ReviewAuthor, ReviewStatus } from '../api/review'
import { ReviewActions } from './review-actions'

/** What the panel announces after a decision, with a link to the published item when there is one. */
export type ReviewOutcome = { text: string; view?: { to: string; label: string } }

/** The submitter as the admin needs to identify them; a deleted account has no member left. */
export const authorText = (member: ReviewAuthor) => (member ? `${member.nickname}（${member.member_no}）` : '已注销会员')

type Props = {
  title: string
  status: ReviewStatus
  statusText?: string
  /** A tag such as the contribution kind, shown before the title's meta line. */
  tag: string
  /** Extra meta entries (who, for which teacher) shown before the times. */
  meta: ReactNode
  createdAt: string
  reviewedAt: string | null
  reviewNote: string
  thumb?: ReactNode
  previewLabel: string
  /** Rendered only once opened, so videos and images load on demand. */
  renderPreview: () => ReactNode
  view?: { to: string; label: string }
  /** While the item is pending: what approval means for it, whether a decision is on its way, and where it goes. */
  decision: { approveHint: string; isBusy: boolean; onDecide: (approve: boolean, note?: string) => void }
}

/** One row of the review lists: summary, an expandable preview and the decision buttons. */
export function ReviewItem(props: Props) {
  const { title, status, statusText, tag, meta, createdAt, reviewedAt, reviewNote, thumb, previewLabel, view, decision } = props
  const [isOpen, setIsOpen] = useState(false)
  const previewId = useId()
  return (
    <li className={`rv-item${isOpen ? ' is-open' : ''}`}>
      <div className={`rv-item__head${thumb ? ' rv-item__head--media' : ''}`}>
        {thumb}
        <div className="rv-item__main">
          <h3 className="rv-item__title">{title}</h3>
          <p className="rv-item__meta">
            <span className="uc-tag">{tag}</span>
            {meta}
            <span>提交于 {formatDateTime(createdAt)}</span>
            {reviewedAt && <span>审核于 {formatDateTime(reviewedAt)}</span>}
          </p>
          {reviewNote && (
            <p className={`rv-item__note rv-item__note--${status}`}>{`${REVIEW_NOTE_LABEL[status] ?? '审核意见'}：${reviewNote}`}</p>
          )}
        </div>
        <span className={`uc-status uc-status--${status}`}>{statusText || REVIEW_STATUS_TEXT[status]}</span>
      </div>
      <div className="rv-item__bar">
        <button
          type="button"
          className="rv-item__toggle"
          aria-expanded={isOpen}
          aria-controls={previewId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M8 5l8 7-8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {isOpen ? '收起预览' : previewLabel}
        </button>
        {view && (
          <Link className="rv-item__view" to={view.to}>
            {view.label}
          </Link>
        )}
        {status === 'pending' && (
          <ReviewActions
            title={title}
            approveHint={decision.approveHint}
            isBusy={decision.isBusy}
            onApprove={() => decision.onDecide(true)}
            onReject={(note) => decision.onDecide(false, note)}
          />
        )}
      </div>
      <div id={previewId} className="rv-item__preview" hidden={!isOpen}>
        {isOpen && props.renderPreview()}
      </div>
    </li>
  )
}
