import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Cron } from 'croner'
import { z } from 'zod'
import { databaseDialect, databaseFile, databaseUrl, fileBackupProblem, projectRoot } from './lib/database-url'
import { jwtSecretProblem, mayRunSeveralProcesses } from './lib/processes'
import { trustProxySchema } from './lib/trust-proxy'

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // A SQLite file (file:./data/portal.db, the default) or a PostgreSQL server (postgresql://user:pass@host:5432/db).
  DATABASE_URL: z.string().optional(),
  // PostgreSQL only: connections each process keeps open (server/db.ts); processes × this must stay under max_connections.
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'DATABASE_POOL_SIZE 应为 1 到 100 的整数 / DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
    .int({ message: 'DATABASE_POOL_SIZE 应为 1 到 100 的整数 / DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
    .min(1, { message: 'DATABASE_POOL_SIZE 应为 1 到 100 的整数 / DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
    .max(100, { message: 'DATABASE_POOL_SIZE 应为 1 到 100 的整数 / DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
    .default(10),
  UPLOAD_DIR: z.string().default(path.join(projectRoot, 'uploads')),
  // Unset: a random secret is generated once and kept in the data folder (one process per folder).
  // Required when several processes serve one database (server/lib/processes.ts).
  JWT_SECRET: z
    .string()
    .min(32, { message: 'JWT_SECRET 至少 32 个字符（可用 openssl rand -base64 48 生成） / JWT_SECRET needs at least 32 characters' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // "dev" writes codes to the server log (refused in production); "off" turns SMS off, so
  // registration and password recovery show as unavailable; any other provider is configured by
  // its own variables (server/lib/sms/sms-provider.ts names the missing ones).
  SMS_PROVIDER: z.enum(['dev', 'off', 'http', 'aliyun', 'tencent']).optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_REGISTER: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_FINDPASS: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_REGION: z.string().default('cn-hangzhou'),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_REGISTER: z.string().optional(),
  TENCENT_SMS_TEMPLATE_FINDPASS: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com/'),
  TRUST_PROXY: trustProxySchema,
  // Lets a scraper elsewhere read GET /metrics with `Authorization: Bearer <token>` (server/http/metrics-route.ts).
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN 至少 16 个字符 / METRICS_TOKEN must be at least 16 characters').optional(),
  // Production starts empty unless SEED_DEMO=1 asks for the demo teachers, courses and topics.
  SEED_DEMO: z
    .enum(['0', '1', 'false', 'true'], { message: 'SEED_DEMO 应为 1（导入演示数据）或 0 / SEED_DEMO must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // The address visitors use (https://www.example.com), for links the server writes: the first-run setup link.
  PUBLIC_URL: z
    .string()
    .url({ message: 'PUBLIC_URL 应为完整网址，例如 https://www.example.com / PUBLIC_URL must be an absolute URL' })
    .refine((value) => /^https?:\/\//.test(value), { message: 'PUBLIC_URL 应以 http:// 或 https:// 开头' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // Optional: Baidu's link-submission token (搜索资源平台 → 普通收录 → API 提交). With PUBLIC_URL set, newly
  // published pages are pushed to Baidu (server/features/seo/baidu-push.ts).
  BAIDU_PUSH_TOKEN: z.string().trim().min(1).optional(),
  CLIENT_DIST: z.string().default(path.join(projectRoot, 'client', 'dist')),
  // Worker processes of `npm run start:cluster` (scripts/start-cluster.ts); unset: one per CPU core.
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'WEB_CONCURRENCY 应为 1 到 256 的整数 / WEB_CONCURRENCY must be a whole number from 1 to 256' })
    .int({ message: 'WEB_CONCURRENCY 应为 1 到 256 的整数 / WEB_CONCURRENCY must be a whole number from 1 to 256' })
    .min(1, { message: 'WEB_CONCURRENCY 应为 1 到 256 的整数 / WEB_CONCURRENCY must be a whole number from 1 to 256' })
    .max(256, { message: 'WEB_CONCURRENCY 应为 1 到 256 的整数 / WEB_CONCURRENCY must be a whole number from 1 to 256' })
    .optional(),
  // Where uploaded files live (server/lib/storage): the upload folder, or an S3-compatible bucket
  // (AWS S3, Aliyun OSS, Tencent COS, MinIO). Multipart temp files stay under UPLOAD_DIR either way.
  STORAGE: z.enum(['local', 's3'], { message: 'STORAGE 应为 local 或 s3 / STORAGE must be local or s3' }).default('local'),
  S3_ENDPOINT: z
    .string()
    .url({ message: 'S3_ENDPOINT 应为完整网址，例如 https://oss-cn-hangzhou.aliyuncs.com / S3_ENDPOINT must be an absolute URL' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'false', 'true'], { message: 'S3_FORCE_PATH_STYLE 应为 1 或 0 / S3_FORCE_PATH_STYLE must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // The address public media is delivered from (a CDN whose origin is this site's /uploads/), e.g.
  // https://cdn.example.com/uploads; unset: the site itself. Private files always go through the site.
  MEDIA_PUBLIC_URL: z
    .string()
    .url({ message: 'MEDIA_PUBLIC_URL 应为完整网址，例如 https://cdn.example.com/uploads / MEDIA_PUBLIC_URL must be an absolute URL' })
    .refine((value) => /^https?:\/\//.test(value), { message: 'MEDIA_PUBLIC_URL 应以 http:// 或 https:// 开头' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // How often page views counted in memory are written (server/lib/views.ts).
  VIEW_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  // Backups (server/lib/backup.ts): where archives go (relative to the project root), how many the
  // newest are kept, and when the server takes them itself (5-field cron, local time; unset = never).
  BACKUP_DIR: z
    .string()
    .default('backups')
    .transform((dir) => path.resolve(projectRoot, dir)),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  BACKUP_CRON: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .superRefine((value, ctx) => {
      const problem = value === undefined ? undefined : cronProblem(value)
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: `BACKUP_CRON 应为 5 段 cron 表达式，例如 "0 3 * * *"（每天 3:00） / BACKUP_CRON must be a 5-field cron expression such as "0 3 * * *": ${problem}`,
        })
    }),
})

/** Every variable the portal reads; .env.example documents each one (checked by server/env.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape)

/** Why a cron expression is refused, in croner's words (the schedule runs it with the same options), or undefined. */
function cronProblem(pattern: string): string | undefined {
  try {
    new Cron(pattern, { mode: '5-part' })
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Refuses a configuration that cannot work, naming each variable at fault. */
function parseEnv() {
  const result = envSchema.safeParse(process.env)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`)
  throw new Error(`配置无效 (invalid configuration):\n${lines.join('\n')}`)
}

const parsed = parseEnv()

/** Keeps a generated secret in the data folder so tokens survive restarts without configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(48).toString('base64url')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

// Refused before anything touches the data folder or generates a secret: a secret kept in a data
// folder would be this process's (this machine's) alone.
const secretProblem = jwtSecretProblem(mayRunSeveralProcesses(parsed.DATABASE_URL), parsed.JWT_SECRET)
if (secretProblem) throw new Error(`配置无效 (invalid configuration):\n  ${secretProblem}`)

const dialect = databaseDialect(parsed.DATABASE_URL)
// Scheduled backups copy the SQLite file: on PostgreSQL they could only fail, every night.
const backupProblem = parsed.BACKUP_CRON ? fileBackupProblem(parsed.DATABASE_URL) : undefined
if (backupProblem) throw new Error(`配置无效 (invalid configuration):\n  BACKUP_CRON: ${backupProblem.replace(/\n/g, ' ')}`)
// PostgreSQL has no database file: the data folder (generated JWT secret, a single-process default) stays data/.
const dbFile = dialect === 'sqlite' ? databaseFile(parsed.DATABASE_URL) : path.join(projectRoot, 'data', 'portal.db')

export const env = {
  ...parsed,
  isProduction: parsed.NODE_ENV === 'production',
  isTest: parsed.NODE_ENV === 'test',
  databaseUrl: databaseUrl(parsed.DATABASE_URL),
  databaseDialect: dialect,
  dataDir: path.dirname(dbFile),
  jwtSecret: parsed.JWT_SECRET ?? loadOrCreateSecret(path.dirname(dbFile)),
  logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
  // Outside production codes go to the log unless a provider is chosen; production must choose.
  smsProvider: parsed.SMS_PROVIDER ?? (parsed.NODE_ENV === 'production' ? undefined : 'dev'),
}
export type Env = typeof env
