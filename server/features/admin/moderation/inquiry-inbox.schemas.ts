import { z } from 'zod'
import { inquiryStatusSchema } from '../../../../common/rules'
import { idField } from '../../../lib/schemas'
import { adminPageFields } from '../content.schemas'

export const inquiryListSchema = z.object({
  ...adminPageFields,
  status: inquiryStatusSchema.optional(),
  typeId: idField('合作类型').optional(),
  assigneeId: idField('负责人').optional(),
})
export type InquiryListInput = z.infer<typeof inquiryListSchema>

export const inquirySaveSchema = z.object({
  id: idField('咨询 ID'),
  status: inquiryStatusSchema,
  note: z.string({ error: '备注应为文字' }).trim().max(1000, { error: '备注最多 1000 个字' }).default(''),
  // null leaves it unassigned.
  assigneeId: idField('负责人').nullable().default(null),
})
export type InquirySaveInput = z.infer<typeof inquirySaveSchema>
