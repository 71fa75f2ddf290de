import { z } from 'zod'
import { SENSITIVE_WORD_MAX, sensitiveModeSchema, sensitiveSourceSchema } from '../../../../common/rules'
import { idField } from '../../../lib/schemas'
import { adminPageFields } from '../content.schemas'

export const sensitiveWordListSchema = z.object({ ...adminPageFields, mode: sensitiveModeSchema.optional() })
export type SensitiveWordListInput = z.infer<typeof sensitiveWordListSchema>

export const sensitiveWordSaveSchema = z.object({
  id: idField().optional(),
  word: z
    .string({ error: '请输入敏感词' })
    .trim()
    .min(1, { error: '请输入敏感词' })
    .max(SENSITIVE_WORD_MAX, { error: `敏感词最多 ${SENSITIVE_WORD_MAX} 个字` })
    // Matched within running text: a space or line break would only ever make it miss.
    .refine((word) => !/\s/.test(word), { error: '敏感词不能包含空格或换行' }),
  mode: sensitiveModeSchema.default('block'),
})
export type SensitiveWordSaveInput = z.infer<typeof sensitiveWordSaveSchema>

export const sensitiveHitListSchema = z.object({
  ...adminPageFields,
  source: sensitiveSourceSchema.optional(),
  memberId: idField('会员 ID').optional(),
})
export type SensitiveHitListInput = z.infer<typeof sensitiveHitListSchema>
