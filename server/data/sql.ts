// The only raw SQL of the server, in one module so that a second database provider needs only
// this file rewritten. Everything else reaches the database through Prisma's model API.
//
// Why these few statements are raw (measured, docs/BENCHMARK.md): Prisma 6.19's query compiler
// costs 0.4-1.2 ms of CPU per model query, a raw statement through the same Prisma client about
// 0.1 ms. Search needs SQLite's FTS5 (no Prisma API), the change counter is a pragma, and the
// batched view counter must not stamp `updatedAt` (a visit is not an edit).
// Each statement's columns are checked against schema.prisma by sql.test.ts.
import { prisma } from '../db'

/** Changes whenever another connection (another process) commits; this process's own writes do not change it. */
export async function changeCounter(): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<{ data_version: number | bigint }[]>('PRAGMA data_version')
  return Number(rows[0]?.data_version ?? 0)
}

/** Tables whose rows count visits (fixed names: only these ever reach the UPDATE below). */
export const VIEW_TABLES = [
  'Teacher',
  'Course',
  'Special',
  'Activity',
  'Viewpoint',
  'CourseNotice',
  'Question',
  'Cooperation',
  'TeacherVideo',
] as const
export type ViewTable = (typeof VIEW_TABLES)[number]

/** Adds counted visits, `views = views + n` per row, in one transaction. */
export async function addViews(batch: { table: ViewTable; id: number; visits: number }[]): Promise<void> {
  if (!batch.length) return
  await prisma.$transaction(
    batch.map(({ table, id, visits }) =>
      // The table name is one of VIEW_TABLES, never input.
      prisma.$executeRawUnsafe(`UPDATE "${table}" SET "views" = "views" + ? WHERE "id" = ?`, visits, id),
    ),
  )
}

/** Rowids of the SearchIndex FTS5 table matching `expression` within [from, to], highest first. */
export async function searchIndexIds(expression: string, from: number, to: number, limit: number): Promise<number[]> {
  const rows = await prisma.$queryRawUnsafe<{ rowid: number | bigint }[]>(
    'SELECT rowid FROM "SearchIndex" WHERE "SearchIndex" MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT ?',
    expression,
    from,
    to,
    limit,
  )
  return rows.map((row) => Number(row.rowid))
}
