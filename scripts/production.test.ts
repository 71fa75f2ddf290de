// A production instance as a deploying team starts it: the compiled server (`npm run build:server`),
// NODE_ENV=production, an empty database, in a child process.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServerProcess, type ServerProcess } from '../server/test/server-process'
import { DEMO_ADMIN, DEMO_MEMBER } from '../seed/demo-accounts'
import { buildServer } from './build-server'

let start: string
let dataDir: string
beforeAll(async () => {
  start = path.join(await buildServer(), 'start.js')
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'))
}, 60_000)
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** What a deployment sets, nothing inherited from the test run but PATH. */
const productionEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_URL: `file:${path.join(dataDir, 'portal.db')}`,
  UPLOAD_DIR: path.join(dataDir, 'uploads'),
  BACKUP_DIR: path.join(dataDir, 'backups'),
  SMS_PROVIDER: 'off',
  PUBLIC_URL: 'https://portal.example.com',
  LOG_LEVEL: 'info',
  ...extra,
})

const call = async (server: ServerProcess, action: string, body: object = {}) => {
  const res = await fetch(`${server.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { code: number; msg: string; data: unknown }
}

const setupLinkIn = (lines: string[]) => {
  for (const line of lines) {
    const link = (JSON.parse(line) as { setupLink?: string }).setupLink
    if (link) return new URL(link)
  }
  return undefined
}

describe('a production instance on an empty database', () => {
  test('starts without demo content, offers a one-time setup link, and keeps it dead after a restart', async () => {
    const first = await startServerProcess(productionEnv(), undefined, [process.execPath, start])
    try {
      // Every line is JSON (pino), migration output included.
      const lines = first.lines.filter((line) => line.startsWith('{'))
      expect(lines.length).toBe(first.lines.length)
      expect(lines.some((line) => line.includes('"step":"migrate"'))).toBe(true)

      for (const demo of [DEMO_MEMBER, DEMO_ADMIN]) {
        expect(await call(first, 'Member/login', { phone: demo.phone, password: demo.password })).toMatchObject({
          code: 400,
          msg: '手机号或密码错误',
        })
      }
      expect(await call(first, 'Teacher/teacherList', { page: 1 })).toMatchObject({ code: 200, data: { total: 0 } })

      const link = setupLinkIn(first.lines)
      expect(link?.pathname).toBe('/admin/setup')
      const token = link!.searchParams.get('token')!
      const admin = { token, phone: '13700137000', password: 'Prod2026admin', nickname: '运营管理员' }
      expect(await call(first, 'Admin/setup', admin)).toMatchObject({ code: 200, data: { nickname: '运营管理员' } })
      expect(await call(first, 'Admin/setup', { ...admin, phone: '13700137001' })).toMatchObject({ code: 403 })
      expect(await call(first, 'Member/login', { phone: admin.phone, password: admin.password })).toMatchObject({ code: 200 })

      // SMS_PROVIDER=off: registration and recovery say why they are unavailable.
      expect(await call(first, 'Member/authOptions')).toMatchObject({ code: 200, data: { sms: false } })
      expect(
        await call(first, 'Member/sendAuthCode', { phone: '13700137002', purpose: 'register', captchaId: 'x', captchaCode: 'abcd' }),
      ).toEqual({
        code: 403,
        msg: '本站暂未开通短信服务，暂不能注册或找回密码，请联系网站管理员',
        data: null,
      })

      const health = await fetch(`${first.baseUrl}/healthz`, { headers: { 'X-Request-Id': 'probe-42' } })
      expect([health.status, health.headers.get('x-request-id')]).toEqual([200, 'probe-42'])
      expect(await (await fetch(`${first.baseUrl}/readyz`)).json()).toMatchObject({ status: 'ready' })
      const metrics = await fetch(`${first.baseUrl}/metrics`)
      expect(metrics.status).toBe(200)
      expect(await metrics.text()).toMatch(/^portal_requests_total\{action="Admin\/setup",status="200"\} 1$/m)
      const viaProxy = await fetch(`${first.baseUrl}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })
      expect(viaProxy.status).toBe(404)
    } finally {
      await first.stop()
    }

    const second = await startServerProcess(productionEnv(), undefined, [process.execPath, start])
    try {
      expect(setupLinkIn(second.lines)).toBeUndefined()
      expect(await call(second, 'Member/login', { phone: '13700137000', password: 'Prod2026admin' })).toMatchObject({ code: 200 })
    } finally {
      await second.stop()
    }
  }, 120_000)

  test.each([
    [{ SMS_PROVIDER: '' }, 'SMS_PROVIDER: 生产环境必须设置'],
    [{ SMS_PROVIDER: 'dev' }, 'SMS_PROVIDER: dev 只把验证码写进日志'],
    [{ SMS_PROVIDER: 'http' }, 'SMS_HTTP_URL: SMS_PROVIDER=http 时必须设置'],
    [{ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' }, 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PUBLIC_URL: 'ftp://portal.example.com' }, 'PUBLIC_URL'],
    [{ BACKUP_CRON: 'every night' }, 'BACKUP_CRON'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ PUBLIC_URL: '' }, 'PUBLIC_URL: 生产环境必须设置'],
    [{ DATABASE_URL: 'mysql://portal:secret@db/portal' }, 'DATABASE_URL: 应为 SQLite 数据库文件'],
  ])('refuses %o, naming the variable', (extra, named) => {
    const env = productionEnv(extra)
    for (const [name, value] of Object.entries(extra)) if (value === '') delete env[name]
    const run = spawnSync(process.execPath, [start], { env: { ...env, PORT: env.PORT ?? '0' }, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('配置无效')
    expect(run.stderr).toContain(named)
  })
})
