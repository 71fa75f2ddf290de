import cluster from 'node:cluster'
import type { Server } from 'node:http'
import { createApp } from './app'
import { applyPragmas, prisma } from './db'
import { env } from './env'
import { logger } from './lib/logger'
import { assertWorkableConfiguration } from './lib/workable-configuration'
import { scheduleBackups } from './data/backup-schedule'
import { flushViews } from './data/views'
import { flushRecentViews } from './data/recent-views'

import { announceSetupLink } from './features/staff/setup.service'
import { startBaiduPush } from './features/seo/baidu-push'
import { startUploadSweep } from './features/upload/upload.sweep'
import { startScheduler } from './features/lifecycle/lifecycle.service'
import { startBookingReminder } from './features/booking/booking-reminder'
import { startJobWorker } from './data/job-worker'
import { jobHandlers, quickJobHandlers } from './jobs'

export { assertWorkableConfiguration }

export async function startServer(port = env.PORT): Promise<Server> {
  assertWorkableConfiguration()
  await applyPragmas()
  const app = createApp()
  const server = app.listen(port, env.HOST)
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  registerShutdown(server)
  // Scheduled backups (BACKUP_CRON), stopped with the server.
  server.once('close', scheduleBackups(env))
  // Hourly: uploads nothing uses, older than a day, go with their files.
  server.once('close', startUploadSweep())
  // Every 15 s: scheduled publishes and take-downs that are due; each is claimed by one process.
  const stopScheduler = startScheduler()
  server.once('close', () => void stopScheduler())
  // Every 5 min: new booking requests unanswered for 24 hours alert staff once; each is claimed by one process.
  const stopReminder = startBookingReminder()
  server.once('close', () => void stopReminder())
  // Durable jobs (transcoding) beside serving, JOB_CONCURRENCY at a time; each job is claimed by one process.
  if (env.JOB_CONCURRENCY > 0) {
    const jobs = startJobWorker({ handlers: jobHandlers, concurrency: env.JOB_CONCURRENCY, besideServing: true })
    stopsBeforeExit.push(jobs.stop)
    const quickJobs = startJobWorker({ handlers: quickJobHandlers, concurrency: 2, besideServing: true })
    stopsBeforeExit.push(quickJobs.stop)
  }
  // Newly published pages go to Baidu's link submission, when a token is configured.
  if (env.BAIDU_PUSH_TOKEN && env.PUBLIC_URL) {
    const stopPush = startBaiduPush({ token: env.BAIDU_PUSH_TOKEN, site: env.PUBLIC_URL, logger })
    server.once('close', () => void stopPush())
  }
  const address = server.address()
  // In a cluster the first worker says it; the others would only repeat it.
  if (!cluster.isWorker || cluster.worker?.id === 1)
    await announceSetupLink(`http://localhost:${typeof address === 'object' && address ? address.port : port}`)
  return server
}

/** Work that must end before the database closes: running jobs are handed back for the next start. */
const stopsBeforeExit: (() => Promise<void>)[] = []

function registerShutdown(server: Server) {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    // Stop accepting connections, let in-flight requests finish, then close the database.
    server.close(async () => {
      await Promise.allSettled(stopsBeforeExit.map((stop) => stop()))
      await flushViews().catch((error: unknown) => logger.error({ err: error }, 'page views of the last second were not written'))
      await flushRecentViews().catch((error: unknown) => logger.error({ err: error }, 'footprints of the last second were not written'))
      await prisma.$disconnect()
      process.exit(0)
    })
    server.closeIdleConnections()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}
