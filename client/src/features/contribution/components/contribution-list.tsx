import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Modal } from '../../../components/layout/modal'
import { Pagination } from '../../../components/ui/pagination'
import { RichText } from '../../../components/ui/rich-text'
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { paths, USER_TABS } from '../../../config/paths'
import { formatDate } from '../../../lib/date'
import { SUBMISSION_NOTE_LABEL } from '../../../../../common/rules'
import { VideoList, VideoSubTabs } from '../../upload'
import { useContribution } from '../api/get-contribution'
import { useMyContribution } from '../api/get-my-contribution'
import { CONTRIBUTION_KIND_TEXT, publishedPath, SUBMISSION_STATUS_TEXT } from '../lib/submission'
import type { ContributionStatus, ContributionSummary } from '../types'
import { AttachmentList } from './attachment-list'

const PAGE_SIZE = 10

function StatusBadge({ status }: { status: ContributionStatus }) {
  return <span className={`uc-status uc-status--${status}`}>{SUBMISSION_STATUS_TEXT[status] ?? status}</span>
}

/** The full contribution: content as the server sanitized it, attachments and the review note. */
function ContributionDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useContribution(id)
  const data = detail.data
  return (
    <Modal title={data?.title ?? '投稿详情'} size="large" onClose={onClose}>
      {detail.isPending && <PageSpinner />}
      {detail.isError && <ErrorState message={detail.error.message} onRetry={() => detail.refetch()} />}
      {data && (
        <article className="uc-contribution">
          <p className="uc-contribution__meta">
            <span>{data.kindText ?? CONTRIBUTION_KIND_TEXT[data.kind]}</span>
            <span>投稿于 {formatDate(data.createdAt)}</span>
            <StatusBadge status={data.status} />
          </p>
          {data.reviewNote && (
            <p className={`uc-contribution__note uc-contribution__note--${data.status}`}>
              <strong>{SUBMISSION_NOTE_LABEL[data.status] ?? '审核意见'}：</strong>
              {data.reviewNote}
            </p>
          )}
          <RichText html={data.content} className="uc-contribution__content" />
          <AttachmentList attachments={data.attachments} />
          {data.publishedId && (
            <p>
              <Link to={publishedPath(data.kind, data.publishedId)}>查看已发布的文章 →</Link>
            </p>
          )}
        </article>
      )}
    </Modal>
  )
}

/** Tab 6 我的投稿: articles (文章) or, with ?list=video, lecture videos (视频), each with its review state. */
export function ContributionList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const [search] = useSearchParams()
  const isVideo = search.get('list') === 'video'
  return (
    <>
      <VideoSubTabs
        label="投稿分类"
        current={isVideo ? 'video' : 'article'}
        items={[
          { value: 'article', label: '文章', to: paths.user(USER_TABS.contributions) },
          { value: 'video', label: '视频', to: `${paths.user(USER_TABS.contributions)}&list=video` },
        ]}
      />
      {isVideo ? <VideoList page={page} onPageChange={onPageChange} /> : <ArticleList page={page} onPageChange={onPageChange} />}
    </>
  )
}

/** 文章: the member's contributions with their review status; a row opens the full text. */
function ArticleList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useMyContribution({ page, limit: PAGE_SIZE })
  const [openId, setOpenId] = useState<number | null>(null)

  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { list, total, limit } = query.data
  if (list.length === 0)
    return (
      <div className="uc-empty">
        <EmptyState text="您还没有投稿" />
        <Link className="btn" to={paths.user(USER_TABS.contribute)}>
          我要投稿
        </Link>
      </div>
    )

  return (
    <>
      <ul className="uc-contributions">
        {list.map((item: ContributionSummary) => (
          <li key={item.id}>
            <button type="button" className="uc-contributions__item" onClick={() => setOpenId(item.id)}>
              <span className="uc-contributions__main">
                <strong className="line-clamp-1">{item.title}</strong>
                <span className="uc-contributions__meta">
                  <span className="uc-tag">{item.kindText ?? CONTRIBUTION_KIND_TEXT[item.kind]}</span>
                  <span>{formatDate(item.createdAt)}</span>
                </span>
                {item.reviewNote && (
                  <span className="uc-contributions__note line-clamp-1">
                    {`${SUBMISSION_NOTE_LABEL[item.status] ?? '审核意见'}：${item.reviewNote}`}
                  </span>
                )}
              </span>
              <StatusBadge status={item.status} />
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={total} limit={limit} onChange={onPageChange} />
      {openId !== null && <ContributionDialog id={openId} onClose={() => setOpenId(null)} />}
    </>
  )
}
