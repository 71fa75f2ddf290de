import { cancelFollowTeacher, followTeacher } from '../api/follow-teacher'
import { memberKeys } from '../../member'
import { collectKeys } from '../api/keys'
import { MembershipToggle } from './membership-toggle'

const plusIcon = (
  <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8">
    <circle cx="8" cy="5" r="3" />
    <path d="M2.5 14c.6-2.8 2.8-4.3 5.5-4.3M12 9.5v4.5M9.8 11.75h4.4" strokeLinecap="round" />
  </svg>
)

/** 关注 / 已关注 on a teacher; visitors are sent to log in and brought back. */
export function FollowButton({
  teacherId,
  initialFollowed,
  small = false,
}: {
  teacherId: number
  initialFollowed: boolean
  small?: boolean
}) {
  return (
    <MembershipToggle
      initialActive={initialFollowed}
      request={(active) => (active ? followTeacher(teacherId) : cancelFollowTeacher(teacherId))}
      invalidate={[collectKeys.teacherFollow(), memberKeys.navigation()]}
      markStale={[['teacher', 'teacherDetails']]}
      labels={{ idle: '关注名师', active: '已关注', remove: '取消关注', added: '关注成功', removed: '已取消关注' }}
      icon={plusIcon}
      className={small ? 'membership-toggle--small' : ''}
    />
  )
}
