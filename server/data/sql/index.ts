// The only raw SQL of the server, one module per database dialect (sqlite.ts, postgres.ts) with
// the same functions; DATABASE_URL's scheme picks one when the process starts. Everything else
// reaches the database through Prisma's model API.
//
// Why these few statements are raw (measured, docs/BENCHMARK.md): Prisma 6.19's query compiler
// costs 0.4-1.2 ms of CPU per model query, a raw statement through the same Prisma client about
// 0.1 ms. Search needs an index Prisma cannot express (FTS5 on SQLite, a bigram GIN index on
// PostgreSQL), the change counter is a pragma or LISTEN/NOTIFY, and the batched view counter must
// not stamp `updatedAt` (a visit is not an edit).
// Each statement's columns are checked against schema.prisma by sql.test.ts, on both databases.
import { env } from '../../env'
import * as postgres from './postgres'
import * as sqlite from './sqlite'

export * from './shared'
export type { OtherProcessChange } from './postgres-changes'

const dialect: typeof sqlite = env.databaseDialect === 'postgres' ? postgres : sqlite

/** SQLite: changes whenever another process commits; this process's own writes do not change it. */
export const changeCounter = dialect.changeCounter

/**
 * PostgreSQL: hands what other processes change to `onChange` (LISTEN/NOTIFY) and answers true;
 * SQLite answers false (poll changeCounter instead).
 */
export const watchOtherProcesses = dialect.watchOtherProcesses

/** PostgreSQL: tells other processes that cached answers under these tags (none: all content) changed. */
export const publishChange = dialect.publishChange

/**
 * Adds counted visits, `views = views + n` per row: one statement per table, all in one transaction.
 * Teachers' and courses' visits are added to today's DailyView rows in the same transaction (one more
 * statement each), and once a day the rows past DAILY_VIEW_DAYS_KEPT go.
 */
export const addViews = dialect.addViews

/**
 * Search index rowids (kind rank * 2^32 + id) within [from, to], highest first, whose `scope`
 * holds every run (a lower- or upper-case stretch of letters/digits) as a substring.
 */
export const searchIndexIds = dialect.searchIndexIds

/**
 * Links a member to a published target, once (a repeat is a no-op, as is a lost race on the unique
 * index); false when no published target has that id. Raw for speed: two Prisma model queries
 * cost ~2 ms of CPU, these statements ~0.25 ms (docs/BENCHMARK.md).
 */
export const addMemberLink = dialect.addMemberLink

/** Removes a member's link; false when the target does not exist at all (published or not). */
export const removeMemberLink = dialect.removeMemberLink

/** A new contribution and its attachments (the member's own uploads only), in one transaction. */
export const insertContribution = dialect.insertContribution

/**
 * The member's token columns and whether this token id was signed out, in one statement: member and
 * staff calls read it on every call (~0.1 ms, against ~0.3-0.5 ms for two Prisma reads), so a sign-out
 * or a disabled account in any process is refused by every process at once.
 */
export const tokenState = dialect.tokenState

/** How many of these uploads belong to the member. */
export const countOwnUploads = dialect.countOwnUploads

/** Writes the given profile fields and answers the whole profile; null when no such member. */
export const updateProfile = dialect.updateProfile

/**
 * Counts `points` for a rate-limit key in one statement, so processes counting at once never lose
 * a count (server/data/rate-limit.ts): a window that has ended (its end <= `now`) starts afresh with
 * `points` and `expiresAt`; a live one adds `points`, and moves its end to `expiresAt` when `slide`.
 * Raw because Prisma's upsert cannot make the update depend on the stored row.
 */
export const countRateLimit = dialect.countRateLimit

/** True when the database answers a trivial query. */
export const databaseAnswers = dialect.databaseAnswers

/** Names of the migrations recorded as applied (Prisma's table on SQLite, the runner's on PostgreSQL). */
export const appliedMigrations = dialect.appliedMigrations

/**
 * After rows were written with ids of their own (an import), the next row without an id gets a free
 * one: PostgreSQL's sequence is moved past the largest id; SQLite's AUTOINCREMENT does this itself.
 */
export const continueIdSequence = dialect.continueIdSequence

/** One batch of a follower fan-out's notices, in one INSERT … SELECT in the caller's transaction (issue 25). */
export const insertFollowNotices = dialect.insertFollowNotices
