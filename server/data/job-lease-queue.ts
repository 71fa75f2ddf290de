// The queue on the embedded SQLite database: the ledger's rows themselves, claimed under leases.
//
// Exactly once: a worker claims a job with one conditional UPDATE (queued and due, or running with an
// expired lease) that names it the holder; only one UPDATE can match, so two workers never both run
// it. A running job renews its lease while it works; a worker that dies stops renewing, the lease runs
// out and the next claim takes the job again (the watchdog), counting an attempt. A failure is retried
// with backoff until its attempts are spent; a `JobRefusal` (the input itself is wrong) fails at once.
import { prisma, type Tx } from '../db'
import { claimedData, doneData, failedData, lapsedLease, liveJobId, newJobData, requeuedData, rerunData, type JobQueue } from './job-ledger'

const BACKOFF_BASE_MS = 15_000
const BACKOFF_MAX_MS = 30 * 60_000

/** Due now: queued and its time has come, or running under a lease its holder stopped renewing. */
const claimable = (kinds: readonly string[], now: Date) => ({
  kind: { in: [...kinds] },
  OR: [{ state: 'queued', runAt: { lte: now } }, lapsedLease(now)],
})

export const leaseQueue: JobQueue = {
  async enqueue(kind, payload, options, db: Tx | undefined) {
    const rows = db ?? prisma
    const data = newJobData(kind, payload, options)
    if (!options.uniqueKey) return (await rows.job.create({ data, select: { id: true } })).id
    const live = await liveJobId(options.uniqueKey, rows)
    if (live) return live
    try {
      return (await rows.job.create({ data, select: { id: true } })).id
    } catch (error) {
      // Another process enqueued it between the read and the write: theirs is the live one.
      if ((error as { code?: string }).code !== 'P2002') throw error
      return (await liveJobId(options.uniqueKey))!
    }
  },

  async claim(kinds, worker) {
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
        data: claimedData(worker, now),
      })
      if (count === 1) return prisma.job.findUniqueOrThrow({ where: { id: candidate.id } })
    }
    return null
  },

  async complete(job, worker) {
    await prisma.job.updateMany({ where: { id: job.id, lockedBy: worker }, data: doneData() })
  },

  async release(job, worker) {
    await prisma.job.updateMany({
      where: { id: job.id, lockedBy: worker, state: 'running' },
      data: { ...requeuedData(new Date()), attempts: { decrement: 1 } },
    })
  },

  async fail(job, worker, reason, isFinal) {
    const retry = !isFinal && job.attempts < job.maxAttempts
    const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, job.attempts - 1))
    await prisma.job.updateMany({
      where: { id: job.id, lockedBy: worker },
      data: retry ? requeuedData(new Date(Date.now() + backoff), reason) : failedData(reason),
    })
    return retry ? 'queued' : 'failed'
  },

  async failAbandoned(reason) {
    const abandoned = await prisma.job.findMany({
      where: lapsedLease(new Date()),
      select: { id: true, attempts: true, maxAttempts: true, lockedBy: true },
    })
    let failed = 0
    for (const job of abandoned) {
      if (job.attempts < job.maxAttempts) continue
      const { count } = await prisma.job.updateMany({
        where: { id: job.id, lockedBy: job.lockedBy, ...lapsedLease(new Date()) },
        data: failedData(reason),
      })
      failed += count
    }
    return failed
  },

  async rerun(jobId) {
    const job = await prisma.job.findUnique({ where: { id: jobId }, select: { state: true } })
    if (!job || job.state === 'queued' || job.state === 'running') return false
    const { count } = await prisma.job.updateMany({ where: { id: jobId, state: job.state }, data: rerunData() })
    return count === 1
  },

  // The ledger needs no housekeeping of its own.
  supervise: () => Promise.resolve(() => Promise.resolve()),
}
