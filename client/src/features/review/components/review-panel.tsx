import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { isSubmissionStatus, REVIEW_STATUS_TEXT, SUBMISSION_STATUSES } from '../../../../../common/rules'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { useReviewContributions, useReviewVideos, type ReviewStatus } from '../api/review'
import type { Paged } from '../../../lib/use-page-param'
import { ReviewContributionEntry } from './review-contribution-entry'
import type { ReviewOutcome } from './review-item'
import './review-panel.css'
import { ReviewVideoEntry } from './review-video-entry'

const PAGE_SIZE = 10

type View = 'contributions' | 'videos'
const VIEW_NOUN: Record<View, string> = { contributions: '投稿', videos: '视频' }

/** ?view=video and ?status=approved|rejected sit beside ?tab=9, so a filtered list survives reload and Back. */
function useReviewFilters() {
  const [search] = useSearchParams()
  const view: View = search.get('view') === 'video' ? 'videos' : 'contributions'
  const raw = search.get('status')
  const status: ReviewStatus = isSubmissionStatus(raw) ? raw : 'pending'
  const searchFor = (next: { view?: View; status?: ReviewStatus }) => {
    const params = new URLSearchParams(search)
    params.delete('page')
    if ((next.view ?? view) === 'videos') params.set('view', 'video')
    else params.delete('view')
    const nextStatus = next.status ?? status
    if (nextStatus === 'pending') params.delete('status')
    else params.set('status', nextStatus)
    return `?${params.toString()}`
  }
  return { view, status, searchFor }
}

type ListProps<T extends { id: number }> = {
  query: UseQueryResult<Paged<T>, Error>
  page: number
  onPageChange: (page: number) => void
  summary: (total: number) => string
  emptyText: string
  renderItem: (item: T) => ReactNode
}

function ReviewList<T extends { id: number }>({ query, page, onPageChange, summary, emptyText, renderItem }: ListProps<T>) {
  const data = query.data
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.limit))) : 1
  // Reviewing the last item of a later page empties it; step back rather than show nothing.
  const isPastEnd = !!data && data.list.length === 0 && page > 1 && data.total > 0
  useEffect(() => {
    if (isPastEnd) onPageChange(lastPage)
  }, [isPastEnd, lastPage, onPageChange])

  if (query.isPending || isPastEnd) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0) return <EmptyState text={emptyText} />
  return (
    <>
      <p className="uc-count">{summary(total)}</p>
      {/* Rows kept from the previous filter while the next loads must not take decisions. */}
      <ul className="rv-list" aria-busy={query.isFetching || undefined} inert={query.isPlaceholderData}>
        {list.map(renderItem)}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
    </>
  )
}

/**
 * Tab 9 (admins only): contributions and teacher videos waiting for review, and the ones already
 * decided. A decision refreshes the lists and the navigation's pending count.
 */
export function ReviewPanel({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { view, status, searchFor } = useReviewFilters()
  const params = { status, page, limit: PAGE_SIZE }
  // Both pending totals label the sub-views; the first pending page doubles as the default list.
  const pendingContributions = useReviewContributions({ status: 'pending', page: 1, limit: PAGE_SIZE })
  const pendingVideos = useReviewVideos({ status: 'pending', page: 1, limit: PAGE_SIZE })
  const contributions = useReviewContributions(params, view === 'contributions')
  const videos = useReviewVideos(params, view === 'videos')
  const pendingTotal: Record<View, number | undefined> = {
    contributions: pendingContributions.data?.total,
    videos: pendingVideos.data?.total,
  }

  const filter = `${view}:${status}`
  const [outcome, setOutcome] = useState<ReviewOutcome & { filter: string }>()
  const noticeRef = useRef<HTMLDivElement>(null)
  const onReviewed = (next: ReviewOutcome) => setOutcome({ ...next, filter })
  const shownOutcome = outcome?.filter === filter ? outcome : undefined
  // The decided row leaves the list; keyboard focus moves to the announcement instead of the page top.
  useEffect(() => {
    if (outcome) noticeRef.current?.focus({ preventScroll: true })
  }, [outcome])

  const noun = VIEW_NOUN[view]
  const listProps = {
    page,
    onPageChange,
    summary: (total: number) => `${REVIEW_STATUS_TEXT[status]}的${noun}共 ${total} 条`,
    emptyText: status === 'pending' ? `暂无待审核的${noun}` : `暂无${REVIEW_STATUS_TEXT[status]}的${noun}`,
  }

  return (
    <div className="rv-panel">
      <div className="rv-toolbar">
        <nav className="rv-views" aria-label="审核内容">
          {(['contributions', 'videos'] as View[]).map((key) => (
            <Link
              key={key}
              to={{ search: searchFor({ view: key }) }}
              className={`rv-views__link${key === view ? ' is-active' : ''}`}
              aria-current={key === view ? 'page' : undefined}
            >
              {VIEW_NOUN[key]}审核
              {!!pendingTotal[key] && (
                <span className="rv-views__count">
                  {pendingTotal[key]}
                  <span className="visually-hidden"> 条待审核</span>
                </span>
              )}
            </Link>
          ))}
        </nav>
        <nav className="rv-filter" aria-label="审核状态">
          {SUBMISSION_STATUSES.map((key) => (
            <Link
              key={key}
              to={{ search: searchFor({ status: key }) }}
              className={`rv-filter__link${key === status ? ' is-active' : ''}`}
              aria-current={key === status ? 'true' : undefined}
            >
              {REVIEW_STATUS_TEXT[key]}
            </Link>
          ))}
        </nav>
      </div>

      {shownOutcome && (
        <div ref={noticeRef} className="rv-notice" role="status" tabIndex={-1}>
          <span>{shownOutcome.text}</span>
          {shownOutcome.view && <Link to={shownOutcome.view.to}>{shownOutcome.view.label}</Link>}
          <button type="button" className="rv-notice__close" aria-label="关闭提示" onClick={() => setOutcome(undefined)}>
            ×
          </button>
        </div>
      )}

      {view === 'contributions' ? (
        <ReviewList
          key={filter}
          query={contributions}
          {...listProps}
          renderItem={(item) => <ReviewContributionEntry key={item.id} item={item} onReviewed={onReviewed} />}
        />
      ) : (
        <ReviewList
          key={filter}
          query={videos}
          {...listProps}
          renderItem={(item) => <ReviewVideoEntry key={item.id} item={item} onReviewed={onReviewed} />}
        />
      )}
    </div>
  )
}
