import { z } from 'zod'
import { CONTRIBUTION_KINDS, SUBMISSION_STATUSES, submissionStatusSchema, type SubmissionStatus } from '../../../common/rules'
import { pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'
import { adminPageFields } from '../admin/content.schemas'

export const REVIEW_STATUSES = SUBMISSION_STATUSES
export type ReviewStatus = SubmissionStatus

export const reviewQueueSchema = z.object({
  ...pageFields(10),
  status: submissionStatusSchema.default('pending'),
})
export type ReviewQueueInput = z.infer<typeof reviewQueueSchema>

/** The console's queues: the user centre's, plus a keyword on the title (and the kind, for contributions). */
export const adminReviewQueueSchema = z.object({
  ...adminPageFields,
  status: submissionStatusSchema.default('pending'),
  kind: z.enum(CONTRIBUTION_KINDS, { error: '投稿类型应为 viewpoint 或 activity' }).optional(),
})
export type AdminReviewQueueInput = z.infer<typeof adminReviewQueueSchema>

export const reviewDecisionSchema = z
  .object({
    id: idField('ID'),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    note: z.string({ error: '审核意见格式不正确' }).trim().max(200, '审核意见最多 200 字').default(''),
  })
  // A rejection tells the member why.
  .refine((input) => input.approve || input.note !== '', { message: '请填写驳回原因', path: ['note'] })
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>

/** Taking published member content down: the member reads the reason in 我的投稿. */
export const takedownSchema = z.object({
  id: idField('ID'),
  reason: z.string({ error: '请填写下架原因' }).trim().min(1, { error: '请填写下架原因' }).max(200, { error: '下架原因最多 200 字' }),
})
export type TakedownInput = z.infer<typeof takedownSchema>
