import { z } from 'zod'
import { SUBMISSION_STATUSES, submissionStatusSchema, type SubmissionStatus } from '../../../common/rules'
import { pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'

export const REVIEW_STATUSES = SUBMISSION_STATUSES
export type ReviewStatus = SubmissionStatus

export const reviewQueueSchema = z.object({
  ...pageFields(10),
  status: submissionStatusSchema.default('pending'),
})
export type ReviewQueueInput = z.infer<typeof reviewQueueSchema>

export const reviewDecisionSchema = z
  .object({
    id: idField('ID'),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    note: z.string({ error: '审核意见格式不正确' }).trim().max(200, '审核意见最多 200 字').default(''),
  })
  // A rejection tells the member why.
  .refine((input) => input.approve || input.note !== '', { message: '请填写驳回原因', path: ['note'] })
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>
