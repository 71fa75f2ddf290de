// The raw statements on PostgreSQL, one for one with sqlite.ts (server/data/sql/index.ts picks).
// Differences: $n placeholders with explicit casts, real booleans, Dates bound as UTC timestamps
// (as Prisma stores DateTime), JSON lists through jsonb_each_text / jsonb_array_elements_text, and
// search over the postings table of prisma/postgres/migrations/*_search_postings. Statements on hot
// paths go to the pool through run(); the rest (transactions, rare reads) through Prisma.
import pg from 'pg'
import { notifyWrite, postgresPool, prisma, type Tx } from '../../db'
import { chinaDay, DAY_MS } from '../../lib/china-day'
import { clock } from '../../lib/clock'
export { publishChange, watchOtherProcesses } from './postgres-changes'
import {
  DAILY_VIEW_DAYS_KEPT,
  DAILY_VIEW_TABLES,
  MEMBER_LINKS,
  PROFILE_COLUMNS,
  PROFILE_RETURNING,
  searchFold,
  visitsByTable,
  type FollowNotices,
  type MemberLink,
  type NewContribution,
  type ProfileChange,
  type ProfileRow,
  type RateLimitWindow,
  type SearchScope,
  type ViewBatch,
  type TokenState,
} from './shared'

/**
 * A statement sent to the pool directly, prepared once per connection under `name` (one name, one
 * text). The statements of this module run on member calls, writes and searches, and Prisma's
 * raw-query layer costs ~200-300 µs of CPU per statement on top of pg's (measured on tokenState).
 * Timestamps go in as UTC ISO text and come out as UTC dates: pg's own conversion uses the
 * process's time zone, Prisma's DateTime columns hold UTC.
 */
async function run<Row extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return postgresPool().query<Row>({ name, text, values, types: UTC_TIMESTAMPS })
}

const TIMESTAMP_OID = 1114
const UTC_TIMESTAMPS = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_OID
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

/** Not used on PostgreSQL: other processes' changes arrive by LISTEN/NOTIFY (watchOtherProcesses). */
export async function changeCounter(): Promise<number> {
  return 0
}

let prunedDay = ''

export async function addViews(batch: ViewBatch): Promise<void> {
  const byTable = visitsByTable(batch)
  if (!byTable.size) return
  const now = clock.now()
  const today = chinaDay(now)
  const daily = [...byTable].filter(([table]) => DAILY_VIEW_TABLES.includes(table))
  const isPruneDue = daily.length > 0 && prunedDay !== today
  await prisma.$transaction([
    ...[...byTable].map(([table, rows]) =>
      // The table name is one of VIEW_TABLES, never input; the visits go in as one JSON object {id: n}.
      prisma.$executeRawUnsafe(
        `UPDATE "${table}" SET "views" = "${table}"."views" + v."value"::int FROM jsonb_each_text($1::jsonb) AS v WHERE "${table}"."id" = v."key"::int`,
        JSON.stringify(rows),
      ),
    ),
    ...daily.map(([table, rows]) =>
      prisma.$executeRawUnsafe(
        `INSERT INTO "DailyView" ("model", "rowId", "day", "visits") SELECT $1::text, v."key"::int, $2::text, v."value"::int FROM jsonb_each_text($3::jsonb) AS v ` +
          `ON CONFLICT ("model", "rowId", "day") DO UPDATE SET "visits" = "DailyView"."visits" + excluded."visits"`,
        table,
        today,
        JSON.stringify(rows),
      ),
    ),
    ...(isPruneDue
      ? [prisma.$executeRawUnsafe('DELETE FROM "DailyView" WHERE "day" < $1::text', chinaDay(now - DAILY_VIEW_DAYS_KEPT * DAY_MS))]
      : []),
  ])
  if (isPruneDue) prunedDay = today
}

/** Most grams one lookup joins: each is a merge join, and every run left out is still checked whole. */
const MAX_GRAMS = 6

/**
 * The grams a lookup joins, and the runs candidates must still be checked for. A 1- or 2-character
 * run is itself a gram, exact on its own; a longer run contributes its first and last bigrams
 * ("数字化转型" -> 数字, 转型) and is then checked whole, as is any run whose grams fall beyond MAX_GRAMS.
 */
function lookupPlan(runs: readonly string[]): { grams: string[]; checked: string[] } {
  const grams = new Set<string>()
  const checked: string[] = []
  for (const run of runs) {
    const chars = Array.from(run)
    const own = chars.length <= 2 ? [run] : [chars[0] + chars[1], chars.at(-2)! + chars.at(-1)!]
    const fits = [...new Set([...grams, ...own])].length <= MAX_GRAMS
    if (fits) own.forEach((gram) => grams.add(gram))
    if (chars.length > 2 || !fits) checked.push(run)
  }
  return { grams: [...grams], checked }
}

/**
 * Same answers as SQLite's FTS5 query, from the postings table of
 * prisma/postgres/migrations/*_search_postings: each gram is an index-only scan of (gram, rowid)
 * read newest-first, the grams are intersected by merge joins on rowid, and the LIMIT stops every
 * scan as soon as enough rows are found. Runs the grams cannot prove (3+ characters, or beyond
 * MAX_GRAMS) are checked as whole substrings of the stored texts, on those candidates only.
 */
export async function searchIndexIds(
  runs: readonly string[],
  scope: SearchScope,
  from: number,
  to: number,
  limit: number,
): Promise<number[]> {
  const { grams, checked } = lookupPlan(runs.map(searchFold))
  // Posting i: gram $(i+4) within the rowid range, and in the title when the scope says so.
  const posting = (i: number) =>
    `"p${i}"."gram" = $${i + 4}::text AND "p${i}"."rowid" BETWEEN $1::bigint AND $2::bigint${scope === 'title' ? ` AND "p${i}"."inTitle"` : ''}`
  const joins = grams
    .slice(1)
    .map((_, n) => `JOIN "SearchPosting" AS "p${n + 1}" ON "p${n + 1}"."rowid" = "p0"."rowid" AND ${posting(n + 1)}`)
  const whole = scope === 'title' ? 'strpos("s"."title", "r") > 0' : '(strpos("s"."title", "r") > 0 OR strpos("s"."body", "r") > 0)'
  if (checked.length) {
    joins.push(
      `JOIN "SearchIndex" AS "s" ON "s"."rowid" = "p0"."rowid" AND NOT EXISTS (SELECT 1 FROM unnest($${grams.length + 4}::text[]) AS "r" WHERE NOT ${whole})`,
    )
  }
  // The ids come back as one text: decoding 1,000 one-column rows costs ~3x one string.
  const { rows } = await run<{ ids: string | null }>(
    // The text depends only on the scope and the counts of grams and checked runs.
    `portal-search-${scope}-${grams.length}-${checked.length ? 1 : 0}`,
    `SELECT string_agg("rowid"::text, ',' ORDER BY "rowid" DESC) AS "ids" FROM (` +
      `SELECT "p0"."rowid" FROM "SearchPosting" AS "p0" ${joins.join(' ')} WHERE ${posting(0)} ORDER BY "p0"."rowid" DESC LIMIT $3::int) AS "hits"`,
    [from, to, limit, ...grams, ...(checked.length ? [checked] : [])],
  )
  return rows[0]?.ids ? rows[0].ids.split(',').map(Number) : []
}

export async function addMemberLink(link: MemberLink, memberId: number, targetId: number, now: Date): Promise<boolean> {
  const { table, target, column } = MEMBER_LINKS[link]
  const { rowCount: inserted } = await run(
    `portal-link-add-${table}`,
    `INSERT INTO "${table}" ("memberId", "${column}", "createdAt") SELECT $1::int, "id", $2::timestamp(3) FROM "${target}" WHERE "id" = $3::int AND "isPublished" ON CONFLICT DO NOTHING`,
    [memberId, now.toISOString(), targetId],
  )
  if (inserted === 1) notifyWrite(table)
  return inserted === 1 || (await targetExists(link, targetId, true))
}

export async function removeMemberLink(link: MemberLink, memberId: number, targetId: number): Promise<boolean> {
  const { table, column } = MEMBER_LINKS[link]
  const { rowCount: removed } = await run(
    `portal-link-remove-${table}`,
    `DELETE FROM "${table}" WHERE "memberId" = $1::int AND "${column}" = $2::int`,
    [memberId, targetId],
  )
  if (removed) notifyWrite(table)
  return !!removed || (await targetExists(link, targetId, false))
}

async function targetExists(link: MemberLink, id: number, published: boolean): Promise<boolean> {
  const { target } = MEMBER_LINKS[link]
  const { rows } = await run(
    `portal-link-target-${target}-${published ? 'published' : 'any'}`,
    `SELECT 1 AS "found" FROM "${target}" WHERE "id" = $1::int${published ? ' AND "isPublished"' : ''}`,
    [id],
  )
  return rows.length > 0
}

/** One statement: the contribution and its attachments (the member's own uploads only) commit together. */
export async function insertContribution(row: NewContribution): Promise<{ id: number; status: string }> {
  const { rows: created } = await run<{ id: number; status: string }>(
    'portal-contribution-insert',
    `WITH "created" AS (
       INSERT INTO "Contribution" ("memberId", "kind", "title", "content", "createdAt", "updatedAt")
       VALUES ($1::int, $2::text, $3::text, $4::text, $5::timestamp(3), $5::timestamp(3)) RETURNING "id", "status"
     ), "attached" AS (
       INSERT INTO "ContributionAttachment" ("contributionId", "uploadId")
       SELECT "created"."id", "Upload"."id" FROM "created", "Upload"
       WHERE "Upload"."memberId" = $1::int AND "Upload"."id" IN (SELECT "value"::int FROM jsonb_array_elements_text($6::jsonb))
     )
     SELECT "id", "status" FROM "created"`,
    [row.memberId, row.kind, row.title, row.content, row.createdAt.toISOString(), JSON.stringify(row.attachmentIds)],
  )
  notifyWrite('Contribution')
  return { id: Number(created[0].id), status: created[0].status }
}

export async function countOwnUploads(memberId: number, uploadIds: number[]): Promise<number> {
  const { rows } = await run<{ n: number }>(
    'portal-uploads-own-count',
    'SELECT count(*)::int AS "n" FROM "Upload" WHERE "memberId" = $1::int AND "id" IN (SELECT "value"::int FROM jsonb_array_elements_text($2::jsonb))',
    [memberId, JSON.stringify(uploadIds)],
  )
  return Number(rows[0]?.n ?? 0)
}

export async function updateProfile(memberId: number, change: ProfileChange, now: Date): Promise<ProfileRow | null> {
  const columns = PROFILE_COLUMNS.filter((column) => change[column] !== undefined)
  const sets = [...columns.map((column, i) => `"${column}" = $${i + 1}${column === 'gender' ? '::int' : '::text'}`)]
  sets.push(`"updatedAt" = $${columns.length + 1}::timestamp(3)`)
  const { rows } = await run<Omit<ProfileRow, 'createdAt'> & { createdAt: string | Date }>(
    `portal-profile-${columns.join('-')}`,
    `UPDATE "Member" SET ${sets.join(', ')} WHERE "id" = $${columns.length + 2}::int RETURNING ${PROFILE_RETURNING}`,
    [...columns.map((column) => change[column]), now.toISOString(), memberId],
  )
  notifyWrite('Member', [...columns, 'updatedAt'])
  const row = rows[0]
  return row ? { ...row, gender: Number(row.gender), createdAt: new Date(row.createdAt) } : null
}

export async function countRateLimit(key: string, points: number, now: Date, expiresAt: Date, slide: boolean): Promise<RateLimitWindow> {
  const { rows } = await run<{ points: number; expiresAt: Date }>(
    'portal-rate-limit-count',
    `INSERT INTO "RateLimit" ("key", "points", "expiresAt") VALUES ($1::text, $2::int, $3::timestamp(3))
     ON CONFLICT ("key") DO UPDATE SET
       "points" = CASE WHEN "RateLimit"."expiresAt" <= $4::timestamp(3) THEN excluded."points" ELSE "RateLimit"."points" + excluded."points" END,
       "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= $4::timestamp(3) OR $5::boolean THEN excluded."expiresAt" ELSE "RateLimit"."expiresAt" END
     RETURNING "points", "expiresAt"`,
    [key, points, expiresAt.toISOString(), now.toISOString(), slide],
  )
  notifyWrite('RateLimit')
  return { points: Number(rows[0].points), expiresAt: new Date(rows[0].expiresAt) }
}

/**
 * Every member call runs this, so it goes to the pool as a named (prepared once per connection)
 * statement, without Prisma's raw-query layer.
 */
export async function tokenState(memberId: number, tokenId: string): Promise<TokenState | null> {
  const { rows } = await run<{
    memberNo: string
    role: string
    tokenVersion: number
    deleted: boolean
    disabled: boolean
    passwordChangeDue: boolean
    revoked: boolean
  }>(
    'portal-token-state',
    'SELECT "memberNo", "role", "tokenVersion", "deletedAt" IS NOT NULL AS "deleted", "disabledAt" IS NOT NULL AS "disabled", "passwordChangeDue", ' +
      'EXISTS (SELECT 1 FROM "RevokedToken" WHERE "jti" = $1) AS "revoked" FROM "Member" WHERE "id" = $2::int',
    [tokenId, memberId],
  )
  const row = rows[0]
  return row
    ? {
        memberNo: row.memberNo,
        role: row.role,
        tokenVersion: row.tokenVersion,
        deleted: row.deleted,
        disabled: row.disabled,
        passwordChangeDue: row.passwordChangeDue,
        revoked: row.revoked,
      }
    : null
}

export async function databaseAnswers(): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ ok: number }[]>('SELECT 1 AS "ok"')
  return Number(rows[0]?.ok) === 1
}

/** The PostgreSQL migration runner's bookkeeping table (scripts/migrate.ts). */
export async function appliedMigrations(): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>('SELECT "name" FROM "_portal_migrations" ORDER BY "name"')
  return rows.map((row) => row.name)
}

/**
 * Moves `table`'s id sequence past its largest id, after rows were written with ids of their own
 * (an import keeps the ids of its records): the next row without an id then gets a free one
 * instead of a duplicate key. Never moves a sequence back. Runs on `db`, the caller's transaction.
 */
export async function continueIdSequence(db: Pick<Tx, '$queryRawUnsafe'>, table: string): Promise<void> {
  if (!/^[A-Za-z]+$/.test(table)) throw new Error(`not a table name: ${table}`)
  await db.$queryRawUnsafe(
    `SELECT setval("seq", "top")::text AS "next"
     FROM (SELECT pg_get_serial_sequence($1::text, 'id')::regclass AS "seq", (SELECT max("id") FROM "${table}") AS "top") AS "s"
     WHERE "seq" IS NOT NULL AND "top" > COALESCE(pg_sequence_last_value("seq"), 0)`,
    `"${table}"`,
  )
}

/** One fan-out batch's notices in one statement, in the caller's transaction (sqlite.ts says why). */
export async function insertFollowNotices(tx: Tx, batch: FollowNotices): Promise<number> {
  const { table, column } = MEMBER_LINKS[batch.source]
  const keys = batch.offKeys.map((_, i) => `$${i + 9}::text`).join(', ')
  return tx.$executeRawUnsafe(
    `INSERT INTO "Notification" ("memberId", "kind", "title", "body", "link", "eventId", "createdAt")
     SELECT f."memberId", 'follow', $1::text, $2::text, $3::text, $4::int, $5::timestamp(3) FROM "${table}" f
     WHERE f."${column}" = $6::int AND f."id" > $7::int AND f."id" <= $8::int
       AND NOT EXISTS (SELECT 1 FROM "NotificationPreference" p WHERE p."memberId" = f."memberId" AND p."key" IN (${keys}) AND NOT p."enabled")
     ON CONFLICT DO NOTHING`,
    batch.title,
    batch.body,
    batch.link,
    batch.eventId,
    batch.now.toISOString(),
    batch.sourceId,
    batch.after,
    batch.upTo,
    ...batch.offKeys,
  )
}
