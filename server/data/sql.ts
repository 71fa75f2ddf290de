// The only raw SQL of the server, in one module so that a second database provider needs only
// this file rewritten. Everything else reaches the database through Prisma's model API.
//
// Why these few statements are raw (measured, docs/BENCHMARK.md): Prisma 6.19's query compiler
// costs 0.4-1.2 ms of CPU per model query, a raw statement through the same Prisma client about
// 0.1 ms. Search needs SQLite's FTS5 (no Prisma API), the change counter is a pragma, and the
// batched view counter must not stamp `updatedAt` (a visit is not an edit).
// Each statement's columns are checked against schema.prisma by sql.test.ts.
import { notifyWrite, prisma } from '../db'
import { chinaDay, DAY_MS } from '../lib/china-day'
import { clock } from '../lib/clock'

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

/** Tables whose visits are also counted per day (DailyView), for the console's "most viewed this week". */
export const DAILY_VIEW_TABLES: readonly ViewTable[] = ['Teacher', 'Course']
/** Days of DailyView kept: the dashboard looks back a week; a month leaves room for more. */
export const DAILY_VIEW_DAYS_KEPT = 35
let prunedDay = ''

/**
 * Adds counted visits, `views = views + n` per row: one statement per table, all in one transaction.
 * Teachers' and courses' visits are added to today's DailyView rows in the same transaction (one more
 * statement each), and once a day the rows past DAILY_VIEW_DAYS_KEPT go.
 */
export async function addViews(batch: { table: ViewTable; id: number; visits: number }[]): Promise<void> {
  const byTable = new Map<ViewTable, Record<number, number>>()
  for (const { table, id, visits } of batch) {
    const rows = byTable.get(table) ?? {}
    rows[id] = (rows[id] ?? 0) + visits
    byTable.set(table, rows)
  }
  if (!byTable.size) return
  const now = clock.now()
  const today = chinaDay(now)
  const daily = [...byTable].filter(([table]) => DAILY_VIEW_TABLES.includes(table))
  const isPruneDue = daily.length > 0 && prunedDay !== today
  await prisma.$transaction([
    ...[...byTable].map(([table, rows]) =>
      // The table name is one of VIEW_TABLES, never input; the visits go in as one JSON object {id: n}.
      prisma.$executeRawUnsafe(
        `UPDATE "${table}" SET "views" = "views" + v."value" FROM json_each(?) AS v WHERE "${table}"."id" = CAST(v."key" AS INTEGER)`,
        JSON.stringify(rows),
      ),
    ),
    ...daily.map(([table, rows]) =>
      // `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT, not to a join.
      prisma.$executeRawUnsafe(
        `INSERT INTO "DailyView" ("model", "rowId", "day", "visits") SELECT ?, CAST(v."key" AS INTEGER), ?, v."value" FROM json_each(?) AS v WHERE true ` +
          `ON CONFLICT ("model", "rowId", "day") DO UPDATE SET "visits" = "DailyView"."visits" + excluded."visits"`,
        table,
        today,
        JSON.stringify(rows),
      ),
    ),
    ...(isPruneDue
      ? [prisma.$executeRawUnsafe('DELETE FROM "DailyView" WHERE "day" < ?', chinaDay(now - DAILY_VIEW_DAYS_KEPT * DAY_MS))]
      : []),
  ])
  if (isPruneDue) prunedDay = today
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
  if (inserted === 1) notifyWrite(table)
  return inserted === 1 || (await targetExists(link, targetId, true))
}

/** Removes a member's link; false when the target does not exist at all (published or not). */
export async function removeMemberLink(link: MemberLink, memberId: number, targetId: number): Promise<boolean> {
  const { table, column } = MEMBER_LINKS[link]
  const removed = await prisma.$executeRawUnsafe(`DELETE FROM "${table}" WHERE "memberId" = ? AND "${column}" = ?`, memberId, targetId)
  if (removed > 0) notifyWrite(table)
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

/** A new contribution and its attachments (the member's own uploads only), in one transaction. */
export async function insertContribution(row: {
  memberId: number
  kind: string
  title: string
  content: string
  createdAt: Date
  attachmentIds: number[]
}): Promise<{ id: number; status: string }> {
  const at = sqliteDate(row.createdAt)
  const [created] = await prisma.$transaction([
    prisma.$queryRawUnsafe<{ id: number | bigint; status: string }[]>(
      'INSERT INTO "Contribution" ("memberId", "kind", "title", "content", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?) RETURNING "id", "status"',
      row.memberId,
      row.kind,
      row.title,
      row.content,
      at,
      at,
    ),
    ...(row.attachmentIds.length
      ? [
          prisma.$executeRawUnsafe(
            `INSERT INTO "ContributionAttachment" ("contributionId", "uploadId")
             SELECT (SELECT max("id") FROM "Contribution" WHERE "memberId" = ?), "id" FROM "Upload"
             WHERE "memberId" = ? AND "id" IN (SELECT "value" FROM json_each(?))`,
            row.memberId,
            row.memberId,
            JSON.stringify(row.attachmentIds),
          ),
        ]
      : []),
  ])
  notifyWrite('Contribution')
  return { id: Number(created[0].id), status: created[0].status }
}

/** How many of these uploads belong to the member. */
export async function countOwnUploads(memberId: number, uploadIds: number[]): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    'SELECT count(*) AS "n" FROM "Upload" WHERE "memberId" = ? AND "id" IN (SELECT "value" FROM json_each(?))',
    memberId,
    JSON.stringify(uploadIds),
  )
  return Number(rows[0]?.n ?? 0)
}

/** Profile columns a member may change (names fixed here, never taken from input). */
const PROFILE_COLUMNS = ['nickname', 'avatar', 'gender', 'organization', 'position', 'provinceCode', 'cityCode', 'districtCode'] as const
export type ProfileChange = Partial<Record<(typeof PROFILE_COLUMNS)[number], string | number>>
export type ProfileRow = {
  memberNo: string
  phone: string | null
  nickname: string
  avatar: string
  gender: number
  organization: string
  position: string
  provinceCode: string
  cityCode: string
  districtCode: string
  createdAt: Date
  role: string
}

/** Writes the given profile fields and answers the whole profile; null when no such member. */
export async function updateProfile(memberId: number, change: ProfileChange, now: Date): Promise<ProfileRow | null> {
  const columns = PROFILE_COLUMNS.filter((column) => change[column] !== undefined)
  const sets = [...columns.map((column) => `"${column}" = ?`), '"updatedAt" = ?']
  const rows = await prisma.$queryRawUnsafe<(Omit<ProfileRow, 'createdAt' | 'gender'> & { createdAt: string; gender: number | bigint })[]>(
    `UPDATE "Member" SET ${sets.join(', ')} WHERE "id" = ? RETURNING "memberNo", "phone", "nickname", "avatar", "gender", "organization", "position", "provinceCode", "cityCode", "districtCode", "createdAt", "role"`,
    ...columns.map((column) => change[column]),
    sqliteDate(now),
    memberId,
  )
  notifyWrite('Member', [...columns, 'updatedAt'])
  const row = rows[0]
  return row ? { ...row, gender: Number(row.gender), createdAt: new Date(row.createdAt) } : null
}

export type RateLimitWindow = { points: number; expiresAt: Date }

/**
 * Counts `points` for a rate-limit key in one statement, so processes counting at once never lose
 * a count (server/lib/rate-limit.ts): a window that has ended (its end <= `now`) starts afresh with
 * `points` and `expiresAt`; a live one adds `points`, and moves its end to `expiresAt` when `slide`.
 * Raw because Prisma's upsert cannot make the update depend on the stored row.
 */
export async function countRateLimit(key: string, points: number, now: Date, expiresAt: Date, slide: boolean): Promise<RateLimitWindow> {
  const rows = await prisma.$queryRawUnsafe<{ points: number | bigint; expiresAt: string | Date }[]>(
    `INSERT INTO "RateLimit" ("key", "points", "expiresAt") VALUES (?, ?, ?)
     ON CONFLICT ("key") DO UPDATE SET
       "points" = CASE WHEN "RateLimit"."expiresAt" <= ? THEN excluded."points" ELSE "RateLimit"."points" + excluded."points" END,
       "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= ? OR ? THEN excluded."expiresAt" ELSE "RateLimit"."expiresAt" END
     RETURNING "points", "expiresAt"`,
    key,
    points,
    sqliteDate(expiresAt),
    sqliteDate(now),
    sqliteDate(now),
    slide ? 1 : 0,
  )
  notifyWrite('RateLimit')
  return { points: Number(rows[0].points), expiresAt: new Date(rows[0].expiresAt) }
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ ok: number | bigint }[]>('SELECT 1 AS "ok"')
  return Number(rows[0]?.ok) === 1
}

/** Names of the migrations recorded as applied (Prisma's own bookkeeping table). */
export async function appliedMigrations(): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    'SELECT "migration_name" AS "name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
  )
  return rows.map((row) => row.name)
}
