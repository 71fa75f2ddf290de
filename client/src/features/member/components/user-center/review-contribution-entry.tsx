import { useState } from 'react'
import { RichText } from '../../../../components/ui/rich-text'
import { paths } from '../../../../config/paths'
import { mediaUrl } from '../../../../lib/api-client'
import { showToast } from '../../../../lib/toast'
import { useReviewContribution, type ContributionVerdict, type ReviewContributionItem } from '../../api/review'
import type { ContributionKind } from '../../types'
import { ReviewActions } from './review-actions'
import { authorText, ReviewItem, type ReviewOutcome } from './review-item'

// A viewpoint is published as an article, an activity on the schooling (教学活动) list.
export const publishedPath = (kind: ContributionKind, id: number) =>
  kind === 'activity' ? paths.schoolingDetail(id) : paths.articleDetail(id)

const formatSize = (bytes = 0) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`

function ContributionPreview({ item }: { item: ReviewContributionItem }) {
  return (
    <>
      <RichText html={item.content} className="rv-item__content" />
      {item.attachments.length > 0 && (
        <section className="uc-contribution__files" aria-label="附件">
          <h4>附件（{item.attachments.length}）</h4>
          <ul>
            {item.attachments.map((file) => (
              <li key={file.id}>
                {file.kind === 'image' ? (
                  <a href={mediaUrl(file.url)} target="_blank" rel="noopener noreferrer" className="uc-contribution__thumb">
                    <img src={mediaUrl(file.url)} alt={file.name || '投稿图片'} loading="lazy" />
                  </a>
                ) : (
                  <a
                    className="rv-file"
                    href={mediaUrl(file.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    download={file.name || undefined}
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                      <path
                        d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.6"
                        strokeLinejoin="round"
                      />
                    </svg>
                    {file.name || '附件'}（{formatSize(file.size)}）
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** A contribution under review; approving publishes it as an article or a teaching activity. */
export function ReviewContributionEntry({
  item,
  onReviewed,
}: {
  item: ReviewContributionItem
  onReviewed: (outcome: ReviewOutcome) => void
}) {
  const mutation = useReviewContribution()
  // The list refetches after a decision; until it has, the row shows the verdict instead of the buttons.
  const [verdict, setVerdict] = useState<ContributionVerdict>()
  const status = verdict?.status ?? item.status
  const publishedId = verdict ? verdict.publishedId : item.publishedId
  const view = publishedId ? { to: publishedPath(item.kind, publishedId), label: '查看' } : undefined

  const decide = async (approve: boolean, note?: string) => {
    try {
      const result = await mutation.mutateAsync({ id: item.id, approve, note })
      setVerdict(result)
      showToast(approve ? '审核通过，已发布' : '已驳回', 'success')
      const published = result.publishedId ? { to: publishedPath(item.kind, result.publishedId), label: '查看发布的文章' } : undefined
      onReviewed({ text: approve ? `「${item.title}」已通过审核并发布` : `「${item.title}」已驳回`, view: published })
    } catch {
      // The API client has already shown the server's message, and the list is refreshing.
    }
  }

  return (
    <ReviewItem
      title={item.title}
      status={status}
      statusText={verdict?.statusText ?? item.statusText}
      tag={item.kindText || (item.kind === 'activity' ? '教学活动' : '学术观点')}
      meta={<span>投稿人：{authorText(item.member)}</span>}
      createdAt={item.createdAt}
      reviewedAt={item.reviewedAt}
      reviewNote={item.reviewNote}
      previewLabel="预览投稿"
      renderPreview={() => <ContributionPreview item={item} />}
      view={view}
      actions={
        status === 'pending' && (
          <ReviewActions
            title={item.title}
            approveHint="通过后将立即公开发布。"
            isBusy={mutation.isPending}
            onApprove={() => void decide(true)}
            onReject={(note) => void decide(false, note)}
          />
        )
      }
    />
  )
}
