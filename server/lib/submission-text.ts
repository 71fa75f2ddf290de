// Submission wording now lives in common/rules (the client reads the same words). These aliases keep
// the services compiling until they import from there; the wider types let them index with Prisma's
// plain `string` status and kind.
import {
  CONTRIBUTION_KIND_TEXT as KIND_TEXT,
  REVIEW_STATUS_TEXT as EDITOR_STATUS_TEXT,
  SUBMISSION_STATUS_TEXT as MEMBER_STATUS_TEXT,
} from '../../common/rules'

/** The member's words (未通过 for a rejection). */
export const SUBMISSION_STATUS_TEXT: Readonly<Record<string, string>> = MEMBER_STATUS_TEXT

/** The editors' words (已驳回 for a rejection). */
export const REVIEW_STATUS_TEXT: Readonly<Record<string, string>> = EDITOR_STATUS_TEXT

export const CONTRIBUTION_KIND_TEXT: Readonly<Record<string, string>> = KIND_TEXT
