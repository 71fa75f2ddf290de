// Durable jobs: work that outlives a request (transcoding now; fan-out and webhooks next), kept in the
// Job table so it survives restarts and is shared by every process on the database.
//
// Exactly once: a worker claims a job with one conditional UPDATE (queued and due, or running with an
// expired lease) that names it the holder; on either database only one UPDATE can match, so two
// workers never both run it. A running job renews its lease while it works; a worker that dies stops
// renewing, the lease runs out and the next claim takes the job again (the watchdog), counting an
// attempt. A failure is retried with backoff until its attempts are spent; a `JobRefusal` (the input
// itself is wrong: a corrupt video) fails at once.
import crypto from 'node:crypto'
import os from 'node:os'
import { prisma } from '../db'

export type JobState = 'queued' | 'running' | 'done' | 'failed'

/** A failure no retry can mend; its message (Chinese) is what the uploader and staff read. */
export class JobRefusal extends Error {}

/** How long a claim holds without renewal before another worker may take the job. */
export const LEASE_MS = 60_000
const BACKOFF_BASE_MS = 15_000
const BACKOFF_MAX_MS = 30 * 60_000

export const workerName = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`

export type EnqueueOptions = {
  /** One live job per key: while one with this key is queued or running, enqueue answers it instead. */
  uniqueKey?: string
  maxAttempts?: number
  runAt?: Date
}

export type JobRow = Awaited<ReturnType<typeof prisma.job.findFirstOrThrow>>

/**
 * Adds a job (or finds the live one with the same key) and answers its id. `db`: a transaction, so
 * the job commits with the write that asked for it (a publish's fan-out, issue 25).
 */
export async function enqueueJob(
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
  db: Pick<typeof prisma, 'job'> = prisma,
): Promise<number> {
  const data = {
    kind,
    payload: JSON.stringify(payload ?? null),
    uniqueKey: options.uniqueKey ?? null,
    maxAttempts: options.maxAttempts ?? 3,
    runAt: options.runAt ?? new Date(),
  }
  if (!options.uniqueKey) return (await db.job.create({ data, select: { id: true } })).id
  const live = await db.job.findUnique({ where: { uniqueKey: options.uniqueKey }, select: { id: true } })
  if (live) return live.id
  try {
    return (await db.job.create({ data, select: { id: true } })).id
  } catch (error) {
    // Another process enqueued it between the read and the write: theirs is the live one.
    if ((error as { code?: string }).code !== 'P2002') throw error
    return (await prisma.job.findUniqueOrThrow({ where: { uniqueKey: options.uniqueKey }, select: { id: true } })).id
  }
}

/** Due now: queued and its time has come, or running under a lease its holder stopped renewing. */
const claimable = (kinds: readonly string[], now: Date) => ({
  kind: { in: [...kinds] },
  OR: [
    { state: 'queued', runAt: { lte: now } },
    { state: 'running', lockedUntil: { lt: now } },
  ],
})

/** Takes the next due job of `kinds` for `worker`, or null when none is due. */
export async function claimJob(kinds: readonly string[], worker: string): Promise<JobRow | null> {
  for (let tries = 0; tries < 5; tries++) {
    const now = new Date()
    const candidate = await prisma.job.findFirst({
      where: claimable(kinds, now),
      orderBy: [{ runAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    })
    if (!candidate) return null
    // The same condition again in the UPDATE's own WHERE: of several workers racing, one matches.
    const { count } = await prisma.job.updateMany({
      where: { id: candidate.id, ...claimable(kinds, now) },
      data: { state: 'running', lockedBy: worker, lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: { increment: 1 }, percent: 0 },
    })
    if (count === 1) return prisma.job.findUniqueOrThrow({ where: { id: candidate.id } })
  }
  return null
}

/** Moves the lease on and records progress; false once the job is no longer this worker's. */
export async function heartbeat(jobId: number, worker: string, percent?: number): Promise<boolean> {
  const { count } = await prisma.job.updateMany({
    where: { id: jobId, lockedBy: worker, state: 'running' },
    data: {
      lockedUntil: new Date(Date.now() + LEASE_MS),
      ...(percent === undefined ? {} : { percent: Math.max(0, Math.min(100, Math.round(percent))) }),
    },
  })
  return count === 1
}

export async function completeJob(jobId: number, worker: string): Promise<void> {
  await prisma.job.updateMany({
    where: { id: jobId, lockedBy: worker },
    data: { state: 'done', percent: 100, lockedBy: null, lockedUntil: null, uniqueKey: null, error: '', finishedAt: new Date() },
  })
}

/** Hands a job back untouched (its worker is stopping): queued at once, the attempt not counted. */
export async function releaseJob(jobId: number, worker: string): Promise<void> {
  await prisma.job.updateMany({
    where: { id: jobId, lockedBy: worker, state: 'running' },
    data: { state: 'queued', lockedBy: null, lockedUntil: null, attempts: { decrement: 1 }, runAt: new Date() },
  })
}

/** Queues the job again after a pause that doubles each attempt, or fails it for good. */
export async function failJob(
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  worker: string,
  reason: string,
  isFinal: boolean,
): Promise<JobState> {
  const retry = !isFinal && job.attempts < job.maxAttempts
  const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, job.attempts - 1))
  await prisma.job.updateMany({
    where: { id: job.id, lockedBy: worker },
    data: retry
      ? { state: 'queued', runAt: new Date(Date.now() + backoff), lockedBy: null, lockedUntil: null, error: reason }
      : { state: 'failed', lockedBy: null, lockedUntil: null, uniqueKey: null, error: reason, finishedAt: new Date() },
  })
  return retry ? 'queued' : 'failed'
}

/**
 * A lease found expired with its attempts spent (its worker died each time): failed for good rather
 * than claimed again, so a file that kills the worker cannot loop forever.
 */
export async function failAbandonedJobs(reason: string): Promise<number> {
  const abandoned = await prisma.job.findMany({
    where: { state: 'running', lockedUntil: { lt: new Date() } },
    select: { id: true, attempts: true, maxAttempts: true, lockedBy: true },
  })
  let failed = 0
  for (const job of abandoned) {
    if (job.attempts < job.maxAttempts) continue
    const { count } = await prisma.job.updateMany({
      where: { id: job.id, state: 'running', lockedBy: job.lockedBy, lockedUntil: { lt: new Date() } },
      data: { state: 'failed', lockedBy: null, lockedUntil: null, uniqueKey: null, error: reason, finishedAt: new Date() },
    })
    failed += count
  }
  return failed
}

/** Runs a finished or failed job again from the start (staff's 重新执行). */
export async function rerunJob(jobId: number): Promise<boolean> {
  const job = await prisma.job.findUnique({ where: { id: jobId }, select: { state: true, kind: true, payload: true } })
  if (!job || job.state === 'queued' || job.state === 'running') return false
  const { count } = await prisma.job.updateMany({
    where: { id: jobId, state: job.state },
    data: { state: 'queued', attempts: 0, runAt: new Date(), error: '', percent: 0, finishedAt: null },
  })
  return count === 1
}
