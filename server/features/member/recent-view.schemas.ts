import { z } from 'zod'
import { idField } from '../../lib/schemas'
import { pageFields } from '../../lib/pagination'

export const RECENT_VIEW_ENTITIES = ['teacher', 'course', 'special'] as const

export const recentViewListSchema = z.object(pageFields(12))
export type RecentViewListInput = z.infer<typeof recentViewListSchema>

/** Clears every footprint, or the one item named by `entity` and `id` together. */
export const recentViewClearSchema = z
  .object({
    entity: z.enum(RECENT_VIEW_ENTITIES, { error: '类型应为 teacher、course 或 special' }).optional(),
    id: idField('内容 ID').optional(),
  })
  .refine((input) => (input.entity === undefined) === (input.id === undefined), { error: '请同时提供类型和 ID，或都不提供以清空全部' })
export type RecentViewClearInput = z.infer<typeof recentViewClearSchema>
