import { paths } from '../../../config/paths'
import type { ContributionKind } from '../types'

// The member's words for a submission's state and kind; the server sends the same (common/rules).
export { CONTRIBUTION_KIND_TEXT, CONTRIBUTION_KINDS, SUBMISSION_STATUS_TEXT } from '../../../../../common/rules'

/** Where an approved contribution is published: a viewpoint at /article/detail, an activity at /schooling/detail. */
export const publishedPath = (kind: ContributionKind, id: number) =>
  kind === 'activity' ? paths.activityDetail(id) : paths.viewpointDetail(id)
