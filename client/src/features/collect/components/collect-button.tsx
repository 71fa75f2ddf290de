import { cancelCollectItem, collectItem, type CollectKind } from '../api/collect-item'
import { memberKeys } from '../../member'
import { collectKeys } from '../api/keys'
import { MembershipToggle } from './membership-toggle'

const starIcon = (
  <svg viewBox="0 0 16 16" fill="currentColor">
    <path d="M8 1.2l2.05 4.3 4.7.6-3.45 3.25.88 4.65L8 11.73 3.82 14l.88-4.65L1.25 6.1l4.7-.6z" />
  </svg>
)

/** 收藏 / 已收藏 on a course or special topic; visitors are sent to log in and brought back. */
export function CollectButton({
  kind,
  id,
  initialCollected,
  small = false,
}: {
  kind: CollectKind
  id: number
  initialCollected: boolean
  small?: boolean
}) {
  return (
    <MembershipToggle
      initialActive={initialCollected}
      request={(active) => (active ? collectItem(kind, id) : cancelCollectItem(kind, id))}
      invalidate={[kind === 'course' ? collectKeys.courseCollect() : collectKeys.specialCollect(), memberKeys.navigation()]}
      markStale={[[kind, kind === 'course' ? 'courseDetails' : 'specialDetails']]}
      labels={{ idle: '收藏', active: '已收藏', remove: '取消收藏', added: '收藏成功', removed: '已取消收藏' }}
      icon={starIcon}
      className={small ? 'membership-toggle--small' : ''}
    />
  )
}
