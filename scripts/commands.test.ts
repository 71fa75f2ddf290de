// The operator's commands as a deploying team runs them after `npm run build && npm prune --omit=dev`:
// a project folder holding the compiled server, the shipped migrations and seed data, and a .env,
// and no TypeScript loader in reach of the commands. Nothing but .env configures them: each must act
// on the database .env names, say so before acting, and refuse what cannot work without writing.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { startServerProcess } from '../server/test/server-process'
import { projectRoot } from '../server/lib/database-url'
import { buildServer } from './build-server'

const isPostgres = process.env.TEST_DATABASE === 'postgres'

let project: string
const database = () => path.join(project, 'db', 'site.db')

const ENV_FILE = [
  'NODE_ENV=production',
  'DATABASE_URL=file:./db/site.db',
  'UPLOAD_DIR=files',
  'BACKUP_DIR=archives',
  `JWT_SECRET=${'s'.repeat(40)}`,
  'PUBLIC_URL=https://portal.example.com',
  'SMS_PROVIDER=off',
  'LOG_LEVEL=info',
].join('\n')

/** Runs `npm run <command>` as package.json does (node scripts/run.mjs), with only PATH inherited. */
function run(args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(project, 'scripts', 'run.mjs'), ...args], {
    cwd: project,
    env: { PATH: process.env.PATH, ...extraEnv },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** Every path under `dir` with its size and mode: what a refused command must leave as it was. */
function snapshot(dir: string): string[] {
  const entries: string[] = []
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isSymbolicLink()) continue
      const stat = fs.statSync(full)
      entries.push(`${path.relative(dir, full)} ${stat.size} ${stat.mode.toString(8)} ${stat.mtimeMs}`)
      if (entry.isDirectory() && entry.name !== 'dist') walk(full)
    }
  }
  walk(dir)
  return entries.sort()
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
const query = <T>(sql: string, ...params: unknown[]) => {
  const db = new Database(database(), { readonly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  if (isPostgres) return
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-commands-'))
  await buildServer(path.join(project, 'dist', 'app'))
  for (const file of ['package.json', 'prisma.config.ts', 'scripts/run.mjs', 'scripts/commands.json', 'server/lib/database-url.ts']) {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
    fs.copyFileSync(path.join(projectRoot, file), path.join(project, file))
  }
  for (const shared of ['node_modules', 'prisma', 'seed/data']) {
    fs.mkdirSync(path.dirname(path.join(project, shared)), { recursive: true })
    fs.symlinkSync(path.join(projectRoot, shared), path.join(project, shared))
  }
  fs.writeFileSync(path.join(project, '.env'), `${ENV_FILE}\n`)
}, 120_000)
afterAll(() => project && fs.rmSync(project, { recursive: true, force: true }))

describe.skipIf(isPostgres)('commands on a compiled install configured by .env alone', () => {
  test('migrate, seed, admin, backup and restore act on the database .env names, and name it first', async () => {
    const migrated = run(['migrate'])
    expect(migrated.status).toBe(0)
    expect(migrated.stdout).toContain(`SQLite ${database()}（DATABASE_URL，来自 .env`)
    expect(modeOf(database())).toBe(0o600)
    expect(modeOf(path.dirname(database()))).toBe(0o700)

    const seeded = run(['seed'])
    expect(seeded.status, seeded.stderr).toBe(0)
    expect(seeded.stdout.split('\n')[0]).toBe(`数据库 / database: SQLite ${database()}（DATABASE_URL，来自 .env / from .env）`)
    expect(query<{ n: number }>('SELECT count(*) AS n FROM Teacher')[0].n).toBeGreaterThan(0)
    // Production never gets the demo accounts, whose passwords the README prints.
    expect(query<{ n: number }>('SELECT count(*) AS n FROM Member')[0].n).toBe(0)

    const created = run(['admin', 'create', '--phone', '13911112222', '--nickname', '运维', '--password', 'Ops2026pass'])
    expect(created.status, created.stderr).toBe(0)
    expect(created.stdout).toContain(`SQLite ${database()}`)
    expect(query<{ role: string }>('SELECT role FROM Member WHERE phone = ?', '13911112222')).toEqual([{ role: 'admin' }])

    const backedUp = run(['backup'])
    expect(backedUp.status, backedUp.stderr).toBe(0)
    expect(backedUp.stdout).toContain(`SQLite ${database()}`)
    const [archive] = fs.readdirSync(path.join(project, 'archives'))
    expect(modeOf(path.join(project, 'archives', archive))).toBe(0o600)

    const db = new Database(database())
    db.prepare('DELETE FROM Member').run()
    db.close()
    const restored = run(['restore', path.join('archives', archive)])
    expect(restored.status, restored.stderr).toBe(0)
    expect(restored.stdout).toContain(`替换数据库 ${database()}`)
    expect(query<{ phone: string }>('SELECT phone FROM Member')).toEqual([{ phone: '13911112222' }])
    expect(modeOf(database())).toBe(0o600)

    // Nothing fell back to the default place, and with JWT_SECRET set no secret was generated.
    expect(fs.existsSync(path.join(project, 'data'))).toBe(false)
    expect(fs.readdirSync(path.dirname(database())).filter((name) => name.startsWith('.jwt'))).toEqual([])
  }, 120_000)

  test('restore refuses a database other than the configured one, and changes nothing', () => {
    const archive = path.join('archives', fs.readdirSync(path.join(project, 'archives')).sort()[0])
    const before = sha256(database())
    const named = run(['restore', archive, '--database', path.join(project, 'db', 'other.db')])
    expect(named.status).toBe(1)
    expect(named.stderr).toContain(`拒绝恢复：--database 指定的 ${path.join(project, 'db', 'other.db')} 不是配置的数据库 ${database()}`)
    const overridden = run(['restore', archive], { DATABASE_URL: 'file:./db/other.db' })
    expect(overridden.status).toBe(1)
    expect(overridden.stderr).toContain('与 .env 中的')
    expect(sha256(database())).toBe(before)
    expect(fs.existsSync(path.join(project, 'db', 'other.db'))).toBe(false)
  }, 60_000)

  test('a command pointed at a missing database refuses and creates nothing', () => {
    const before = snapshot(project)
    for (const command of [['admin', 'grant', '--phone', '13911112222', '--role', 'editor'], ['backup'], ['seed']]) {
      const result = run(command, { DATABASE_URL: 'file:./missing/portal.db' })
      expect(result.status, command.join(' ')).toBe(1)
      expect(result.stderr).toContain(`数据库文件不存在：${path.join(project, 'missing', 'portal.db')}`)
      expect(result.stderr).not.toMatch(/^\s+at /m)
    }
    expect(snapshot(project)).toEqual(before)
  }, 60_000)

  test.each([
    [{ PORT: 'abc' }, ['PORT: 应为 0 到 65535 的整数']],
    [{ DATABASE_URL: 'mysql://portal:secret@db/portal' }, ['DATABASE_URL: 应为 SQLite 数据库文件', '"mysql://portal:***@db/portal"']],
    [
      { SMS_PROVIDER: 'aliyun' },
      [
        'ALIYUN_SMS_ACCESS_KEY_ID: SMS_PROVIDER=aliyun 时必须设置',
        'ALIYUN_SMS_ACCESS_KEY_SECRET: SMS_PROVIDER=aliyun 时必须设置',
        'ALIYUN_SMS_SIGN_NAME: SMS_PROVIDER=aliyun 时必须设置',
        'ALIYUN_SMS_TEMPLATE_REGISTER: SMS_PROVIDER=aliyun 时必须设置',
        'ALIYUN_SMS_TEMPLATE_FINDPASS: SMS_PROVIDER=aliyun 时必须设置',
      ],
    ],
    [{ JWT_SECRET: 'short', BACKUP_KEEP: '0' }, ['JWT_SECRET: 至少 32 个字符', 'BACKUP_KEEP: 应为 1 到 10000 的整数']],
  ])('a start refused for %o says why in Chinese, every problem at once, and writes nothing', (extra, expected) => {
    fs.rmSync(path.join(project, 'db'), { recursive: true, force: true })
    const before = snapshot(project)
    const result = run(['start'], extra)
    expect(result.status).toBe(1)
    expect(result.stderr.startsWith('配置无效 (invalid configuration):\n')).toBe(true)
    for (const line of expected) expect(result.stderr).toContain(line)
    expect(result.stderr).not.toMatch(/^\s+at /m)
    expect(snapshot(project)).toEqual(before)
  })

  test('an unreachable PostgreSQL server is reported in Chinese without a stack or its password', () => {
    const result = run(['migrate'], { DATABASE_URL: 'postgresql://portal:hunter2secret@127.0.0.1:1/portal' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('数据库迁移失败')
    expect(result.stderr + result.stdout).not.toContain('hunter2secret')
    expect(result.stderr).not.toMatch(/^\s+at /m)
  }, 60_000)

  test('the server keeps the database, its WAL and shared-memory files owner-only', async () => {
    expect(run(['migrate']).status).toBe(0)
    const server = await startServerProcess({ PATH: process.env.PATH }, undefined, [
      process.execPath,
      path.join(project, 'scripts', 'run.mjs'),
      'start',
    ])
    try {
      const res = await fetch(`${server.baseUrl}/api/Member/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: '13911112222', password: 'wrong-password1' }),
      })
      expect(res.status).toBe(400)
      for (const suffix of ['', '-wal', '-shm']) expect(modeOf(database() + suffix), suffix).toBe(0o600)
      // One line per start-up phase, and no Prisma notice about our own datasource settings.
      const text = server.lines.join('\n')
      expect(text).toContain('迁移数据库 / migrating the database：完成 / done')
      expect(text).not.toContain('WARNING')
    } finally {
      await server.stop()
    }
  }, 120_000)
})
