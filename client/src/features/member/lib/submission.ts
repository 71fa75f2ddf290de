import { paths } from '../../../config/paths'
import type { ContributionKind } from '../types'

// The member's words for a submission's state and kind; the server sends the same (common/rules).
export { CONTRIBUTION_KIND_TEXT, CONTRIBUTION_KINDS, SUBMISSION_STATUS_TEXT } from '../../../../../common/rules'

/** Where an approved contribution is published: a viewpoint as an article, an activity on the schooling (教学活动) list. */
export const publishedPath = (kind: ContributionKind, id: number) =>
  kind === 'activity' ? paths.schoolingDetail(id) : paths.articleDetail(id)
