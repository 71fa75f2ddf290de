import { z } from 'zod'

export const MAX_PAGE_SIZE = 50

// Lenient by design: page 0, negative or junk pages fall back to 1 and huge limits are capped,
// so a hand-edited URL never turns into an error page.
const pageNumber = z.preprocess((v) => {
  const n = Math.trunc(Number(v))
  return Number.isFinite(n) && n >= 1 ? n : 1
}, z.number().int())

export const limitOf = (fallback: number) =>
  z.preprocess((v) => {
    const n = Math.trunc(Number(v ?? fallback))
    if (!Number.isFinite(n) || n < 1) return fallback
    return Math.min(n, MAX_PAGE_SIZE)
  }, z.number().int())

/** `page`/`limit` for every list action; spread into a z.object. */
export const pageFields = (defaultLimit = 12) => ({ page: pageNumber.default(1), limit: limitOf(defaultLimit).default(defaultLimit) })

export type PageInput = { page: number; limit: number }
export type Page<T> = { list: T[]; total: number; page: number; limit: number }

export const skipTake = ({ page, limit }: PageInput) => ({ skip: (page - 1) * limit, take: limit })

export const toPage = <T>(list: T[], total: number, { page, limit }: PageInput): Page<T> => ({ list, total, page, limit })
