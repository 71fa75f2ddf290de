// Durable jobs: work that outlives a request (transcoding, fan-out, alert delivery), kept so it survives
// restarts and is shared by every process on the database. The ledger (job-ledger.ts) is the Job
// table people see; the queue that decides who runs a job and when is the ledger's own leases on
// SQLite (job-lease-queue.ts) and pg-boss on PostgreSQL (job-pgboss-queue.ts). Callers see one
// interface either way.
import { prisma, type Tx } from '../db'
import { env } from '../env'
import { LEASE_MS, type EnqueueOptions, type JobQueue, type JobRow, type JobState } from './job-ledger'
import { leaseQueue } from './job-lease-queue'
import { pgBossQueue } from './job-pgboss-queue'

export { JobRefusal, LEASE_MS, workerName, type EnqueueOptions, type JobRow, type JobState } from './job-ledger'

const queue = (): JobQueue => (env.databaseDialect === 'postgres' ? pgBossQueue : leaseQueue)

/**
 * Adds a job (or finds the live one with the same key) and answers its id. `db`: a transaction, so
 * the job commits with the write that asked for it (a publish's fan-out, issue 25).
 */
export function enqueueJob(kind: string, payload: unknown, options: EnqueueOptions = {}, db?: Tx): Promise<number> {
  return queue().enqueue(kind, payload, options, db)
}

/** Takes the next due job of `kinds` for `worker`, or null when none is due. */
export function claimJob(kinds: readonly string[], worker: string): Promise<JobRow | null> {
  return queue().claim(kinds, worker)
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

export function completeJob(job: Pick<JobRow, 'id' | 'kind' | 'queueJobId'>, worker: string): Promise<void> {
  return queue().complete(job, worker)
}

/** Hands a job back untouched (its worker is stopping): due at once, the attempt not counted. */
export function releaseJob(job: Pick<JobRow, 'id' | 'kind'>, worker: string): Promise<void> {
  return queue().release(job, worker)
}

/** Queues the job again after a pause that doubles each attempt, or fails it for good. */
export function failJob(
  job: Pick<JobRow, 'id' | 'kind' | 'attempts' | 'maxAttempts'>,
  worker: string,
  reason: string,
  isFinal: boolean,
): Promise<JobState> {
  return queue().fail(job, worker, reason, isFinal)
}

/**
 * A lease found expired with its attempts spent (its worker died each time): failed for good rather
 * than claimed again, so a file that kills the worker cannot loop forever.
 */
export function failAbandonedJobs(reason: string): Promise<number> {
  return queue().failAbandoned(reason)
}

/** Runs a finished or failed job again from the start (staff's 重新执行). */
export function rerunJob(jobId: number): Promise<boolean> {
  return queue().rerun(jobId)
}

/** The queue's housekeeping while a worker runs; answers how to stop it. */
export function superviseJobs(): Promise<() => Promise<void>> {
  return queue().supervise()
}
