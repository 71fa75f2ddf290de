// Public member numbers (M + 8 digits), drawn at random so they reveal nothing about sign-up order.
import crypto from 'node:crypto'

const randomMemberNo = () => `M${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`

/** True for Prisma's unique-constraint error on `field` (an adapter that names no column counts as a match). */
export function isUniqueViolation(error: unknown, field: string): boolean {
  const { code, meta } = (error ?? {}) as { code?: string; meta?: { target?: unknown } }
  if (code !== 'P2002') return false
  const target = meta?.target
  return target === undefined || (Array.isArray(target) ? target.includes(field) : String(target).includes(field))
}

/**
 * Runs `create` with a fresh member number, drawing again on the rare collision. `onConflict` sees
 * any other unique violation first (a phone registered meanwhile) and may throw its own error.
 */
export async function withFreshMemberNo<T>(
  create: (memberNo: string) => Promise<T>,
  onConflict: (error: unknown) => Promise<void>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create(randomMemberNo())
    } catch (error) {
      await onConflict(error)
      if (!isUniqueViolation(error, 'memberNo') || attempt >= 5) throw error
    }
  }
}
