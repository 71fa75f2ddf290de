// Prisma CLI configuration for the PostgreSQL schema (generated from prisma/schema.prisma by
// `npm run db:pg-schema`): used only to generate its client and to diff schemas offline
// (`npx prisma generate --config prisma/postgres/prisma.config.ts`). Migrations on PostgreSQL are
// committed SQL applied by scripts/migrate.ts, never `prisma migrate deploy` (prisma/orm#27403).
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'prisma/config'

const here = path.dirname(fileURLToPath(import.meta.url))

// The schema's env("DATABASE_URL") must look like a PostgreSQL address even when SQLite is configured;
// nothing here connects to it.
if (!/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')) process.env.DATABASE_URL = 'postgresql://localhost:5432/portal'

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(here, 'schema.prisma'),
  migrations: { path: path.join(here, 'migrations') },
  // The JS schema engine needs no download; nothing in this project asks it to connect.
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL }),
})
