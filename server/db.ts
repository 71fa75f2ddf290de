import crypto from 'node:crypto'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/prisma/client'
import { PrismaClient as PostgresPrismaClient } from './generated/prisma-pg/client'
import { env } from './env'
import { databaseUrl as databaseUrlOf } from './lib/database-url'
import { sanitizeRichTextAsync } from './lib/sanitize'

// Rich-text columns. Every write of one is sanitized here, whoever writes it (seed, member,
// staff, tests), so reads serve stored HTML as it is and never sanitize again.
export const RICH_TEXT: Record<string, string> = {
  Teacher: 'content',
  Course: 'content',
  Special: 'content',
  CourseNotice: 'introduction',
  Activity: 'content',
  Viewpoint: 'content',
  Question: 'content',
  CooperationType: 'content',
  Cooperation: 'content',
  AboutPage: 'content',
  Contribution: 'content',
}

// Async: a big value (an approved 200,000-character contribution) is cleaned off the event loop.
async function sanitizeData(field: string, data: unknown): Promise<void> {
  if (Array.isArray(data)) await Promise.all(data.map((row) => sanitizeData(field, row)))
  else if (data && typeof data === 'object') {
    const row = data as Record<string, unknown>
    if (typeof row[field] === 'string') row[field] = await sanitizeRichTextAsync(row[field])
    else if (row[field] && typeof row[field] === 'object' && typeof (row[field] as { set?: unknown }).set === 'string') {
      const update = row[field] as { set: string }
      update.set = await sanitizeRichTextAsync(update.set)
    }
  }
}

// Members' own rows: writing them does not change what public pages show. Every other model is
// content: a write to it (staff, review, seed, tests) drops cached public answers at once.
const PRIVATE_MODELS = new Set([
  'Member',
  'RevokedToken',
  'AuthCode',
  'CaptchaChallenge',
  'RateLimit',
  // Leases (server/data/lease.ts) guard steps across processes; pages never show them.
  'Lease',
  // Durable jobs: their percent moves every few seconds; pages show the VideoAsset state, not these.
  'Job',
  // The first-admin setup link's token: only its hash, never shown.
  'SetupToken',
  // Pending publish times and first publications: pages show the flag the scheduler sets, not these.
  'ContentState',
  'AuditLog',
  'TeacherFollow',
  // Where a member stopped in a video: theirs alone, written every 10 s of playback.
  'VideoProgress',
  'CourseCollect',
  'SpecialCollect',
  'Contribution',
  'ContributionAttachment',
  'Upload',
  // The console's moderation rows: public pages never show them.
  'SensitiveWord',
  'SensitiveHit',
  // Booking requests (issue 26): the requester's and the console's views are never kept answers.
  'Booking',
  'BookingFollowUp',
  'BookingDay',
  'DailyView',
  // A member's inbox and switches (issue 25): the unread count is refreshed by tags (notification.service.ts).
  'Notification',
  'NotificationEvent',
  'NotificationPreference',
])
/** `columns`: the columns written, when known (a delete or an unknown shape leaves it out: assume all). */
type WriteListener = (model: string, isContent: boolean, columns?: readonly string[]) => void
const writeListeners = new Set<WriteListener>()

/** Called after every model write in this process, saying whether public pages show that model (server/data/cache.ts listens). */
export function afterWrite(listener: WriteListener) {
  writeListeners.add(listener)
}

/** Tells the listeners a model was written; raw writes (server/data/sql/) call it themselves. */
/** A private model's column public pages show all the same: a file's alt text (Index/mediaAlts). */
const isPublicColumn = (model: string, columns?: readonly string[]) => model === 'Upload' && (!columns || columns.includes('alt'))

export function notifyWrite(model: string, columns?: readonly string[]) {
  for (const listener of writeListeners) listener(model, !PRIVATE_MODELS.has(model) || isPublicColumn(model, columns), columns)
}

/** The columns a create/update/upsert writes; undefined for deletes and anything else. */
function writtenColumns(operation: string, args: { data?: unknown; create?: unknown; update?: unknown }): string[] | undefined {
  if (operation.startsWith('delete')) return undefined
  const parts = [args.data, args.create, args.update].flatMap((part) => (Array.isArray(part) ? part : part ? [part] : []))
  return parts.length ? [...new Set(parts.flatMap((part) => Object.keys(part as object)))] : undefined
}

const WRITE = /^(create|update|upsert|delete)/

/**
 * This process's name on PostgreSQL connections (application_name): change notifications carry it, so
 * the cache ignores its own (server/data/sql/postgres-changes.ts).
 */
export const connectionName = `portal:${process.pid}:${crypto.randomBytes(4).toString('hex')}`

/**
 * Interactive transactions may run 20 s (Prisma's default is 5 s). Measured: approving a 200,000-character
 * contribution, whose transaction writes the article, took 5.6 s with the CPU oversubscribed four times
 * over, and the staff member got 服务器繁忙 for work that would have finished. Waiting for the
 * connection stays bounded (maxWait) so a stuck writer still surfaces.
 */
const TRANSACTION_OPTIONS = { timeout: 20_000, maxWait: 5_000 }

/**
 * The client for DATABASE_URL's database. Both generated clients come from the one schema.prisma
 * (prisma/postgres/schema.prisma is derived from it), so their models and types are the same: the
 * PostgreSQL client is typed as the SQLite one and everything else uses one `prisma`.
 */
function baseClient(): PrismaClient {
  if (env.databaseDialect === 'sqlite')
    return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: env.databaseUrl }), transactionOptions: TRANSACTION_OPTIONS })
  return new PostgresPrismaClient({
    adapter: new PrismaPg(postgresPool()),
    transactionOptions: TRANSACTION_OPTIONS,
  }) as unknown as PrismaClient
}

let pool: pg.Pool | undefined
/** PostgreSQL's connection pool, shared by Prisma and the few statements sent to it directly (server/data/sql/postgres.ts). */
export function postgresPool(): pg.Pool {
  if (!pool) {
    // allowExitOnIdle: a script (seed, admin CLI) ends when its work is done, as it does on SQLite.
    pool = new pg.Pool({
      connectionString: env.databaseUrl,
      max: env.DATABASE_POOL_SIZE,
      application_name: connectionName,
      allowExitOnIdle: true,
    })
    // An idle connection the server closed (restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', () => undefined)
  }
  return pool
}

/** The client with this module's write hooks: rich text sanitized, cache listeners told. */
function connect() {
  return baseClient().$extends({
    name: 'content-writes',
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!WRITE.test(operation)) return query(args)
          const field = RICH_TEXT[model]
          if (field) {
            const input = args as { data?: unknown; create?: unknown; update?: unknown }
            await Promise.all([sanitizeData(field, input.data), sanitizeData(field, input.create), sanitizeData(field, input.update)])
          }
          const result = await query(args)
          notifyWrite(model, writtenColumns(operation, args as object))
          return result
        },
      },
    },
  })
}

// One client per process. SQLite: WAL lets readers proceed while a write is in flight.
export let prisma = connect()

/**
 * Points this process at another database of the same dialect. The test harness alone calls it: a test
 * worker runs many files in one process, each on its own copy of the seeded database
 * (server/test/per-file-state.ts); a server never changes database while it runs.
 */
export async function useDatabase(url: string): Promise<void> {
  const previous = { client: prisma, pool }
  env.DATABASE_URL = url
  env.databaseUrl = databaseUrlOf(url)
  pool = undefined
  pragmasApplied = undefined
  prisma = connect()
  await applyPragmas()
  await previous.client.$disconnect()
  await previous.pool?.end()
}

let pragmasApplied: Promise<void> | undefined
/** SQLite's per-connection settings; nothing to do on PostgreSQL. */
export function applyPragmas(): Promise<void> {
  if (env.databaseDialect !== 'sqlite') return Promise.resolve()
  pragmasApplied ??= (async () => {
    await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL')
    await prisma.$queryRawUnsafe('PRAGMA busy_timeout = 5000')
    await prisma.$queryRawUnsafe('PRAGMA synchronous = NORMAL')
  })()
  return pragmasApplied
}

// Every process that touches the database gets the same pragmas, tests and scripts included.
applyPragmas().catch(() => {
  pragmasApplied = undefined
})

export type { Prisma } from './generated/prisma/client'

/** The client inside an interactive transaction, extensions included. */
export type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0]
