// `npm run db:migrate`: applies the pending migrations to DATABASE_URL's database (SQLite or
// PostgreSQL, scripts/migrate.ts) without starting the portal.
import '../server/lib/load-env-file'

async function main() {
  const { logger } = await import('../server/lib/logger')
  const { migrate } = await import('./migrate')
  await migrate(logger)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
