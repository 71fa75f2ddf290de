import { paths } from '../../../config/paths'
import type { ContributionKind, ContributionStatus } from '../types'

/** How a member reads the review state of a submission (article or video); the server sends the same words. */
export const SUBMISSION_STATUS_TEXT: Record<ContributionStatus, string> = { pending: '待审核', approved: '已通过', rejected: '未通过' }

export const CONTRIBUTION_KIND_TEXT: Record<ContributionKind, string> = { viewpoint: '学术观点', activity: '教学活动' }

/** Where an approved contribution is published: a viewpoint as an article, an activity on the schooling (教学活动) list. */
export const publishedPath = (kind: ContributionKind, id: number) =>
  kind === 'activity' ? paths.schoolingDetail(id) : paths.articleDetail(id)
