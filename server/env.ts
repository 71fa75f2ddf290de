import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { databaseFile, databaseUrl, projectRoot } from './lib/database-url'

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  UPLOAD_DIR: z.string().default(path.join(projectRoot, 'uploads')),
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // "dev" writes codes to the server log; any other provider is configured by its own variables.
  SMS_PROVIDER: z.enum(['dev', 'http']).optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  CLIENT_DIST: z.string().default(path.join(projectRoot, 'client', 'dist')),
  // How often page views counted in memory are written (server/lib/views.ts).
  VIEW_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
})

const parsed = envSchema.parse(process.env)

/** Keeps a generated secret in the data folder so tokens survive restarts without configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(48).toString('base64url')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

const dbFile = databaseFile(parsed.DATABASE_URL)

export const env = {
  ...parsed,
  isProduction: parsed.NODE_ENV === 'production',
  isTest: parsed.NODE_ENV === 'test',
  databaseUrl: databaseUrl(parsed.DATABASE_URL),
  dataDir: path.dirname(dbFile),
  jwtSecret: parsed.JWT_SECRET ?? loadOrCreateSecret(path.dirname(dbFile)),
  logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
  smsProvider: parsed.SMS_PROVIDER ?? (parsed.NODE_ENV === 'production' ? undefined : 'dev'),
}
export type Env = typeof env
