import { z } from 'zod'
import { adminPageFields } from '../content.schemas'

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const

export const jobListSchema = z.object({
  ...adminPageFields,
  state: z.enum(JOB_STATES, { error: '任务状态应为 queued、running、done 或 failed' }).optional(),
})
export type JobListInput = z.infer<typeof jobListSchema>
