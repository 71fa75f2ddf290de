// Runs before each test file: points the app at a private copy of the seeded template (a copy of
// template.db on SQLite, a database made from the template database on PostgreSQL).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { createDatabaseFrom, POSTGRES_TEMPLATE, TEST_JWT_SECRET } from './postgres-cluster'

const testDir = inject('testDir')
const postgresServer = inject('postgresServer')
const name = `file-${process.pid}-${crypto.randomBytes(4).toString('hex')}`
if (postgresServer) {
  process.env.DATABASE_URL = await createDatabaseFrom(postgresServer, POSTGRES_TEMPLATE, name.replace(/-/g, '_'))
  process.env.JWT_SECRET = TEST_JWT_SECRET
} else {
  const copy = path.join(testDir, `${name}.db`)
  fs.copyFileSync(path.join(testDir, 'template.db'), copy)
  process.env.DATABASE_URL = `file:${copy}`
}
process.env.UPLOAD_DIR = path.join(testDir, 'uploads')
process.env.TEST_DIR = testDir
process.env.NODE_ENV = 'test'
// Servers the tests start run no durable jobs (transcoding the demo videos) unless a test asks for them.
process.env.JOB_CONCURRENCY ??= '0'
// The suite keeps every core busy, so a transcode at the idle priority could wait for minutes behind it.
process.env.TRANSCODE_PRIORITY ??= 'normal'

// Projects whose workers share loaded modules between files (vitest.config.ts) point them at this
// file's database. Imported only there and only now, once DATABASE_URL is set: an isolated file must
// be free to set the environment before the server's modules first read it.
if (process.env.TEST_SHARED_MODULES === '1') {
  const { startTestFile } = await import('./per-file-state')
  await startTestFile(process.env.DATABASE_URL)
}
