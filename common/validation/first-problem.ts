import type { z } from 'zod'

/**
 * The message of the first issue `schema` finds in `value`, or null when it passes. Forms show one
 * problem per field, and the API answers with the first issue too, so both read the same words.
 */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
