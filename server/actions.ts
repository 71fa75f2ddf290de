// The registry: every API action the server answers, declared once in its feature.
import type { Action } from './lib/action'
import { aboutActions } from './features/about/about.actions'
import { adminContentActions } from './features/admin/content.actions'
import { alertChannelActions } from './features/admin/moderation/alert-channel.actions'
import { mediaLibraryActions } from './features/admin/moderation/media-library.actions'
import { jobQueueActions } from './features/admin/moderation/job-queue.actions'
import { reviewQueueActions } from './features/admin/moderation/review-queue.actions'
import { sensitiveWordActions } from './features/admin/moderation/sensitive-word.actions'
import { dashboardActions } from './features/admin/people/dashboard.actions'
import { memberAdminActions } from './features/admin/people/member-admin.actions'
import { auditActions } from './features/audit/audit.actions'
import { bookingAdminActions } from './features/booking/booking-admin.actions'
import { bookingActions } from './features/booking/booking.actions'
import { collectActions } from './features/collect/collect.actions'
import { commentActions } from './features/comment/comment.actions'
import { cooperationActions } from './features/cooperation/cooperation.actions'
import { courseActions } from './features/course/course.actions'
import { indexActions } from './features/index/index.actions'
import { lifecycleActions } from './features/lifecycle/lifecycle.actions'
import { memberActions } from './features/member/member.actions'
import { notificationActions } from './features/notification/notification.actions'
import { previewActions } from './features/preview/preview.actions'
import { regionActions } from './features/region/region.actions'
import { reviewActions } from './features/review/review.actions'
import { searchActions } from './features/search/search.actions'
import { specialActions } from './features/special/special.actions'
import { staffActions } from './features/staff/staff.actions'
import { teacherActions } from './features/teacher/teacher.actions'
import { uploadActions } from './features/upload/upload.actions'

export const actions: readonly Action[] = [
  ...indexActions,
  ...searchActions,
  ...teacherActions,
  ...courseActions,
  ...cooperationActions,
  ...bookingActions,
  ...aboutActions,
  ...specialActions,
  ...collectActions,
  ...memberActions,
  ...notificationActions,
  ...uploadActions,
  ...reviewActions,
  ...regionActions,
  ...staffActions,
  ...adminContentActions,
  ...lifecycleActions,
  ...auditActions,
  ...dashboardActions,
  ...memberAdminActions,
  ...reviewQueueActions,
  ...sensitiveWordActions,
  ...bookingAdminActions,
  ...mediaLibraryActions,
  ...jobQueueActions,
  ...alertChannelActions,
  ...previewActions,
  ...commentActions,
]
