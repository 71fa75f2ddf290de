// Who a member is on the platform. Staff roles open the console; what each may do there is the table
// in common/staff-roles.ts.
export const MEMBER_ROLES = ['member', 'editor', 'reviewer', 'publisher', 'sales', 'admin'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const ROLE_LABELS: Record<MemberRole, string> = {
  member: '会员',
  editor: '编辑',
  reviewer: '审核员',
  publisher: '发布员',
  sales: '商务',
  admin: '管理员',
}

export const isMemberRole = (value: string): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value)

/**
 * Staff who review submissions (the user centre's 内容审核 tab and the Member review actions); the same
 * set as REVIEWERS in common/staff-roles.ts, written out here because that module builds on this one.
 */
export const canReview = (role: string | null | undefined): boolean => role === 'admin' || role === 'editor' || role === 'reviewer'
