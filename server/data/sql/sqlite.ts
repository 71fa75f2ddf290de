// The raw statements on SQLite (server/data/sql/index.ts says why they are raw and picks the dialect).
// Search uses the FTS5 bigram index of prisma/migrations/*_search_index, the change counter is a pragma.
import Database, { type Statement } from 'better-sqlite3'
import { notifyWrite, prisma, type Tx } from '../../db'
import { env } from '../../env'
import { databaseFile } from '../../lib/database-url'
import { chinaDay, DAY_MS } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import {
  DAILY_VIEW_DAYS_KEPT,
  DAILY_VIEW_TABLES,
  MEMBER_LINKS,
  PROFILE_COLUMNS,
  PROFILE_RETURNING,
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
import type { OtherProcessChange } from './postgres-changes'

/** Changes whenever another connection (another process) commits; this process's own writes do not change it. */
export async function changeCounter(): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<{ data_version: number | bigint }[]>('PRAGMA data_version')
  return Number(rows[0]?.data_version ?? 0)
}

/** SQLite has no notifications: the cache polls changeCounter instead. */
export function watchOtherProcesses(_onChange: (change: OtherProcessChange) => void): boolean {
  return false
}

/** Nothing to tell: other processes see any commit through the change counter. */
export function publishChange(_tags?: readonly string[]): void {}

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

/** The FTS5 expression: each run a phrase of its bigrams ("领导力" -> "领导 导力"), a lone character a prefix query ("管"*). */
function ftsExpression(runs: readonly string[]): string {
  return runs
    .map((run) => {
      const chars = Array.from(run)
      if (chars.length === 1) return `"${run}"*`
      return `"${chars
        .slice(0, -1)
        .map((c, i) => c + chars[i + 1])
        .join(' ')}"`
    })
    .join(' AND ')
}

export async function searchIndexIds(
  runs: readonly string[],
  scope: SearchScope,
  from: number,
  to: number,
  limit: number,
): Promise<number[]> {
  const columns = scope === 'title' ? 'title' : '{title body}'
  const rows = await prisma.$queryRawUnsafe<{ rowid: number | bigint }[]>(
    'SELECT rowid FROM "SearchIndex" WHERE "SearchIndex" MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT ?',
    `${columns} : (${ftsExpression(runs)})`,
    from,
    to,
    limit,
  )
  return rows.map((row) => Number(row.rowid))
}

/** Prisma's text form of a DateTime in SQLite. */
const sqliteDate = (date: Date) => date.toISOString().replace('Z', '+00:00')

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

export async function insertContribution(row: NewContribution): Promise<{ id: number; status: string }> {
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

export async function countOwnUploads(memberId: number, uploadIds: number[]): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    'SELECT count(*) AS "n" FROM "Upload" WHERE "memberId" = ? AND "id" IN (SELECT "value" FROM json_each(?))',
    memberId,
    JSON.stringify(uploadIds),
  )
  return Number(rows[0]?.n ?? 0)
}

export async function updateProfile(memberId: number, change: ProfileChange, now: Date): Promise<ProfileRow | null> {
  const columns = PROFILE_COLUMNS.filter((column) => change[column] !== undefined)
  const sets = [...columns.map((column) => `"${column}" = ?`), '"updatedAt" = ?']
  type Row = Omit<ProfileRow, 'createdAt' | 'gender' | 'passwordChangeDue'> & {
    createdAt: string
    gender: number | bigint
    passwordChangeDue: number | bigint | boolean
  }
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    `UPDATE "Member" SET ${sets.join(', ')} WHERE "id" = ? RETURNING ${PROFILE_RETURNING}`,
    ...columns.map((column) => change[column]),
    sqliteDate(now),
    memberId,
  )
  notifyWrite('Member', [...columns, 'updatedAt'])
  const row = rows[0]
  return row
    ? { ...row, gender: Number(row.gender), passwordChangeDue: Boolean(Number(row.passwordChangeDue)), createdAt: new Date(row.createdAt) }
    : null
}

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

let tokenStateReader: { url: string; connection: Database.Database; statement: Statement<[string, number], TokenStateRow> } | undefined

/**
 * Every member call runs this, so it runs on its own connection, prepared once: through Prisma's
 * raw query the same statement costs ~200 µs of CPU, here a few. The connection only reads; WAL
 * shows it every committed write (any process's) at once.
 */
function tokenStateQuery(): Statement<[string, number], TokenStateRow> {
  // Opened again only if the process was pointed at another database (the test harness does, db.ts).
  if (tokenStateReader?.url !== env.databaseUrl) {
    tokenStateReader?.connection.close()
    const connection = new Database(databaseFile(env.databaseUrl), { fileMustExist: true })
    connection.pragma('busy_timeout = 5000')
    const statement = connection.prepare<[string, number], TokenStateRow>(
      'SELECT "memberNo", "role", "tokenVersion", "deletedAt" IS NOT NULL AS "deleted", "disabledAt" IS NOT NULL AS "disabled", "passwordChangeDue", ' +
        'EXISTS (SELECT 1 FROM "RevokedToken" WHERE "jti" = ?) AS "revoked" FROM "Member" WHERE "id" = ?',
    )
    tokenStateReader = { url: env.databaseUrl, connection, statement }
  }
  return tokenStateReader.statement
}

type TokenStateRow = {
  memberNo: string
  role: string
  tokenVersion: number
  deleted: number
  disabled: number
  passwordChangeDue: number
  revoked: number
}

export async function tokenState(memberId: number, tokenId: string): Promise<TokenState | null> {
  const row = tokenStateQuery().get(tokenId, memberId)
  return row
    ? {
        memberNo: row.memberNo,
        role: row.role,
        tokenVersion: row.tokenVersion,
        deleted: row.deleted === 1,
        disabled: row.disabled === 1,
        passwordChangeDue: row.passwordChangeDue === 1,
        revoked: row.revoked === 1,
      }
    : null
}

export async function databaseAnswers(): Promise<boolean> {
  const rows = await prisma.$queryRawUnsafe<{ ok: number | bigint }[]>('SELECT 1 AS "ok"')
  return Number(rows[0]?.ok) === 1
}

/** Prisma's own bookkeeping table (prisma migrate deploy). */
export async function appliedMigrations(): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    'SELECT "migration_name" AS "name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
  )
  return rows.map((row) => row.name)
}

/** Nothing to do on SQLite: AUTOINCREMENT continues after the largest id ever written, given ids included. */
export async function continueIdSequence(_db: Pick<Tx, '$queryRawUnsafe'>, _table: string): Promise<void> {}

/**
 * Inserts one fan-out batch's notices in one statement, in the caller's transaction: the link rows
 * in the id range, less the members who switched them off. Prisma's createMany cost ~0.25 ms a row
 * here (2,000 rows: ~500 ms); this statement does the same batch in a few milliseconds.
 */
export async function insertFollowNotices(tx: Tx, batch: FollowNotices): Promise<number> {
  const { table, column } = MEMBER_LINKS[batch.source]
  const keys = batch.offKeys.map(() => '?').join(', ')
  return tx.$executeRawUnsafe(
    `INSERT INTO "Notification" ("memberId", "kind", "title", "body", "link", "eventId", "createdAt")
     SELECT f."memberId", 'follow', ?, ?, ?, ?, ? FROM "${table}" f
     WHERE f."${column}" = ? AND f."id" > ? AND f."id" <= ?
       AND NOT EXISTS (SELECT 1 FROM "NotificationPreference" p WHERE p."memberId" = f."memberId" AND p."key" IN (${keys}) AND p."enabled" = 0)
     ON CONFLICT DO NOTHING`,
    batch.title,
    batch.body,
    batch.link,
    batch.eventId,
    sqliteDate(batch.now),
    batch.sourceId,
    batch.after,
    batch.upTo,
    ...batch.offKeys,
  )
}
