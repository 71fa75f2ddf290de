import { useState } from 'react'
import { paths } from '../../../config/paths'
import { VideoPlayer } from '../../../components/video'
import { mediaUrl } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { useReviewVideo, type ReviewVideoItem, type VideoVerdict } from '../api/review'
import { authorText, ReviewItem, type ReviewOutcome } from './review-item'

function VideoPreview({ item }: { item: ReviewVideoItem }) {
  return (
    <div className="rv-video">
      {/* Nothing is fetched until the editor presses play; the cover stands in meanwhile. The streaming
          copy plays once transcoded, the uploaded file until then. */}
      <VideoPlayer
        className="rv-video__player"
        title={item.title}
        stream={item.stream}
        original={item.videoUrl}
        poster={item.cover_img || undefined}
        preload="none"
      />
      <div className="rv-video__info">
        {item.intro ? <p className="rv-video__intro">{item.intro}</p> : <p className="rv-video__intro is-empty">（未填写简介）</p>}
        <a href={mediaUrl(item.videoUrl)} target="_blank" rel="noopener noreferrer">
          在新窗口打开视频文件
        </a>
      </div>
    </div>
  )
}

/** A teacher video a member uploaded; approving shows it on the teacher's page. */
export function ReviewVideoEntry({ item, onReviewed }: { item: ReviewVideoItem; onReviewed: (outcome: ReviewOutcome) => void }) {
  const mutation = useReviewVideo()
  const [verdict, setVerdict] = useState<VideoVerdict>()
  const status = verdict?.status ?? item.status
  const view = status === 'approved' ? { to: paths.teacherVideo(item.id), label: '查看' } : undefined

  const decide = async (approve: boolean, note?: string) => {
    try {
      const result = await mutation.mutateAsync({ id: item.id, approve, note })
      setVerdict(result)
      showToast(approve ? '审核通过，已发布' : '已驳回', 'success')
      onReviewed({
        text: approve ? `视频「${item.title}」已通过审核并发布` : `视频「${item.title}」已驳回`,
        view: approve ? { to: paths.teacherVideo(item.id), label: '查看视频' } : undefined,
      })
    } catch {
      // The API client has already shown the server's message, and the list is refreshing.
    }
  }

  return (
    <ReviewItem
      title={item.title}
      status={status}
      statusText={verdict?.statusText ?? item.statusText}
      tag="名师视频"
      meta={
        <>
          <span>名师：{item.teacher.name}</span>
          <span>上传人：{authorText(item.member)}</span>
        </>
      }
      createdAt={item.createdAt}
      reviewedAt={item.reviewedAt}
      reviewNote={item.reviewNote}
      thumb={
        <span className="rv-item__thumb">
          {item.cover_img ? (
            <img src={mediaUrl(item.cover_img)} alt={`${item.title}的封面`} loading="lazy" />
          ) : (
            <span aria-hidden="true">▶</span>
          )}
        </span>
      }
      previewLabel="预览视频"
      renderPreview={() => <VideoPreview item={item} />}
      view={view}
      decision={{
        approveHint: '通过后视频将在名师页面公开展示。',
        isBusy: mutation.isPending,
        onDecide: (approve, note) => void decide(approve, note),
      }}
    />
  )
}
