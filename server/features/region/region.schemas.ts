import { z } from 'zod'

// Codes are 6-digit strings; older clients may send them as numbers.
const regionCode = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: '地区编码格式不正确' })
    .trim()
    .regex(/^\d{6}$/, { error: '地区编码格式不正确' }),
)

// No code (or an empty one, the Member columns' default) asks for the provinces.
export const regionChildrenSchema = z.object({
  code: z.preprocess((v) => (v === null || v === '' ? undefined : v), regionCode.optional()),
})
export type RegionChildrenInput = z.infer<typeof regionChildrenSchema>

export const regionPathSchema = z.object({ code: z.preprocess((v) => v ?? '', regionCode) })
export type RegionPathInput = z.infer<typeof regionPathSchema>
