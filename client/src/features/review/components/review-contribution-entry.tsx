import { useState } from 'react'
import { RichText } from '../../../components/ui/rich-text'
import { showToast } from '../../../lib/toast'
import { AttachmentList, publishedPath } from '../../contribution'
import { useReviewContribution, type ContributionVerdict, type ReviewContributionItem } from '../api/review'
import { authorText, ReviewItem, type ReviewOutcome } from './review-item'

function ContributionPreview({ item }: { item: ReviewContributionItem }) {
  return (
    <>
      <RichText html={item.content} className="rv-item__content" />
      <AttachmentList attachments={item.attachments} heading="h4" />
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
      decision={{
        approveHint: '通过后将立即公开发布。',
        isBusy: mutation.isPending,
        onDecide: (approve, note) => void decide(approve, note),
      }}
    />
  )
}
