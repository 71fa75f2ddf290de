// Review states of member submissions (contributions and teacher videos) and how each side reads them.
import { z } from '../validation/z'

/** `withdrawn`: published once, then taken down by staff with a reason the member reads. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]

/** The member's words for their own submission: a rejection reads 未通过. */
export const SUBMISSION_STATUS_TEXT: Readonly<Record<SubmissionStatus, string>> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
  withdrawn: '已下架',
}

/** The editors' words in the review queue: rejecting is their decision, so 已驳回. */
export const REVIEW_STATUS_TEXT: Readonly<Record<SubmissionStatus, string>> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已下架',
}

/** What the member's note beside a submission is, by its state: a takedown says why it came down. */
export const SUBMISSION_NOTE_LABEL: Readonly<Record<SubmissionStatus, string>> = {
  pending: '审核意见',
  approved: '审核意见',
  rejected: '审核意见',
  withdrawn: '下架原因',
}

/** The editors' words for the same note. */
export const REVIEW_NOTE_LABEL: Readonly<Record<SubmissionStatus, string>> = {
  pending: '审核意见',
  approved: '审核意见',
  rejected: '驳回原因',
  withdrawn: '下架原因',
}

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus => SUBMISSION_STATUSES.some((status) => status === value)

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES, { error: '审核状态应为 pending、approved、rejected 或 withdrawn' })

/** The label of a stored value (the database holds plain strings); an unknown value shows as itself. */
export const labelOf = (labels: Readonly<Record<string, string>>, value: string) => labels[value] ?? value
