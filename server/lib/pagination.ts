import { numeric } from './schemas'

export const MAX_PAGE_SIZE = 50
/** Past this page every list is empty anyway; the cap keeps the row offset a safe integer. */
const MAX_PAGE = 100_000

// Lenient about range by design: page 0, negative or huge pages fall back to 1 or the last
// allowed page and huge limits are capped, so a hand-edited URL never turns into an error page.
// Only numbers or numeric strings are accepted.
const pageNumber = numeric('页码应为数字').transform((n) => {
  const page = Math.trunc(n)
  return page >= 1 ? Math.min(page, MAX_PAGE) : 1
})

export const limitOf = (fallback: number) =>
  numeric('每页条数应为数字').transform((n) => {
    const limit = Math.trunc(n)
    return limit >= 1 ? Math.min(limit, MAX_PAGE_SIZE) : fallback
  })

/** `page`/`limit` for every list action; spread into a z.object. */
export const pageFields = (defaultLimit = 12) => ({ page: pageNumber.default(1), limit: limitOf(defaultLimit).default(defaultLimit) })

export type PageInput = { page: number; limit: number }
export type Page<T> = { list: T[]; total: number; page: number; limit: number }

export const skipTake = ({ page, limit }: PageInput) => ({ skip: (page - 1) * limit, take: limit })

export const toPage = <T>(list: T[], total: number, { page, limit }: PageInput): Page<T> => ({ list, total, page, limit })
