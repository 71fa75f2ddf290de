import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from './generated/prisma/client'
import { env } from './env'

// One client per process. WAL lets readers proceed while a write is in flight.
export const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: env.databaseUrl }) })

let pragmasApplied: Promise<void> | undefined
export function applyPragmas(): Promise<void> {
  pragmasApplied ??= (async () => {
    await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL')
    await prisma.$queryRawUnsafe('PRAGMA busy_timeout = 5000')
    await prisma.$queryRawUnsafe('PRAGMA synchronous = NORMAL')
  })()
  return pragmasApplied
}

// Every process that touches the database gets the same pragmas, tests and scripts included.
applyPragmas().catch(() => {
  pragmasApplied = undefined
})

export type { Prisma } from './generated/prisma/client'
