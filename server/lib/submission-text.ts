// How members read what they submitted (contributions, teacher videos): one wording for both.
// Editors see 已驳回 instead of 未通过 (server/features/review/review.service.ts).

export const SUBMISSION_STATUS_TEXT: Record<string, string> = { pending: '待审核', approved: '已通过', rejected: '未通过' }

export const CONTRIBUTION_KIND_TEXT: Record<string, string> = { viewpoint: '学术观点', activity: '教学活动' }
