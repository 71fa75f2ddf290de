import { z } from 'zod'

/** A positive integer id; the old client sends ids as strings, so coerce. */
export const idField = (label = 'ID') =>
  z.coerce
    .number({ error: `${label}格式不正确` })
    .int({ error: `${label}格式不正确` })
    .positive({ error: `${label}格式不正确` })

export const idSchema = z.object({ id: idField() })
export type IdInput = z.infer<typeof idSchema>

export const emptySchema = z.object({}).passthrough()

/** Mainland mobile number: 11 digits starting with 1[3-9]. */
export const phoneField = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '请输入正确的手机号' })
