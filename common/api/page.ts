// The {list, total, page, limit} shape every list action answers with (server/lib/pagination.ts).
import { z } from '../validation/z'

export type Page<T> = { list: T[]; total: number; page: number; limit: number }

/** A page's fields around an item schema, for replies that add their own next to them. */
export const pageFields = <T extends z.ZodType>(item: T) => ({
  list: z.array(item),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject(pageFields(item))
