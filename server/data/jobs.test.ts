// Durable jobs against the real database (both dialects): claims are exclusive, failures retry with
// backoff or fail for good, a dead worker's job is taken over, and a worker runs and hands back jobs.
import { prisma } from '../db'
import { isPostgres, makeJobDue } from '../test/database'
import { until } from '../test/until'
import { startJobWorker, type JobContext } from './job-worker'
import { QUEUE_SCHEMA } from './job-queue-schema'
import { claimJob, completeJob, enqueueJob, failAbandonedJobs, failJob, heartbeat, JobRefusal, LEASE_MS, rerunJob } from './jobs'

const kind = (name: string) => `test.${name}.${Math.random().toString(36).slice(2, 8)}`
const job = (id: number) => prisma.job.findUniqueOrThrow({ where: { id } })

describe('enqueueJob', () => {
  test('a unique key has one live job: enqueued again it answers the same one, and again once that ended', async () => {
    const type = kind('unique')
    const first = await enqueueJob(type, { n: 1 }, { uniqueKey: `${type}:a` })
    expect(await enqueueJob(type, { n: 2 }, { uniqueKey: `${type}:a` })).toBe(first)
    expect(JSON.parse((await job(first)).payload)).toEqual({ n: 1 })

    const claimed = (await claimJob([type], 'w1'))!
    await failJob(claimed, 'w1', '坏文件', true)

    expect(await enqueueJob(type, {}, { uniqueKey: `${type}:a` })).not.toBe(first)
  })

  test('twenty enqueues of one key at once leave one job', async () => {
    const type = kind('race')
    const ids = await Promise.all(Array.from({ length: 20 }, () => enqueueJob(type, {}, { uniqueKey: `${type}:k` })))
    expect(new Set(ids).size).toBe(1)
    expect(await prisma.job.count({ where: { kind: type } })).toBe(1)
  })
})

describe('claimJob', () => {
  test('workers racing for five jobs take each exactly once', async () => {
    const type = kind('claim')
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => enqueueJob(type, { i })))
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimJob([type], `worker-${i}`)))
    const taken = claims.filter((claim) => claim !== null).map((claim) => claim.id)

    expect(taken.sort()).toEqual([...ids].sort())
    for (const id of ids) expect(await job(id)).toMatchObject({ state: 'running', attempts: 1 })
  })

  test('a job is not claimed before its time, nor while its lease holds', async () => {
    const type = kind('due')
    const later = await enqueueJob(type, {}, { runAt: new Date(Date.now() + 60_000) })
    expect(await claimJob([type], 'w1')).toBeNull()
    await makeJobDue(later)
    expect((await claimJob([type], 'w1'))?.id).toBe(later)
    expect(await claimJob([type], 'w2')).toBeNull()
  })

  test("a dead worker's job is taken over once its lease runs out, counting an attempt; the old worker's beats then fail", async () => {
    const type = kind('watchdog')
    const id = await enqueueJob(type, {})
    await claimJob([type], 'dead')
    await prisma.job.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1) } })

    const taken = await claimJob([type], 'alive')

    expect(taken).toMatchObject({ id, lockedBy: 'alive', attempts: 2 })
    expect(await heartbeat(id, 'dead', 50)).toBe(false)
    expect(await heartbeat(id, 'alive', 50)).toBe(true)
    expect((await job(id)).percent).toBe(50)
    expect((await job(id)).lockedUntil!.getTime()).toBeGreaterThan(Date.now() + LEASE_MS - 5_000)
  })
})

describe('failures', () => {
  test('a failure is retried later with a growing pause, then fails for good with its reason', async () => {
    const type = kind('retry')
    const id = await enqueueJob(type, {}, { maxAttempts: 2 })
    const first = (await claimJob([type], 'w'))!
    expect(await failJob(first, 'w', '网络中断', false)).toBe('queued')
    const queued = await job(id)
    expect(queued).toMatchObject({ state: 'queued', error: '网络中断', lockedBy: null })
    expect(queued.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000)

    await makeJobDue(id)
    const second = (await claimJob([type], 'w'))!
    expect(await failJob(second, 'w', '网络中断', false)).toBe('failed')
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: 2, uniqueKey: null })
    expect(await claimJob([type], 'w')).toBeNull()
  })

  test('a refusal (the input is wrong) fails at once; staff may run it again from the start', async () => {
    const type = kind('refusal')
    const id = await enqueueJob(type, {})
    const claimed = (await claimJob([type], 'w'))!
    expect(await failJob(claimed, 'w', '文件不是视频', true)).toBe('failed')

    expect(await rerunJob(id)).toBe(true)
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, error: '' })
    expect(await rerunJob(id)).toBe(false)
  })

  test('a job whose worker died on every attempt is failed by the watchdog, not claimed forever', async () => {
    const type = kind('abandoned')
    const id = await enqueueJob(type, {}, { maxAttempts: 1 })
    await claimJob([type], 'dead')
    await prisma.job.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1) } })

    expect(await failAbandonedJobs('处理多次中断')).toBeGreaterThanOrEqual(1)
    expect(await job(id)).toMatchObject({ state: 'failed', error: '处理多次中断' })
  })
})

describe('startJobWorker', () => {
  test('runs each job once with its payload, records progress, and retries a failure', async () => {
    const type = kind('worker')
    const seen: unknown[] = []
    let failedOnce = false
    const worker = startJobWorker({
      pollMs: 50,
      heartbeatMs: 20,
      handlers: {
        [type]: async (payload: unknown, context: JobContext) => {
          if ((payload as { n: number }).n === 2 && !failedOnce) {
            failedOnce = true
            throw new Error('暂时失败')
          }
          context.progress(40)
          await new Promise((resolve) => setTimeout(resolve, 60))
          seen.push(payload)
        },
      },
    })
    try {
      const ids = await Promise.all([1, 2, 3].map((n) => enqueueJob(type, { n })))
      // The two that succeed are done and the failing one waits for its retry, in whatever order they ran.
      await until(
        // Queued with the error: failed once and waiting (before its first run it is queued without one).
        async () =>
          (await prisma.job.count({ where: { kind: type, state: 'done' } })) === 2 &&
          (await job(ids[1])).state === 'queued' &&
          (await job(ids[1])).error === '暂时失败',
      )
      expect(await job(ids[1])).toMatchObject({ state: 'queued', error: '暂时失败' })
      await makeJobDue(ids[1])
      await until(async () => (await prisma.job.count({ where: { kind: type, state: 'done' } })) === 3)

      expect(seen).toHaveLength(3)
      expect(await job(ids[1])).toMatchObject({ attempts: 2, percent: 100, error: '' })
    } finally {
      await worker.stop()
    }
  })

  test('stopping hands a running job back at once, its attempt not counted', async () => {
    const type = kind('stop')
    let started!: () => void
    const isStarted = new Promise<void>((resolve) => (started = resolve))
    const worker = startJobWorker({
      pollMs: 50,
      handlers: {
        [type]: (_payload, { signal }) =>
          new Promise((_resolve, reject) => {
            started()
            signal.addEventListener('abort', () => reject(new Error('stopped')))
          }),
      },
    })
    const id = await enqueueJob(type, {})
    await isStarted
    await worker.stop()

    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null })
  })

  test('a refusal from the handler fails the job at once with its Chinese reason', async () => {
    const type = kind('refuse')
    const worker = startJobWorker({
      pollMs: 50,
      handlers: {
        [type]: () => Promise.reject(new JobRefusal('视频文件已损坏')),
      },
    })
    try {
      const id = await enqueueJob(type, {})
      await until(async () => (await job(id)).state === 'failed')
      expect(await job(id)).toMatchObject({ attempts: 1, error: '视频文件已损坏' })
    } finally {
      await worker.stop()
    }
  })
})

describe.runIf(isPostgres)('on PostgreSQL, pg-boss schedules what the ledger shows', () => {
  type QueueJob = { state: string; retry_limit: number; start_after: Date }
  /** The pg-boss job named by ledger row `id` (or by `queueJobId`), as pg-boss keeps it. */
  async function queueJob(id: number, queueJobId?: string): Promise<QueueJob | undefined> {
    const row = await job(id)
    const rows = await prisma.$queryRawUnsafe<QueueJob[]>(
      `SELECT state::text, retry_limit, start_after FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND id = $2::uuid`,
      row.kind,
      queueJobId ?? row.queueJobId,
    )
    return rows[0]
  }

  test('each job is a pg-boss job due at its time, with the retries its attempts leave; claimed and completed through it', async () => {
    const type = kind('boss')
    const runAt = new Date(Date.now() + 60_000)
    const id = await enqueueJob(type, { n: 1 }, { runAt, maxAttempts: 4 })
    const queued = await queueJob(id)
    expect(queued).toMatchObject({ state: 'created', retry_limit: 3 })
    expect(Math.abs(queued!.start_after.getTime() - runAt.getTime())).toBeLessThan(1_000)
    expect(await claimJob([type], 'w')).toBeNull()

    await makeJobDue(id)
    const claimed = (await claimJob([type], 'w'))!
    expect(claimed).toMatchObject({ id, state: 'running' })
    expect((await queueJob(id))?.state).toBe('active')

    await completeJob(claimed, 'w')
    expect((await queueJob(id))?.state).toBe('completed')
    expect(await job(id)).toMatchObject({ state: 'done', percent: 100 })
  })

  test('a job enqueued in a transaction that rolls back leaves neither the row nor a pg-boss job', async () => {
    const type = kind('rollback')
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueJob(type, {}, {}, tx)
        throw new Error('回滚')
      }),
    ).rejects.toThrow('回滚')

    expect(await prisma.job.count({ where: { kind: type } })).toBe(0)
    const [{ count }] = await prisma.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM ${QUEUE_SCHEMA}.job WHERE name = $1`,
      type,
    )
    expect(count).toBe(0)
  })

  test('a retry waits as long as pg-boss decided; a refusal cancels the pg-boss job so it never runs again', async () => {
    const type = kind('boss-retry')
    const id = await enqueueJob(type, {})
    expect(await failJob((await claimJob([type], 'w'))!, 'w', '网络中断', false)).toBe('queued')
    const retry = (await queueJob(id))!
    expect(retry.state).toBe('retry')
    expect((await job(id)).runAt.getTime()).toBe(retry.start_after.getTime())

    await makeJobDue(id)
    expect(await failJob((await claimJob([type], 'w'))!, 'w', '文件不是视频', true)).toBe('failed')
    expect((await queueJob(id))?.state).toBe('cancelled')
    expect(await claimJob([type], 'w')).toBeNull()
  })

  test("a dead worker's pg-boss job is cancelled and a fresh one, with one retry fewer, takes its place", async () => {
    const type = kind('boss-watchdog')
    const id = await enqueueJob(type, {}, { maxAttempts: 3 })
    await claimJob([type], 'dead')
    const deadJob = (await job(id)).queueJobId!
    await prisma.job.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1) } })

    expect(await claimJob([type], 'alive')).toMatchObject({ id, lockedBy: 'alive', attempts: 2 })
    expect((await queueJob(id, deadJob))?.state).toBe('cancelled')
    expect((await job(id)).queueJobId).not.toBe(deadJob)
    expect(await queueJob(id)).toMatchObject({ state: 'active', retry_limit: 1 })
  })

  test('a queued row pg-boss does not know (copied from SQLite) is scheduled and runs', async () => {
    const type = kind('copied')
    const { id } = await prisma.job.create({ data: { kind: type, payload: '{}' } })

    expect(await claimJob([type], 'w')).toMatchObject({ id, state: 'running', attempts: 1 })
    expect((await queueJob(id))?.state).toBe('active')
  })
})
