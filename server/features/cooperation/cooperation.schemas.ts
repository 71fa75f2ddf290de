import { z } from 'zod'
import { pageFields } from '../../lib/pagination'
import { numeric } from '../../lib/schemas'

// The five fixed cooperation types of the specification: 专题培训, 干部讲座, 政策解读, 战略咨询, 高端会议.
export const COOPERATION_TYPE_IDS = [1, 2, 3, 4, 5] as const
const cooperationTypeField = numeric('合作类型不存在').pipe(
  z
    .number()
    .int({ error: '合作类型不存在' })
    .min(1, { error: '合作类型不存在' })
    .max(COOPERATION_TYPE_IDS.length, { error: '合作类型不存在' }),
)

export const cooperationListSchema = z.object({ ...pageFields(10), type: cooperationTypeField })
export type CooperationListInput = z.infer<typeof cooperationListSchema>

export const cooperationTypeSchema = z.object({ id: cooperationTypeField })
