// Prisma 6.19 with the JS schema engine and the better-sqlite3 adapter: migrations run
// fully offline (no engine binary download), the same driver the app uses at runtime.
import path from 'node:path'
import { defineConfig } from 'prisma/config'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { databaseUrl } from './server/lib/database-url'

// The schema's env("DATABASE_URL") must resolve even when nothing is configured.
process.env.DATABASE_URL = databaseUrl()

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  adapter: async () => new PrismaBetterSQLite3({ url: databaseUrl() }),
})
