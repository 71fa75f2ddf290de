import { z } from 'zod'

/** The largest id the database's 32-bit integer columns hold. */
const MAX_ID = 2_147_483_647

/**
 * A number, or a string holding one (old clients send ids and pages as strings). Anything else
 * (an object, an array, a boolean) is refused before Number() could call into it.
 */
export const numeric = (message: string) =>
  z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .trim()
          .regex(/^[+-]?\d+(\.\d+)?$/, { error: message }),
      ],
      { error: message },
    )
    .transform(Number)

/** A positive integer id. */
export const idField = (label = 'ID') => {
  const message = `${label}格式不正确`
  return numeric(message).pipe(z.number().int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }))
}

export const idSchema = z.object({ id: idField() })
export type IdInput = z.infer<typeof idSchema>

/** Actions without a payload: whatever fields come along are ignored. */
export const emptySchema = z.object({}).passthrough()
