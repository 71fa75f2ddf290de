import { z } from 'zod'
import { idField } from '../../lib/schemas'

export const previewLinkSchema = z.object({
  entity: z.string({ error: '请指定内容类型' }).trim().min(1, { error: '请指定内容类型' }).max(40, { error: '未知的内容类型' }),
  id: idField(),
  /** A link to the draft of the item's next version rather than to the item as it is. */
  draft: z.boolean({ error: 'draft 应为 true 或 false' }).optional().default(false),
})
export type PreviewLinkInput = z.infer<typeof previewLinkSchema>
