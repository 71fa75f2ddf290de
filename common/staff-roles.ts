// Who on the staff may do what, read by the server (each action's declared access) and the console
// (which menu entries, buttons and bulk actions to show), so the two never disagree.
import { ROLE_LABELS, type MemberRole } from './rules/roles'

export const STAFF_ROLES = ['admin', 'editor', 'reviewer', 'publisher', 'sales'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const isStaffRole = (value: string | null | undefined): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value ?? '')

export const STAFF_ROLE_LABELS = Object.fromEntries(STAFF_ROLES.map((role) => [role, ROLE_LABELS[role]])) as Record<StaffRole, string>

/** What each role is for, shown where an admin picks one. */
export const STAFF_ROLE_DUTIES: Record<StaffRole, string> = {
  admin: '全部权限：员工、会员、网站设置、操作日志、导入导出',
  editor: '新建和修改内容、审核投稿；不能发布、下线、定时或删除，不能删除媒体',
  reviewer: '审核投稿和会员视频；不能修改内容',
  publisher: '修改、发布、下线、定时发布和删除内容',
  sales: '处理名师预约：跟进、报价、确认档期、导出；不能修改内容',
}

/** Every staff member: the dashboard. */
export const EVERY_STAFF: readonly StaffRole[] = STAFF_ROLES
/** Who reads and edits content (lists, forms, saves, sort, history, restore, preview) and uploads media. */
export const CONTENT_EDITORS: readonly StaffRole[] = ['admin', 'editor', 'publisher']
/** Who changes what the public sees: publish, take down, schedule, bulk publish and take-down. */
export const PUBLISHERS: readonly StaffRole[] = ['admin', 'publisher']
/** Who deletes content and media (editors never do: a deleted row or file in use cannot come back). */
export const DELETERS: readonly StaffRole[] = ['admin', 'publisher']
/** Who reviews contributions and member videos (the review queues). */
export const REVIEWERS: readonly StaffRole[] = ['admin', 'editor', 'reviewer']
/** Who works booking requests (预约管理): the pipeline, follow-ups, the calendar, the numbers and export. */
export const BOOKING_HANDLERS: readonly StaffRole[] = ['admin', 'sales']
/** Admins only: staff, members, settings, sensitive words, the audit log, export and import. */
export const ADMINS: readonly StaffRole[] = ['admin']

export const mayDo = (role: MemberRole | string | null | undefined, roles: readonly StaffRole[]): boolean =>
  isStaffRole(role) && roles.includes(role)
