import { Link, useSearchParams } from 'react-router'
import { confirmDialog } from '../../../components/layout/confirm-dialog'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { paths } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import { showToast } from '../../../lib/toast'
import { parsePositiveInt } from '../../../lib/use-page-param'
import { useCancelBooking } from '../api/cancel-booking'
import { useMyBooking } from '../api/get-my-booking'
import { useMyBookings } from '../api/get-my-bookings'
import { BookingDetails } from './booking-details'
import { BookingStatusTag } from './booking-status'
import './booking.css'

const PAGE_SIZE = 10

/** Tab 14 我的预约: the member's requests, newest first; ?booking=<id> opens one with its timeline. */
export function MyBookings({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const [search, setSearch] = useSearchParams()
  const openId = parsePositiveInt(search.get('booking'), 0)
  const open = (id: number | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (id) next.set('booking', String(id))
      else next.delete('booking')
      return next
    })
  return openId ? (
    <MyBooking id={openId} onBack={() => open(null)} />
  ) : (
    <MyBookingList page={page} onPageChange={onPageChange} onOpen={open} />
  )
}

function MyBookingList({
  page,
  onPageChange,
  onOpen,
}: {
  page: number
  onPageChange: (page: number) => void
  onOpen: (id: number) => void
}) {
  const query = useMyBookings({ page, limit: PAGE_SIZE })
  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text="您还没有预约过名师" />
        <Link className="btn" to={paths.booking()}>
          预约名师
        </Link>
      </div>
    )
  return (
    <>
      <div className="my-bookings__bar">
        <span>共 {total} 个预约</span>
        <Link className="btn btn--ghost" to={paths.booking()}>
          新建预约
        </Link>
      </div>
      <ul className="my-bookings">
        {list.map((item) => (
          <li key={item.id}>
            <button type="button" className="my-bookings__item" onClick={() => onOpen(item.id)}>
              <span className="my-bookings__main">
                <strong className="line-clamp-1">
                  {item.teacherName ? `预约 ${item.teacherName}` : item.typeName}
                  {item.courseTitle && ` · 《${item.courseTitle}》`}
                </strong>
                <span className="my-bookings__meta">
                  <span className="uc-tag">{item.typeName}</span>
                  <span>期望：{item.whenText}</span>
                  <span>{item.placeText}</span>
                </span>
                <span className="my-bookings__ref">
                  编号 {item.referenceNo} · 提交于 {formatDate(item.createdAt)}
                </span>
              </span>
              <BookingStatusTag status={item.status} text={item.statusText} />
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}

function MyBooking({ id, onBack }: { id: number; onBack: () => void }) {
  const query = useMyBooking(id)
  const cancel = useCancelBooking()
  const back = (
    <button type="button" className="my-bookings__back" onClick={onBack}>
      ‹ 返回我的预约
    </button>
  )
  if (query.isPending) return <PageSpinner />
  if (query.isError)
    return (
      <>
        {back}
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      </>
    )
  const view = query.data
  const withdraw = async () => {
    const isSure = await confirmDialog({
      title: '取消预约',
      message: `确定要取消预约 ${view.referenceNo} 吗？取消后如需授课请重新提交预约。`,
      confirmText: '取消预约',
      cancelText: '再想想',
    })
    if (!isSure) return
    cancel.mutate({ id: view.id }, { onSuccess: () => showToast('预约已取消', 'success') })
  }
  return (
    <>
      {back}
      <BookingDetails
        view={view}
        actions={
          view.canCancel && (
            <button type="button" className="btn btn--plain" onClick={() => void withdraw()} disabled={cancel.isPending}>
              {cancel.isPending ? '取消中…' : '取消预约'}
            </button>
          )
        }
      />
    </>
  )
}
