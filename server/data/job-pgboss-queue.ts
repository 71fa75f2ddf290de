// The queue on PostgreSQL: pg-boss, a queue built for it. pg-boss decides who runs what and when:
// its claim (`FOR UPDATE SKIP LOCKED`) gives a job to exactly one worker across processes, and its
// retry policy (15 s, doubling, with jitter) schedules failures. Each ledger row names the pg-boss job
// that schedules it (Job.queueJobId), and every step writes both in one transaction (pg-boss runs its
// statements through the Prisma transaction), so the two never disagree, even after a crash.
//
// pg-boss 10 has no heartbeat (its expiry is fixed when a job is sent), so a dead worker is found by
// the ledger's lease, as on SQLite: a lapsed job's pg-boss job is cancelled and a fresh one queued
// (the claim does this first), within a minute rather than at pg-boss's expiry, kept only as a
// backstop. pg-boss 10 is the newest line that runs on Node 20 (docs/DECISIONS.md, "Durable jobs").
import crypto from 'node:crypto'
import type PgBoss from 'pg-boss'
import { postgresPool, prisma, type Tx } from '../db'
import { env } from '../env'
import { logger } from '../lib/logger'
import { QUEUE_SCHEMA } from './job-queue-schema'
import {
  claimedData,
  doneData,
  failedData,
  lapsedLease,
  liveJobId,
  newJobData,
  requeuedData,
  rerunData,
  type JobQueue,
  type JobRow,
} from './job-ledger'

const RETRY_DELAY_SECONDS = 15
/** pg-boss's own expiry of a running job: a backstop only (the lease finds a dead worker in a minute); below its 24 h cap. */
const EXPIRE_SECONDS = 23 * 3600
const MAINTENANCE_SECONDS = 120

/** pg-boss's statements on this process's pool (the one Prisma uses: DATABASE_POOL_SIZE bounds both). */
const poolSql: PgBoss.Db = { executeSql: (text, values) => postgresPool().query(text, values) }

/** A value as Prisma passes it on to pg: objects as JSON text, arrays (of ids) as they are. */
const asParam = (value: unknown) =>
  value === undefined
    ? null
    : value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
      ? JSON.stringify(value)
      : value

/** pg-boss's statements inside a Prisma transaction, so its job commits or rolls back with the ledger's row. */
const inTransaction = (tx: Tx): PgBoss.Db => ({
  executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(asParam)) }),
})

// pg-boss is loaded when PostgreSQL first needs it: a portal on SQLite never loads it.
async function newBoss(supervise: boolean): Promise<PgBoss> {
  const { default: PgBossClass } = await import('pg-boss')
  const boss = new PgBossClass({
    db: poolSql,
    schema: QUEUE_SCHEMA,
    migrate: false,
    supervise,
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  })
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue (pg-boss) error'))
  return boss
}

let client: Promise<PgBoss> | undefined
/** This process's pg-boss for sending and claiming: no timers of its own, so a script that enqueues still exits. */
function boss(): Promise<PgBoss> {
  client ??= (async () => {
    const instance = await newBoss(false)
    await instance.start()
    return instance
  })().catch((error: unknown) => {
    client = undefined
    throw error
  })
  return client
}

// pg-boss 10 keeps each queue in a table of its own, made once per database. Two processes making
// the same one at once can deadlock on its DDL; PostgreSQL cancels one, which finds it made on retry.
const createdQueues = new Map<string, Promise<void>>()
const DEADLOCK = '40P01'
async function createQueue(instance: PgBoss, kind: string): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await instance.createQueue(kind, {
        name: kind,
        retryDelay: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
      })
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || tries === 3) throw error
    }
  }
}
async function ensureQueue(kind: string): Promise<PgBoss> {
  const instance = await boss()
  const key = `${env.databaseUrl}\n${kind}`
  let created = createdQueues.get(key)
  if (!created) {
    created = createQueue(instance, kind)
    createdQueues.set(key, created)
    created.catch(() => createdQueues.delete(key))
  }
  await created
  return instance
}

type Schedulable = Pick<JobRow, 'id' | 'kind' | 'runAt' | 'attempts' | 'maxAttempts'>

/** Queues pg-boss job `queueJobId` for ledger row `row`, due at its runAt, with the attempts it has left. */
async function schedule(tx: Tx, row: Schedulable, queueJobId: string): Promise<void> {
  const instance = await ensureQueue(row.kind)
  await instance.send(
    row.kind,
    { jobId: row.id },
    {
      id: queueJobId,
      db: inTransaction(tx),
      startAfter: row.runAt,
      retryLimit: Math.max(0, row.maxAttempts - row.attempts - 1),
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    },
  )
}

/** Stops pg-boss job `queueJobId` from running (again): its row was re-queued under a new one, or is over. */
async function cancel(tx: Tx, kind: string, queueJobId: string | null): Promise<void> {
  if (queueJobId) await (await boss()).cancel(kind, queueJobId, { db: inTransaction(tx) })
}

/** Re-queues the row (already updated by `requeue`, which answers whether it matched) under a fresh pg-boss job. */
async function reschedule(row: Schedulable & Pick<JobRow, 'queueJobId'>, requeue: (tx: Tx, fresh: string) => Promise<Schedulable | null>) {
  return prisma.$transaction(async (tx) => {
    const fresh = crypto.randomUUID()
    const updated = await requeue(tx, fresh)
    if (!updated) return false
    await cancel(tx, row.kind, row.queueJobId)
    await schedule(tx, updated, fresh)
    return true
  })
}

/**
 * The watchdog, before each claim: a running job whose lease lapsed with attempts left (its worker
 * died) is due again at once, the dead attempt counted; a queued row pg-boss does not know (copied from
 * SQLite by copy-to-postgres) is scheduled.
 */
async function redispatch(kinds: readonly string[]): Promise<void> {
  const now = new Date()
  const rows = await prisma.job.findMany({
    where: { kind: { in: [...kinds] }, OR: [lapsedLease(now), { state: 'queued', queueJobId: null }] },
  })
  for (const row of rows) {
    if (row.state === 'running' && row.attempts >= row.maxAttempts) continue
    await reschedule(row, async (tx, fresh) => {
      const where = row.state === 'running' ? { lockedBy: row.lockedBy, ...lapsedLease(now) } : { state: 'queued', queueJobId: null }
      const data = row.state === 'running' ? requeuedData(now) : {}
      const { count } = await tx.job.updateMany({ where: { id: row.id, ...where }, data: { ...data, queueJobId: fresh } })
      return count ? { ...row, runAt: row.state === 'running' ? now : row.runAt } : null
    })
  }
}

type NewRow = ReturnType<typeof newJobData> & { queueJobId: string }
/** createMany's skipDuplicates is PostgreSQL's alone, so the client typed as SQLite's (db.ts) does not show it. */
const createSkippingDuplicates = async (tx: Tx, data: NewRow): Promise<JobRow | undefined> =>
  (
    await (tx.job.createManyAndReturn as (args: { data: NewRow[]; skipDuplicates: boolean }) => Promise<JobRow[]>)({
      data: [data],
      skipDuplicates: true,
    })
  )[0]

/** The row `worker` holds, read in `tx`. */
const heldRow = (tx: Tx, id: number, worker: string) => tx.job.findFirst({ where: { id, lockedBy: worker, state: 'running' } })

export const pgBossQueue: JobQueue = {
  async enqueue(kind, payload, options, db) {
    await ensureQueue(kind)
    const write = async (tx: Tx) => {
      if (options.uniqueKey) {
        const live = await liveJobId(options.uniqueKey, tx)
        if (live) return live
      }
      const queueJobId = crypto.randomUUID()
      // ON CONFLICT DO NOTHING: a unique key another process took meanwhile leaves theirs, and the
      // caller's transaction usable (a failed INSERT would abort it on PostgreSQL).
      const row = await createSkippingDuplicates(tx, { ...newJobData(kind, payload, options), queueJobId })
      if (!row) return (await liveJobId(options.uniqueKey!, tx))!
      await schedule(tx, row, queueJobId)
      return row.id
    }
    return db ? write(db) : prisma.$transaction(write)
  },

  async claim(kinds, worker) {
    await redispatch(kinds)
    const instance = await boss()
    // pg-boss's claim and the ledger's in one transaction: a crash between them claims nothing.
    return prisma.$transaction(async (tx) => {
      for (const kind of kinds) {
        const [next] = await instance.fetch<unknown>(kind, { batchSize: 1, db: inTransaction(tx) })
        if (!next) continue
        const { count } = await tx.job.updateMany({
          where: { queueJobId: next.id, state: 'queued' },
          data: claimedData(worker, new Date()),
        })
        if (count === 1) return tx.job.findUniqueOrThrow({ where: { queueJobId: next.id } })
        // Its row no longer waits for this pg-boss job (removed, or re-queued under another).
        await cancel(tx, kind, next.id)
      }
      return null
    })
  },

  async complete(job, worker) {
    await prisma.$transaction(async (tx) => {
      // The claimed row names its pg-boss job; were it re-queued since (a lapsed lease), it is no longer this worker's.
      const { count } = await tx.job.updateMany({ where: { id: job.id, lockedBy: worker, state: 'running' }, data: doneData() })
      if (count && job.queueJobId) await (await boss()).complete(job.kind, job.queueJobId, {}, { db: inTransaction(tx) })
    })
  },

  async release(job, worker) {
    const row = await prisma.job.findFirst({ where: { id: job.id, lockedBy: worker, state: 'running' } })
    if (!row) return
    await reschedule(row, async (tx, fresh) => {
      const { count } = await tx.job.updateMany({
        where: { id: row.id, lockedBy: worker, state: 'running' },
        data: { ...requeuedData(new Date()), attempts: { decrement: 1 }, queueJobId: fresh },
      })
      return count ? { ...row, runAt: new Date(), attempts: row.attempts - 1 } : null
    })
  },

  async fail(job, worker, reason, isFinal) {
    return prisma.$transaction(async (tx) => {
      const row = await heldRow(tx, job.id, worker)
      const hasAttemptsLeft = !isFinal && job.attempts < job.maxAttempts
      if (!row) return hasAttemptsLeft ? 'queued' : 'failed'
      if (!hasAttemptsLeft || !row.queueJobId) {
        await cancel(tx, row.kind, row.queueJobId)
        await tx.job.update({ where: { id: row.id }, data: failedData(reason) })
        return 'failed'
      }
      // pg-boss decides the retry and its time; the ledger shows what it decided.
      await (await boss()).fail(row.kind, row.queueJobId, { message: reason }, { db: inTransaction(tx) })
      const [scheduled] = await tx.$queryRawUnsafe<{ state: string; start_after: Date }[]>(
        `SELECT state::text, start_after FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND id = $2::uuid`,
        row.kind,
        row.queueJobId,
      )
      if (scheduled?.state === 'retry') {
        await tx.job.update({ where: { id: row.id }, data: requeuedData(scheduled.start_after, reason) })
        return 'queued'
      }
      await tx.job.update({ where: { id: row.id }, data: failedData(reason) })
      return 'failed'
    })
  },

  async failAbandoned(reason) {
    const now = new Date()
    const lapsed = await prisma.job.findMany({ where: lapsedLease(now) })
    let failed = 0
    for (const row of lapsed) {
      if (row.attempts < row.maxAttempts) continue
      failed += await prisma.$transaction(async (tx) => {
        const { count } = await tx.job.updateMany({
          where: { id: row.id, lockedBy: row.lockedBy, ...lapsedLease(now) },
          data: failedData(reason),
        })
        if (count) await cancel(tx, row.kind, row.queueJobId)
        return count
      })
    }
    return failed
  },

  async rerun(jobId) {
    const row = await prisma.job.findUnique({ where: { id: jobId } })
    if (!row || row.state === 'queued' || row.state === 'running') return false
    return reschedule(row, async (tx, fresh) => {
      const { count } = await tx.job.updateMany({ where: { id: jobId, state: row.state }, data: { ...rerunData(), queueJobId: fresh } })
      return count ? { ...row, runAt: new Date(), attempts: 0 } : null
    })
  },

  // pg-boss's maintenance (its expiry backstop, archiving and removing old jobs), while a worker runs.
  async supervise() {
    const supervisor = await newBoss(true)
    await supervisor.start()
    return () => supervisor.stop({ graceful: false, close: false })
  },
}
