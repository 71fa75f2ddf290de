// pg-boss's tables on PostgreSQL (job-pgboss-queue.ts): a schema of their own, installed and upgraded
// by the migrate step (scripts/migrate.ts) with the portal's own migrations, never by a serving process.
export const QUEUE_SCHEMA = 'pgboss'

/** Installs or upgrades pg-boss's schema in the database at `url`; pg-boss locks against a parallel run. */
export async function migrateQueueSchema(url: string): Promise<void> {
  const { default: PgBoss } = await import('pg-boss')
  const installer = new PgBoss({ connectionString: url, schema: QUEUE_SCHEMA, max: 1, migrate: true, supervise: false, schedule: false })
  installer.on('error', () => undefined)
  await installer.start()
  await installer.stop({ graceful: false })
}
