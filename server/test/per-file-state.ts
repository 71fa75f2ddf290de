// The server projects run their files without isolation: a worker loads the server's modules once and
// runs file after file in them (vitest.config.ts, "isolate"), which saves each file the second or so
// of importing them. What isolation gave is restored here: each file gets its own copy of the seeded
// database (setup.ts), and what the modules keep in memory about the previous file's database goes.
import { clock } from '../lib/clock'
import { useDatabase } from '../db'
import { invalidateContentCache } from '../data/cache'
import { flushViews } from '../data/views'
import { flushRecentViews } from '../data/recent-views'
import { listenOnCurrentDatabase } from '../data/sql/postgres-changes'
import { env } from '../env'

const realNow = clock.now
let filesRun = 0

/** Called by setup.ts before each file, once DATABASE_URL names that file's database. */
export async function startTestFile(databaseUrl: string): Promise<void> {
  // The first file loaded the modules on its own database.
  if (filesRun++ === 0) return
  // Visits counted against the previous database are written to it, so none is counted here.
  await flushViews()
  await flushRecentViews()
  await useDatabase(databaseUrl)
  // Other processes' changes (PostgreSQL's NOTIFY) come from the database each connection is on.
  if (env.databaseDialect === 'postgres') await listenOnCurrentDatabase()
  invalidateContentCache()
  clock.now = realNow
}
