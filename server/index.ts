import type { Server } from 'node:http'
import { createApp } from './app'
import { applyPragmas, prisma } from './db'
import { env } from './env'
import { logger } from './lib/logger'
import { scheduleBackups } from './lib/backup-schedule'
import { smsConfigProblem } from './lib/sms/sms-provider'
import { flushViews } from './lib/views'

export async function startServer(port = env.PORT): Promise<Server> {
  // A configuration that cannot work is refused now, naming the variable, not at the first SMS.
  const smsProblem = smsConfigProblem()
  if (smsProblem) throw new Error(`配置无效 (invalid configuration): ${smsProblem}`)
  await applyPragmas()
  const app = createApp()
  const server = app.listen(port, env.HOST)
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject))
  registerShutdown(server)
  // Scheduled backups (BACKUP_CRON), stopped with the server.
  server.once('close', scheduleBackups(env))
  return server
}

function registerShutdown(server: Server) {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    // Stop accepting connections, let in-flight requests finish, then close the database.
    server.close(async () => {
      await flushViews().catch((error: unknown) => logger.error({ err: error }, 'page views of the last second were not written'))
      await prisma.$disconnect()
      process.exit(0)
    })
    server.closeIdleConnections()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    logger.fatal({ err: error }, 'server failed to start')
    process.exit(1)
  })
}
