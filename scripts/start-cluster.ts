// `npm run start:cluster` (built: `node dist/app/start-cluster.js`): the portal as one primary and
// one worker per CPU core (WEB_CONCURRENCY overrides) sharing one port through node:cluster. The
// primary checks the configuration, migrates and seeds once, forks the workers, restarts one that
// dies (waiting longer after each quick death), and on SIGTERM/SIGINT lets every worker finish its
// requests before exiting. Every log line is JSON; a worker's carry `worker` (its cluster id).
// Workers share everything else through the database: rate limits, leases, token checks.
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { failureText } from '../server/lib/config-error'

/** A worker that dies within this long of starting counts as a quick death: the next wait doubles. */
const QUICK_DEATH_MS = 10_000
const FIRST_RESTART_DELAY_MS = 500
const MAX_RESTART_DELAY_MS = 30_000
/** How long workers get to finish their requests on shutdown (each also gives itself 10 s). */
const DRAIN_MS = 15_000

async function runPrimary() {
  // The environment is parsed (and refused when it cannot work) before anything else happens.
  const { env } = await import('../server/env')
  const { logger: rootLogger } = await import('../server/lib/logger')
  const logger = rootLogger.child({ role: 'primary' })
  const { assertWorkableConfiguration } = await import('../server/lib/workable-configuration')
  assertWorkableConfiguration({ severalProcesses: true })

  // Once, before any worker serves: the same steps as `npm start` (scripts/prepare-to-serve.ts).
  const { prepareToServe } = await import('./prepare-to-serve')
  await prepareToServe(logger)
  const { prisma } = await import('../server/db')
  await prisma.$disconnect()

  const count = env.WEB_CONCURRENCY ?? os.availableParallelism()
  let stopping = false
  let listening = 0
  /** Per worker slot: when its current worker started and how long the next restart waits. */
  const slots = Array.from({ length: count }, () => ({ startedAt: 0, delay: FIRST_RESTART_DELAY_MS }))
  const slotOf = new Map<Worker, number>()

  const fork = (slot: number) => {
    slots[slot].startedAt = Date.now()
    const worker = cluster.fork()
    slotOf.set(worker, slot)
    worker.once('listening', () => {
      if (++listening === count) logger.info({ workers: count, port: env.PORT }, `名师网已启动 / portal listening with ${count} workers`)
    })
  }

  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf.get(worker)!
    slotOf.delete(worker)
    if (stopping) return
    const lived = Date.now() - slots[slot].startedAt
    const state = slots[slot]
    state.delay = lived < QUICK_DEATH_MS ? Math.min(state.delay * 2, MAX_RESTART_DELAY_MS) : FIRST_RESTART_DELAY_MS
    logger.error({ worker: worker.id, code, signal, livedMs: lived, restartInMs: state.delay }, 'worker died: restarting it')
    setTimeout(() => stopping || fork(slot), state.delay)
  })

  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: workers finish their requests')
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker)
    if (!workers.length) process.exit(0)
    let left = workers.length
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(0))
      worker.process.kill('SIGTERM')
    }
    setTimeout(() => {
      logger.error('workers did not stop in time: killing them')
      for (const worker of workers) worker.process.kill('SIGKILL')
      process.exit(1)
    }, DRAIN_MS).unref()
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  for (let slot = 0; slot < count; slot++) fork(slot)
}

async function runWorker() {
  const { startServer } = await import('../server/index')
  const { logger } = await import('../server/lib/logger')
  await startServer()
  logger.info('worker listening')
}

const run = cluster.isPrimary ? runPrimary : runWorker
run().catch((error: unknown) => {
  console.error(failureText(error))
  process.exit(1)
})
