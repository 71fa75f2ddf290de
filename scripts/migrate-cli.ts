// `npm run db:migrate` (built: `node dist/app/migrate.js`): applies the pending migrations to
// DATABASE_URL's database (SQLite or PostgreSQL, scripts/migrate.ts) without starting the portal.
import { runCommand } from './command'

runCommand(async () => {
  await import('../server/env')
  const { describeTargets } = await import('../server/lib/config-summary')
  const { logger } = await import('../server/lib/logger')
  const { migrate } = await import('./migrate')
  for (const line of describeTargets(['database'])) logger.info({ step: 'config' }, line)
  await migrate(logger)
})
