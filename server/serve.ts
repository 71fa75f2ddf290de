// Serves an already migrated database (`npm run dev`, the browser tests); `npm start` adds migration,
// seeding and the client build in front (scripts/start.ts).
import { startServer } from './index'
import { logger } from './lib/logger'

startServer().catch((error: unknown) => {
  logger.fatal({ err: error }, 'server failed to start')
  process.exit(1)
})
