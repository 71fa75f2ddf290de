// `npm run start:worker`: a process that runs durable jobs (transcoding) and serves nothing, for more
// transcoding power on this or another machine of the same database and storage. JOB_CONCURRENCY jobs
// at a time (at least one); a stop hands running jobs back, so the next worker starts them again.
import { failureText } from '../server/lib/config-error'

async function main() {
  const { env } = await import('../server/env')
  const { logger } = await import('../server/lib/logger')
  const { assertWorkableConfiguration } = await import('../server/lib/workable-configuration')
  assertWorkableConfiguration()
  const { applyPragmas, prisma } = await import('../server/db')
  await applyPragmas()
  const { startJobWorker } = await import('../server/data/job-worker')
  const { jobHandlers } = await import('../server/jobs')
  const worker = startJobWorker({ handlers: jobHandlers, concurrency: Math.max(1, env.JOB_CONCURRENCY) })
  // The worker's own timers do not hold a process open (in `npm start` the web server does): this does.
  const keepAlive = setInterval(() => undefined, 60_000)
  logger.info({ worker: worker.name, kinds: Object.keys(jobHandlers) }, '后台任务进程已启动 / job worker started')
  const stop = async (signal: string) => {
    logger.info({ signal }, 'job worker stopping')
    await worker.stop()
    clearInterval(keepAlive)
    await prisma.$disconnect()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(failureText(error))
  process.exit(1)
})
