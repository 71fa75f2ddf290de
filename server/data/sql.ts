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

/** Adds counted visits, `views = views + n` per row: one statement per table, all in one transaction. */
export async function addViews(batch: { table: ViewTable; id: number; visits: number }[]): Promise<void> {
  const byTable = new Map<ViewTable, Record<number, number>>()
  for (const { table, id, visits } of batch) {
    const rows = byTable.get(table) ?? {}
    rows[id] = (rows[id] ?? 0) + visits
    byTable.set(table, rows)
  }
  if (!byTable.size) return
  await prisma.$transaction(
    [...byTable].map(([table, rows]) =>
      // The table name is one of VIEW_TABLES, never input; the visits go in as one JSON object {id: n}.
      prisma.$executeRawUnsafe(
        `UPDATE "${table}" SET "views" = "views" + v."value" FROM json_each(?) AS v WHERE "${table}"."id" = CAST(v."key" AS INTEGER)`,
        JSON.stringify(rows),
      ),
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

/** What members follow or collect: the link table, its target table and the target column. */
export const MEMBER_LINKS = {
  teacher: { table: 'TeacherFollow', target: 'Teacher', column: 'teacherId' },
  course: { table: 'CourseCollect', target: 'Course', column: 'courseId' },
  special: { table: 'SpecialCollect', target: 'Special', column: 'specialId' },
} as const
export type MemberLink = keyof typeof MEMBER_LINKS

/** Prisma's text form of a DateTime in SQLite. */
const sqliteDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

/**
 * Links a member to a published target, once (a repeat is a no-op, as is a lost race on the unique
 * index); false when no published target has that id. Raw for speed: two Prisma model queries
 * cost ~2 ms of CPU, these statements ~0.25 ms (docs/BENCHMARK.md).
 */
export async function addMemberLink(link: MemberLink, memberId: number, targetId: number, now: Date): Promise<boolean> {
  const { table, target, column } = MEMBER_LINKS[link]
  const inserted = await prisma.$executeRawUnsafe(
    `INSERT INTO "${table}" ("memberId", "${column}", "createdAt") SELECT ?, "id", ? FROM "${target}" WHERE "id" = ? AND "isPublished" = 1 ON CONFLICT DO NOTHING`,
    memberId,
    sqliteDate(now),
    targetId,
  )
  return inserted === 1 || (await targetExists(link, targetId, true))
}

/** Removes a member's link; false when the target does not exist at all (published or not). */
export async function removeMemberLink(link: MemberLink, memberId: number, targetId: number): Promise<boolean> {
  const { table, column } = MEMBER_LINKS[link]
  const removed = await prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE "memberId" = ? AND "${column}" = ?`, memberId, targetId)
  return removed > 0 || (await targetExists(link, targetId, false))
}

async function targetExists(link: MemberLink, id: number, published: boolean): Promise<boolean> {
  const { target } = MEMBER_LINKS[link]
  const rows = await prisma.$queryRawUnsafe<unknown[]>(
    `SELECT 1 AS "found" FROM "${target}" WHERE "id" = ?${published ? ' AND "isPublished" = 1' : ''}`,
    id,
  )
  return rows.length > 0
}
