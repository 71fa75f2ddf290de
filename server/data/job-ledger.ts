// The Job table is the ledger of durable jobs on both databases: what people see (the uploader's
// 转码中 37%, the console's list with reasons and attempts) and the lease that tells a live worker from
// a dead one. What decides who runs a job and when is the queue behind it (jobs.ts chooses): the
// ledger itself on SQLite (job-lease-queue.ts), pg-boss on PostgreSQL (job-pgboss-queue.ts).
import crypto from 'node:crypto'
import os from 'node:os'
import { prisma, type Tx } from '../db'

export type JobState = 'queued' | 'running' | 'done' | 'failed'

/** A failure no retry can mend; its message (Chinese) is what the uploader and staff read. */
export class JobRefusal extends Error {}

/** How long a claim holds without renewal before the job counts as abandoned by its worker. */
export const LEASE_MS = 60_000

export const workerName = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`

export type EnqueueOptions = {
  /** One live job per key: while one with this key is queued or running, enqueue answers it instead. */
  uniqueKey?: string
  maxAttempts?: number
  runAt?: Date
}

export type JobRow = Awaited<ReturnType<typeof prisma.job.findFirstOrThrow>>

/** What every queue does with the ledger's rows; `heartbeat` is the ledger's own (jobs.ts). */
export type JobQueue = {
  /** Adds a job in `db` (a transaction: the job commits with the write that asked for it) or on its own. */
  enqueue(kind: string, payload: unknown, options: EnqueueOptions, db: Tx | undefined): Promise<number>
  /** Takes the next due job of `kinds` for `worker`, or null when none is due. */
  claim(kinds: readonly string[], worker: string): Promise<JobRow | null>
  complete(job: Pick<JobRow, 'id' | 'kind' | 'queueJobId'>, worker: string): Promise<void>
  /** Hands a job back untouched (its worker is stopping): due at once, the attempt not counted. */
  release(job: Pick<JobRow, 'id' | 'kind'>, worker: string): Promise<void>
  /** Queues the job again after a growing pause, or fails it for good; answers which. */
  fail(job: Pick<JobRow, 'id' | 'kind' | 'attempts' | 'maxAttempts'>, worker: string, reason: string, isFinal: boolean): Promise<JobState>
  /** Fails, with `reason`, running jobs whose lease lapsed with their attempts spent. */
  failAbandoned(reason: string): Promise<number>
  /** Runs a finished or failed job again from the start. */
  rerun(jobId: number): Promise<boolean>
  /** Housekeeping while a worker runs (the queue's own maintenance); answers how to stop it. */
  supervise(): Promise<() => Promise<void>>
}

/** A new row's columns. */
export const newJobData = (kind: string, payload: unknown, options: EnqueueOptions) => ({
  kind,
  payload: JSON.stringify(payload ?? null),
  uniqueKey: options.uniqueKey ?? null,
  maxAttempts: options.maxAttempts ?? 3,
  runAt: options.runAt ?? new Date(),
})

/** A claim's columns: the holder, its lease, one more attempt. */
export const claimedData = (worker: string, now: Date) => ({
  state: 'running',
  lockedBy: worker,
  lockedUntil: new Date(now.getTime() + LEASE_MS),
  attempts: { increment: 1 },
  percent: 0,
})

export const doneData = () => ({
  state: 'done',
  percent: 100,
  lockedBy: null,
  lockedUntil: null,
  uniqueKey: null,
  error: '',
  finishedAt: new Date(),
})

export const failedData = (reason: string) => ({
  state: 'failed',
  lockedBy: null,
  lockedUntil: null,
  uniqueKey: null,
  error: reason,
  finishedAt: new Date(),
})

export const requeuedData = (runAt: Date, reason?: string) => ({
  state: 'queued',
  runAt,
  lockedBy: null,
  lockedUntil: null,
  ...(reason === undefined ? {} : { error: reason }),
})

/** Staff's 重新执行: from the start, as if new. */
export const rerunData = () => ({ state: 'queued', attempts: 0, runAt: new Date(), error: '', percent: 0, finishedAt: null })

/** Running under a lease its holder stopped renewing. */
export const lapsedLease = (now: Date) => ({ state: 'running', lockedUntil: { lt: now } })

/** The live job with `uniqueKey`, when there is one. */
export const liveJobId = async (uniqueKey: string, db: Pick<Tx, 'job'> = prisma) =>
  (await db.job.findUnique({ where: { uniqueKey }, select: { id: true } }))?.id
