import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { CommentItem, CommentReply, OwnPendingComment } from '../../../../../common/api/comment'
import type { CommentTarget } from '../../../../../common/notifications'
import { DetailSection } from '../../../components/content/detail-section'
import { confirmDialog } from '../../../components/layout/confirm-dialog'
import { Pagination } from '../../../components/ui/pagination'
import { EmptyState, ErrorState } from '../../../components/ui/states'
import { formatDateTime } from '../../../lib/date'
import { showToast } from '../../../lib/toast'
import { loginPath, useSession } from '../../member'
import { addComment, deleteComment, reportComment, type AddCommentInput } from '../api/comment-writes'
import { commentKeys, COMMENTS_PER_PAGE, useCommentList } from '../api/get-comment-list'
import { CommentForm } from './comment-form'
import { CommentText } from './comment-text'
import { ReportDialog } from './report-dialog'
import './comment-section.css'

type Target = { id: number; nickname: string }

/** Shown only to its author, on their own comments still held for review. */
function PendingTag() {
  return (
    <span className="comment__tag" title="仅你自己可见，审核通过后对所有人展示">
      审核中
    </span>
  )
}

/** The author's own comment held for review: its text, the 审核中 tag and 删除, never 回复 or 举报. */
function PendingComment({ item, isReply, onDelete }: { item: OwnPendingComment; isReply?: boolean; onDelete: (id: number) => void }) {
  return (
    <li className={`comment comment--pending${isReply ? ' comment--reply' : ''}`}>
      <Avatar nickname={item.author.nickname} />
      <div className="comment__main">
        <div className="comment__head">
          <span className="comment__author">{item.author.nickname}</span>
          {item.replyTo && (
            <span className="comment__reply-to">
              回复 <span className="comment__author">@{item.replyTo.nickname}</span>
            </span>
          )}
          <PendingTag />
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </div>
        <CommentText text={item.content} />
        <div className="comment__actions">
          <button type="button" onClick={() => onDelete(item.id)}>
            删除
          </button>
        </div>
      </div>
    </li>
  )
}

function Avatar({ nickname }: { nickname: string }) {
  return (
    <span className="comment__avatar" aria-hidden="true">
      {Array.from(nickname)[0] ?? '?'}
    </span>
  )
}

/** 评论: the comments of one published item, the write box, replies one level deep, delete own, report. */
export function CommentSection({ entity, recordId }: { entity: CommentTarget; recordId: number }) {
  const session = useSession()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [replyTo, setReplyTo] = useState<{ topId: number; target: Target } | null>(null)
  const [reporting, setReporting] = useState<number | null>(null)
  const [pendingNote, setPendingNote] = useState('')
  const comments = useCommentList({ entity, recordId, page })
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.all })

  const add = useMutation({
    mutationFn: (input: AddCommentInput) => addComment(input),
    onSuccess: (result) => {
      if (result.status === 'pending') setPendingNote(result.message)
      else {
        setPendingNote('')
        showToast(result.message, 'success')
      }
      setReplyTo(null)
      void refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => {
      showToast('评论已删除', 'success')
      void refresh()
    },
  })
  const report = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reportComment(id, reason),
    onSuccess: (result) => {
      showToast(result.message, 'success')
      setReporting(null)
    },
    // Already reported, or gone meanwhile: the API client shows why.
    onError: () => setReporting(null),
  })

  const write = async (content: string, parentId?: number) => {
    try {
      await add.mutateAsync({ entity, recordId, content, parentId })
      if (!parentId) setPage(1)
      return true
    } catch {
      // The API client has shown the server's message; the text stays for another try.
      return false
    }
  }
  const askDelete = async (id: number) => {
    if (await confirmDialog({ title: '删除评论', message: '确定删除这条评论吗？其下的回复也会一并删除。', confirmText: '删除' }))
      remove.mutate(id)
  }

  const data = comments.data
  const own = new Set(data?.ownIds ?? [])
  // The viewer's own held comments (only they receive them): top-level ones above the first page, replies under theirs.
  const pending = data?.ownPending ?? []
  const pendingTop = page === 1 ? pending.filter((item) => item.parentId === null) : []
  const pendingReplies = (topId: number) => pending.filter((item) => item.parentId === topId).reverse()
  const onDelete = (id: number) => void askDelete(id)
  const login = loginPath(`${location.pathname}${location.search}`)

  const actions = (item: CommentItem | CommentReply, topId: number) => (
    <div className="comment__actions">
      {session && (
        <button type="button" onClick={() => setReplyTo({ topId, target: { id: item.id, nickname: item.author.nickname } })}>
          回复
        </button>
      )}
      {own.has(item.id) ? (
        <button type="button" onClick={() => void askDelete(item.id)}>
          删除
        </button>
      ) : (
        session && (
          <button type="button" onClick={() => setReporting(item.id)}>
            举报
          </button>
        )
      )}
    </div>
  )

  return (
    <DetailSection id="comments" title="评论" extra={data ? <span className="list-head__count">共 {data.count} 条</span> : undefined}>
      {session ? (
        <CommentForm
          placeholder="写下你的评论，友善交流"
          submitText="发表评论"
          isPending={add.isPending && !replyTo}
          onSubmit={(content) => write(content)}
        />
      ) : (
        <p className="comment-login">
          <Link to={login} className="btn btn--ghost">
            登录
          </Link>
          <span>登录后参与评论</span>
        </p>
      )}
      {pendingNote && (
        <p className="comment-pending" role="status">
          {pendingNote}
        </p>
      )}
      {comments.isError && !data ? (
        <ErrorState message={comments.error.message} onRetry={() => void comments.refetch()} />
      ) : !data ? (
        <EmptyState text="评论加载中…" />
      ) : data.list.length === 0 && pendingTop.length === 0 ? (
        <EmptyState text="暂无评论，快来发表第一条评论吧" />
      ) : (
        <ol className="comment-list">
          {pendingTop.map((item) => (
            <PendingComment key={item.id} item={item} onDelete={onDelete} />
          ))}
          {data.list.map((item) => (
            <li key={item.id} className="comment">
              <Avatar nickname={item.author.nickname} />
              <div className="comment__main">
                <div className="comment__head">
                  <span className="comment__author">{item.author.nickname}</span>
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </div>
                <CommentText text={item.content} />
                {actions(item, item.id)}
                {item.replies.length + pendingReplies(item.id).length > 0 && (
                  <ol className="comment-replies">
                    {item.replies.map((reply) => (
                      <li key={reply.id} className="comment comment--reply">
                        <Avatar nickname={reply.author.nickname} />
                        <div className="comment__main">
                          <div className="comment__head">
                            <span className="comment__author">{reply.author.nickname}</span>
                            {reply.replyTo && (
                              <span className="comment__reply-to">
                                回复 <span className="comment__author">@{reply.replyTo.nickname}</span>
                              </span>
                            )}
                            <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                          </div>
                          <CommentText text={reply.content} />
                          {actions(reply, item.id)}
                        </div>
                      </li>
                    ))}
                    {pendingReplies(item.id).map((reply) => (
                      <PendingComment key={reply.id} item={reply} isReply onDelete={onDelete} />
                    ))}
                    {item.replyCount > item.replies.length && (
                      <li className="comment-replies__more">
                        共 {item.replyCount} 条回复，仅显示前 {item.replies.length} 条
                      </li>
                    )}
                  </ol>
                )}
                {replyTo?.topId === item.id && (
                  <CommentForm
                    key={replyTo.target.id}
                    placeholder={`回复 @${replyTo.target.nickname}`}
                    submitText="回复"
                    autoFocus
                    isPending={add.isPending}
                    onSubmit={(content) => write(content, replyTo.target.id)}
                    onCancel={() => setReplyTo(null)}
                  />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {data && <Pagination page={page} total={data.total} limit={COMMENTS_PER_PAGE} onChange={setPage} />}
      {reporting !== null && (
        <ReportDialog
          isPending={report.isPending}
          onClose={() => setReporting(null)}
          onSubmit={(reason) => report.mutate({ id: reporting, reason })}
        />
      )}
    </DetailSection>
  )
}
