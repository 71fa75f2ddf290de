// Response shapes of the contribution actions (server/features/member/contribution.service.ts, docs/API.md).
import type { ContributionKind, SubmissionStatus } from '../../../../common/rules'
import type { Attachment } from '../upload'

export type { ContributionKind }
/** A contribution's or a video's review state. */
export type ContributionStatus = SubmissionStatus

export type ContributionSummary = {
  id: number
  title: string
  kind: ContributionKind
  kindText?: string
  status: ContributionStatus
  statusText?: string
  reviewNote: string
  reviewedAt?: string | null
  createdAt: string
}

export type ContributionDetail = ContributionSummary & { content: string; attachments: Attachment[]; publishedId?: number | null }

/** A published contribution as Member/myRelease lists it: the Viewpoint or Activity it became. */
export type ReleaseSummary = {
  /** The published article's (viewpoint) or activity's id. */
  id: number
  kind: ContributionKind
  kindText?: string
  title: string
  cover_img: string
  intro: string
  views: number
  contributionId: number
  publishedAt: string
}
