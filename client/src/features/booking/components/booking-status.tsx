import type { BookingStatus } from '../../../../../common/rules'

/** A request's state as a coloured tag (the colours say open, settled or closed). */
export function BookingStatusTag({ status, text }: { status: BookingStatus; text: string }) {
  return <span className={`booking-status booking-status--${status}`}>{text}</span>
}
