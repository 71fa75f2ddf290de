// The one parser of the portal's settings. Every entry point imports it (directly or through the
// modules it uses), so each reads the environment and .env (loaded first) the same way, and a configuration that
// cannot work is refused here, every problem at once, before anything is written.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Cron } from 'croner'
import { z } from '../common/validation/z'
import { ConfigError } from './lib/config-error'
import { databaseDialect, databaseFile, databaseUrl, databaseUrlProblem, fileBackupProblem, projectRoot } from './lib/database-url'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './lib/database-files'
import { loadEnvFile } from './lib/load-env-file'
import { jwtSecretProblem, mayRunSeveralProcesses } from './lib/processes'
import { smsSettingProblems } from './lib/sms/sms-settings'
import { storageSettingProblems } from './lib/storage/storage-settings'
import { trustProxySchema } from './lib/trust-proxy'

/** A whole number from `min` to `max`, with the one message every way of getting it wrong deserves. */
const wholeNumber = (min: number, max: number) => {
  const message = `应为 ${min} 到 ${max} 的整数 / must be a whole number from ${min} to ${max}`
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message })
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // A SQLite file (file:./data/portal.db, the default) or a PostgreSQL server (postgresql://user:pass@host:5432/db).
  DATABASE_URL: z.string().optional(),
  // PostgreSQL only: connections each process keeps open (server/db.ts); processes × this must stay under max_connections.
  DATABASE_POOL_SIZE: wholeNumber(1, 100).default(10),
  UPLOAD_DIR: z
    .string()
    .default('uploads')
    .transform((dir) => path.resolve(projectRoot, dir)),
  // Unset: a random secret is generated once and kept in the data folder (one process per folder).
  // Required when several processes serve one database (server/lib/processes.ts).
  JWT_SECRET: z
    .string()
    .min(32, { message: '至少 32 个字符（可用 openssl rand -base64 48 生成） / needs at least 32 characters' })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: '应为 fatal、error、warn、info、debug、trace 或 silent / must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  // "dev" writes codes to the server log (refused in production); "off" turns SMS off, so
  // registration and password recovery show as unavailable; any other provider is configured by
  // its own variables (server/lib/sms/sms-provider.ts names the missing ones).
  SMS_PROVIDER: z
    .enum(['dev', 'off', 'http', 'aliyun', 'tencent'], {
      message: '应为 aliyun、tencent、http、off 或 dev / must be aliyun, tencent, http, off or dev',
    })
    .optional(),
  SMS_HTTP_URL: z.string().url({ message: '应为完整网址，例如 https://sms-bridge.internal/send / must be an absolute URL' }).optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_REGISTER: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_FINDPASS: z.string().optional(),
  // Optional, both clouds: an approved notice template whose one variable is the account event (登录密码已修改);
  // without it account notices do not go by SMS. Unused, not refused, when its provider is not chosen.
  ALIYUN_SMS_TEMPLATE_NOTICE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url({ message: '应为完整网址 / must be an absolute URL' }).default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_REGION: z.string().default('cn-hangzhou'),
  TENCENT_SMS_SECRET_ID: z.string().optional(),
  TENCENT_SMS_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_REGISTER: z.string().optional(),
  TENCENT_SMS_TEMPLATE_FINDPASS: z.string().optional(),
  TENCENT_SMS_TEMPLATE_NOTICE: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().url({ message: '应为完整网址 / must be an absolute URL' }).default('https://sms.tencentcloudapi.com/'),
  TRUST_PROXY: trustProxySchema,
  // Durable jobs (transcoding) this process runs at once beside serving; 0 for a web-only process when
  // `npm run start:worker` runs them elsewhere (server/data/job-worker.ts).
  JOB_CONCURRENCY: wholeNumber(0, 16).default(1),
  // ffmpeg and ffprobe for transcoding (Debian's package by default, scripts/ensure-ffmpeg.sh installs it).
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  // How a transcode shares the CPU with serving: `idle` (the default) runs it under Linux's SCHED_IDLE, a
  // core only when nothing else wants one, so pages keep their latency while a video encodes; it waits
  // as long as the machine stays busy. `low` (niceness 19) always gets a little; `normal` competes as an
  // equal (a worker-only machine, and the test suite, which keeps every core busy on purpose).
  TRANSCODE_PRIORITY: z
    .enum(['idle', 'low', 'normal'], { message: '应为 idle、low 或 normal / must be idle, low or normal' })
    .default('idle'),
  // Threads ffmpeg may use for one transcode (decoding, scaling, each rung's encoder); 0 leaves it to ffmpeg
  // (about 1.5 per core). Unset: all cores but one beside a web process (`npm start`), so pages keep a core
  // to themselves, and ffmpeg's choice in a worker-only process (`npm run start:worker`).
  TRANSCODE_THREADS: wholeNumber(0, 64).optional(),
  // Whether a video's uploaded original is kept once its streaming copy is made: kept (1, the default) it
  // can be transcoded again and plays where neither HLS way can; removed (0) it frees the disk.
  VIDEO_KEEP_ORIGINALS: z
    .enum(['0', '1', 'false', 'true'], { message: '应为 1（保留原视频）或 0 / must be 1 or 0' })
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  // Resumable (tus) video uploads (server/features/upload/resumable/): the largest file in bytes (4 GB by
  // default), hours without a byte after which an unfinished upload is removed, and the bytes one member
  // may upload in any 24 hours, all kinds together.
  RESUMABLE_UPLOAD_MAX_BYTES: wholeNumber(1024 * 1024, 64 * 1024 ** 3).default(4 * 1024 ** 3),
  RESUMABLE_UPLOAD_TTL_HOURS: wholeNumber(1, 24 * 30).default(24),
  UPLOAD_DAILY_BYTES: wholeNumber(1024 * 1024, 1024 ** 4).default(8 * 1024 ** 3),
  // Lets a scraper elsewhere read GET /metrics with `Authorization: Bearer <token>` (server/http/metrics-route.ts).
  METRICS_TOKEN: z.string().trim().min(16, '至少 16 个字符 / must be at least 16 characters').optional(),
  // Production starts empty unless SEED_DEMO=1 asks for the demo teachers, courses and topics.
  SEED_DEMO: z
    .enum(['0', '1', 'false', 'true'], { message: '应为 1（导入演示数据）或 0 / must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // The address visitors use (https://www.example.com), for links the server writes: the first-run setup link.
  PUBLIC_URL: z
    .string()
    .url({ message: '应为完整网址，例如 https://www.example.com / must be an absolute URL' })
    .refine((value) => /^https?:\/\//.test(value), { message: '应以 http:// 或 https:// 开头 / must start with http:// or https://' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // Optional: Baidu's link-submission token (搜索资源平台 → 普通收录 → API 提交). With PUBLIC_URL set, newly
  // published pages are pushed to Baidu (server/features/seo/baidu-push.ts).
  BAIDU_PUSH_TOKEN: z.string().trim().min(1).optional(),
  CLIENT_DIST: z
    .string()
    .default(path.join('client', 'dist'))
    .transform((dir) => path.resolve(projectRoot, dir)),
  // Worker processes of `npm run start:cluster` (scripts/start-cluster.ts); unset: one per CPU core.
  WEB_CONCURRENCY: wholeNumber(1, 256).optional(),
  // Where uploaded files live (server/lib/storage): the upload folder, or an S3-compatible bucket
  // (AWS S3, Aliyun OSS, Tencent COS, MinIO). Multipart temp files stay under UPLOAD_DIR either way.
  STORAGE: z.enum(['local', 's3'], { message: '应为 local 或 s3 / must be local or s3' }).default('local'),
  S3_ENDPOINT: z.string().url({ message: '应为完整网址，例如 https://oss-cn-hangzhou.aliyuncs.com / must be an absolute URL' }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'false', 'true'], { message: '应为 1 或 0 / must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  // The address public media is delivered from (a CDN whose origin is this site's /uploads/), e.g.
  // https://cdn.example.com/uploads; unset: the site itself. Private files always go through the site.
  MEDIA_PUBLIC_URL: z
    .string()
    .url({ message: '应为完整网址，例如 https://cdn.example.com/uploads / must be an absolute URL' })
    .refine((value) => /^https?:\/\//.test(value), { message: '应以 http:// 或 https:// 开头 / must start with http:// or https://' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // Staff alerts (server/features/alert/): whether a group-chat webhook may point at a private, loopback or
  // link-local address. Unset: refused in production (a console URL must not reach the internal network),
  // allowed elsewhere (a local test receiver).
  ALERT_ALLOW_PRIVATE_HOSTS: z
    .enum(['0', '1', 'false', 'true'], { message: '应为 1（允许内网地址）或 0 / must be 1 or 0' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === '1' || value === 'true')),
  // How often page views counted in memory are written (server/data/views.ts).
  VIEW_FLUSH_MS: wholeNumber(10, 600_000).default(1000),
  // How often every process looks for scheduled publishing and take-downs that came due (features/lifecycle).
  SCHEDULE_CHECK_SECONDS: wholeNumber(1, 300).default(15),
  // Backups (server/lib/backup.ts): where archives go (relative to the project root), how many the
  // newest are kept, and when the server takes them itself (5-field cron, local time; unset = never).
  BACKUP_DIR: z
    .string()
    .default('backups')
    .transform((dir) => path.resolve(projectRoot, dir)),
  BACKUP_KEEP: wholeNumber(1, 10_000).default(14),
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
          message: `应为 5 段 cron 表达式，例如 "0 3 * * *"（每天 3:00） / must be a 5-field cron expression such as "0 3 * * *" (${problem})`,
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

type ParsedEnv = z.infer<typeof envSchema>

/** Empty values count as unset: `PORT=` in .env must not become port 0, nor `JWT_SECRET=` a refusal. */
const withoutEmptyValues = (source: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''))

/** The nearest folder that exists at or above `dir`. */
function nearestExisting(dir: string): string {
  let current = path.resolve(dir)
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current)
  return current
}

/** Why this process cannot create or write `dir` (checked without writing anything), or undefined. */
function unwritableProblem(variable: string, dir: string): string | undefined {
  const existing = nearestExisting(dir)
  try {
    if (!fs.statSync(existing).isDirectory()) return `${variable}: ${existing} 不是文件夹 / ${existing} is not a folder`
    fs.accessSync(existing, fs.constants.W_OK | fs.constants.X_OK)
    return undefined
  } catch {
    return `${variable}: 当前用户无权写入 ${existing}（需要创建或写入 ${dir}） / ${existing} is not writable by this user`
  }
}

/** Problems no single variable shows: settings that parse but cannot work together. */
function crossFieldProblems(parsed: ParsedEnv): string[] {
  const isProduction = parsed.NODE_ENV === 'production'
  const problems: string[] = []
  const databaseProblem = databaseUrlProblem(parsed.DATABASE_URL)
  if (databaseProblem) return [databaseProblem]
  // A secret kept in a data folder would be this process's (this machine's) alone.
  const secretProblem = jwtSecretProblem(mayRunSeveralProcesses(parsed.DATABASE_URL), parsed.JWT_SECRET)
  if (secretProblem) problems.push(secretProblem)
  // Scheduled backups copy the SQLite file: on PostgreSQL they could only fail, every night.
  const backupProblem = parsed.BACKUP_CRON ? fileBackupProblem(parsed.DATABASE_URL) : undefined
  if (backupProblem) problems.push(`BACKUP_CRON: ${backupProblem.replace(/\n/g, ' ')}`)
  // Canonical links, sitemaps and the setup link must not follow a request's Host header.
  if (isProduction && !parsed.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: 生产环境必须设置访客使用的网址，例如 https://www.example.com（用于规范链接、站点地图和安装链接） / required in production',
    )
  // Baidu checks every pushed URL belongs to the site it was registered for.
  if (parsed.BAIDU_PUSH_TOKEN && !parsed.PUBLIC_URL)
    problems.push('PUBLIC_URL: 设置了 BAIDU_PUSH_TOKEN 时必须设置 / required with BAIDU_PUSH_TOKEN')
  const smsProvider = parsed.SMS_PROVIDER ?? (isProduction ? undefined : 'dev')
  problems.push(...smsSettingProblems({ ...parsed, isProduction, smsProvider }))
  problems.push(...storageSettingProblems(parsed))
  if (databaseDialect(parsed.DATABASE_URL) === 'sqlite') {
    const problem = unwritableProblem('DATABASE_URL', path.dirname(databaseFile(parsed.DATABASE_URL)))
    if (problem) problems.push(problem)
  }
  const uploadProblem = unwritableProblem('UPLOAD_DIR', parsed.UPLOAD_DIR)
  if (uploadProblem) problems.push(uploadProblem)
  const backupDirProblem = parsed.BACKUP_CRON ? unwritableProblem('BACKUP_DIR', parsed.BACKUP_DIR) : undefined
  if (backupDirProblem) problems.push(backupDirProblem)
  return problems
}

/**
 * The settings `source` describes, or a ConfigError listing every problem, one per variable, in
 * Chinese first. Reads and checks only: nothing is created, so a refused start leaves no trace.
 */
export function parseEnvironment(source: NodeJS.ProcessEnv) {
  const result = envSchema.safeParse(withoutEmptyValues(source))
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`)
    throw new ConfigError([...new Set(problems)])
  }
  const problems = crossFieldProblems(result.data)
  if (problems.length) throw new ConfigError(problems)
  return result.data
}

loadEnvFile()
const parsed = parseEnvironment(process.env)

/** Keeps a generated secret in the data folder so tokens survive restarts without configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(48).toString('base64url')
  ensurePrivateDir(dataDir)
  fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE })
  return secret
}

const dialect = databaseDialect(parsed.DATABASE_URL)
// PostgreSQL has no database file: the data folder (generated JWT secret, a single-process default) stays data/.
const dbFile = dialect === 'sqlite' ? databaseFile(parsed.DATABASE_URL) : path.join(projectRoot, 'data', 'portal.db')
let generatedSecret: string | undefined

export const env = {
  ...parsed,
  isProduction: parsed.NODE_ENV === 'production',
  isTest: parsed.NODE_ENV === 'test',
  databaseUrl: databaseUrl(parsed.DATABASE_URL),
  databaseDialect: dialect,
  dataDir: path.dirname(dbFile),
  /** The configured secret, or one generated into the data folder on first use (never by a refused start). */
  get jwtSecret(): string {
    return parsed.JWT_SECRET ?? (generatedSecret ??= loadOrCreateSecret(path.dirname(dbFile)))
  },
  logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
  alertAllowPrivateHosts: parsed.ALERT_ALLOW_PRIVATE_HOSTS ?? parsed.NODE_ENV !== 'production',
  // Outside production codes go to the log unless a provider is chosen; production must choose.
  smsProvider: parsed.SMS_PROVIDER ?? (parsed.NODE_ENV === 'production' ? undefined : 'dev'),
}
export type Env = typeof env
