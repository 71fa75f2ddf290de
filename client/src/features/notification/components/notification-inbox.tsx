import { Link, useSearchParams } from 'react-router'
import { NOTIFICATION_KINDS, type NotificationItem } from '../../../../../common/notifications'
import { confirmDialog } from '../../../components/layout/confirm-dialog'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { formatDateTime } from '../../../lib/date'
import { showToast } from '../../../lib/toast'
import { useDeleteNotifications, useReadAllNotifications, useReadNotifications } from '../api/change-notifications'
import { useNotificationList, type NotificationFilter } from '../api/get-notification-list'
import { NotificationSettings } from './notification-settings'
import './notification.css'

const PAGE_SIZE = 10

const KIND_ICONS: Record<string, string> = {
  follow: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  review: 'M6 3.5h9l3 3v14H6zM9 12l2 2 4-4',
  video: 'M4 6h16v12H4zM10 9.5v5l4.5-2.5z',
  inquiry: 'M4 5h16v11H9l-5 4z',
  comment: 'M4 5h16v11H9l-5 4zM8 10h8',
  account: 'M12 3l7 3v5.5c0 4.2-2.9 7.6-7 9.5-4.1-1.9-7-5.3-7-9.5V6z',
}

function NoticeRow({ item, onOpen, onDelete }: { item: NotificationItem; onOpen: () => void; onDelete: () => void }) {
  const kind = NOTIFICATION_KINDS[item.kind]
  const body = (
    <>
      <span className={`notice-row__icon notice-row__icon--${item.kind}`} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
          strokeLinecap="round"
        >
          <path d={KIND_ICONS[item.kind] ?? KIND_ICONS.review} />
        </svg>
      </span>
      <span className="notice-row__main">
        <strong className="notice-row__title">
          {!item.isRead && (
            <>
              <span className="notice-row__dot" aria-hidden="true" />
              <span className="visually-hidden">未读</span>
            </>
          )}
          {item.title}
        </strong>
        {item.body && <span className="notice-row__body">{item.body}</span>}
        <span className="notice-row__meta">
          <span className="uc-tag">{kind?.label ?? '通知'}</span>
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </span>
      </span>
    </>
  )
  return (
    <li className={`notice-row${item.isRead ? '' : ' is-unread'}`}>
      {item.link ? (
        <Link className="notice-row__open" to={item.link} onClick={onOpen}>
          {body}
        </Link>
      ) : (
        <button type="button" className="notice-row__open" onClick={onOpen}>
          {body}
        </button>
      )}
      <button type="button" className="notice-row__delete" onClick={onDelete} aria-label={`删除消息：${item.title}`} title="删除">
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13" />
        </svg>
      </button>
    </li>
  )
}

function Inbox({ page, onPageChange, filter }: { page: number; onPageChange: (page: number) => void; filter: NotificationFilter }) {
  const [, setSearch] = useSearchParams()
  const query = useNotificationList({ page, limit: PAGE_SIZE, filter })
  const read = useReadNotifications()
  const readAll = useReadAllNotifications()
  const remove = useDeleteNotifications()

  const setFilter = (next: NotificationFilter) =>
    setSearch((search) => {
      const params = new URLSearchParams(search)
      params.delete('page')
      if (next === 'all') params.delete('filter')
      else params.set('filter', next)
      return params
    })
  const open = (item: NotificationItem) => {
    if (!item.isRead) read.mutate([item.id])
  }
  const askToDelete = async (item: NotificationItem) => {
    const isSure = await confirmDialog({ title: '删除消息', message: `确定删除「${item.title}」吗？`, confirmText: '删除' })
    if (isSure) remove.mutate([item.id], { onSuccess: () => showToast('已删除', 'success') })
  }
  const unread = query.data?.unread ?? 0

  return (
    <>
      <div className="notice-toolbar">
        <div className="notice-filter" role="group" aria-label="筛选消息">
          {(['all', 'unread'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={filter === value ? 'is-active' : ''}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {value === 'all' ? '全部' : `未读${unread ? ` ${unread}` : ''}`}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!unread || readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onSuccess: () => showToast('已全部标为已读', 'success') })}
        >
          全部标为已读
        </button>
      </div>
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <div className="uc-empty">
          <EmptyState text={filter === 'unread' ? '没有未读消息' : '暂无消息，关注名师后，新课程、新视频会第一时间通知您'} />
        </div>
      ) : (
        <>
          <ul className="notice-list" aria-busy={query.isFetching || undefined}>
            {query.data.list.map((item) => (
              <NoticeRow key={item.id} item={item} onOpen={() => open(item)} onDelete={() => void askToDelete(item)} />
            ))}
          </ul>
          <Pagination page={page} total={query.data.total} limit={query.data.limit} onChange={onPageChange} />
        </>
      )}
    </>
  )
}

/**
 * 消息 (user-centre tab 12): the inbox, all or unread (?filter=unread), and 通知设置 (?view=settings).
 * Opening a notice marks it read and goes to its item.
 */
export function NotificationInbox({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const [search, setSearch] = useSearchParams()
  const view = search.get('view') === 'settings' ? 'settings' : 'inbox'
  const filter: NotificationFilter = search.get('filter') === 'unread' ? 'unread' : 'all'
  const show = (next: 'inbox' | 'settings') =>
    setSearch((current) => {
      const params = new URLSearchParams(current)
      params.delete('page')
      params.delete('filter')
      if (next === 'settings') params.set('view', 'settings')
      else params.delete('view')
      return params
    })
  return (
    <div className="notice-center">
      <div className="notice-views" role="tablist" aria-label="消息">
        <button
          type="button"
          role="tab"
          aria-selected={view === 'inbox'}
          className={view === 'inbox' ? 'is-active' : ''}
          onClick={() => show('inbox')}
        >
          消息列表
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'settings'}
          className={view === 'settings' ? 'is-active' : ''}
          onClick={() => show('settings')}
        >
          通知设置
        </button>
      </div>
      {view === 'settings' ? <NotificationSettings /> : <Inbox page={page} onPageChange={onPageChange} filter={filter} />}
    </div>
  )
}
