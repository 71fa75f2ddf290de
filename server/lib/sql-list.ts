// One page of a public list through a prepared statement (see sqlite.ts for why not Prisma):
// `LIMIT/OFFSET` over an index whose order matches `orderBy`, plus a total that is recounted
// only when content changes. Every SQL fragment comes from code, never from input.
import { cachedValue } from './content-cache'
import { skipTake, toPage, type Page, type PageInput } from './pagination'
import { prepared } from './sqlite'

export type ListQuery = {
  /** FROM clause of the page, joins included, e.g. `"Course" c LEFT JOIN "Teacher" t ON t."id" = c."teacherId"`. */
  from: string
  /** FROM clause of the count: the listed table alone, with the same alias. */
  countFrom: string
  columns: string
  /** Conditions AND-ed together, with `?` placeholders filled from `params` in order. */
  where: string[]
  params: unknown[]
  orderBy: string
}

export function listPage<Row, Item>(query: ListQuery, page: PageInput, toItem: (row: Row) => Item): Page<Item> {
  const where = query.where.length ? ` WHERE ${query.where.join(' AND ')}` : ''
  const countSql = `SELECT count(*) AS "total" FROM ${query.countFrom}${where}`
  const total = cachedValue(
    `${countSql}|${JSON.stringify(query.params)}`,
    () => prepared<unknown[], { total: number }>(countSql).get(...query.params)!.total,
  )
  const { skip, take } = skipTake(page)
  // The page is always read, so a total that lags a write by up to a second never hides rows.
  const rows = prepared<unknown[], Row>(
    `SELECT ${query.columns} FROM ${query.from}${where} ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`,
  ).all(...query.params, take, skip)
  return toPage(rows.map(toItem), total, page)
}

/** True when a row with this id exists in `table` (a fixed name from code). */
export const rowExists = (table: string, id: number) =>
  prepared<[number], unknown>(`SELECT 1 FROM "${table}" WHERE "id" = ?`).get(id) !== undefined
