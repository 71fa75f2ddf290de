import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { BookingCreated } from '../../../../../common/api/booking'
import { paths, USER_TABS } from '../../../config/paths'

type Props = { created: BookingCreated; isMember: boolean; onAgain: () => void }

/** After sending: the reference number, large and copyable, and where to follow the request. */
export function BookingDone({ created, isMember, onAgain }: Props) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const title = useRef<HTMLHeadingElement>(null)
  // The form is gone: the reader (and a screen reader's focus) lands on the result, scrolled into view.
  useEffect(() => {
    title.current?.focus()
  }, [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.referenceNo)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <section className="booking-done card" aria-labelledby="booking-done-title">
      <span className="booking-done__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="34"
          height="34"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h2 id="booking-done-title" className="booking-done__title" ref={title} tabIndex={-1}>
        预约已提交
      </h2>
      <p className="booking-done__message" role="status">
        {/* The server's words open with what the heading already says. */}
        {created.message.replace(/^预约已提交[，,]\s*/, '')}
      </p>
      <div className="booking-done__reference">
        <span className="booking-done__label">预约编号</span>
        <strong className="booking-done__number" data-reference={created.referenceNo}>
          {created.referenceNo}
        </strong>
        <button type="button" className="btn btn--plain booking-done__copy" onClick={() => void copy()}>
          {copied === 'yes' ? '已复制' : '复制编号'}
        </button>
        <span className="booking-done__copied" role="status">
          {copied === 'yes' ? '预约编号已复制' : copied === 'no' ? '无法自动复制，请手动记下编号' : ''}
        </span>
      </div>
      <p className="booking-done__tip">
        {isMember ? '您可以在个人中心的“我的预约”随时查看进度和工作人员的回复。' : '请妥善保存预约编号，凭编号和联系电话即可查询预约进度。'}
      </p>
      <div className="booking-done__actions">
        {isMember ? (
          <Link className="btn" to={paths.user(USER_TABS.bookings)}>
            查看我的预约
          </Link>
        ) : (
          <Link className="btn" to={paths.bookingLookup(created.referenceNo)}>
            查询预约进度
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={onAgain}>
          再提交一个预约
        </button>
        <Link className="booking-done__browse" to={paths.teacher()}>
          继续浏览名师 ›
        </Link>
      </div>
    </section>
  )
}
