// Who a member is on the platform. Staff roles open the console: an editor keeps content and reviews
// submissions; an admin also manages members, roles and settings.
export const MEMBER_ROLES = ['member', 'editor', 'admin'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const ROLE_LABELS: Record<MemberRole, string> = { member: '会员', editor: '编辑', admin: '管理员' }

export const isMemberRole = (value: string): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value)

/** Staff review submissions (the user centre's 内容审核 tab and the Member review actions): admins and editors. */
export const canReview = (role: string | null | undefined): boolean => role === 'admin' || role === 'editor'
