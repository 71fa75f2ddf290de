// `npm run start:cluster` as an operator runs it: a primary and two workers on one port, a fresh
// database in a temporary folder. And the rule that several processes need a configured JWT secret.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectBin, startServerProcess } from '../server/test/server-process'
import { projectRoot } from '../server/lib/database-url'

let dataDir: string
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'))
})
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** What a deployment sets, nothing inherited from the test run but PATH. */
const clusterEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  DATABASE_URL: `file:${path.join(dataDir, 'portal.db')}`,
  UPLOAD_DIR: path.join(dataDir, 'uploads'),
  BACKUP_DIR: path.join(dataDir, 'backups'),
  SMS_PROVIDER: 'off',
  PUBLIC_URL: 'https://portal.example.com',
  LOG_LEVEL: 'info',
  WEB_CONCURRENCY: '2',
  ...extra,
})

const SECRET = 'cluster-test-secret-0123456789-abcdefghij'
const parsed = (lines: string[]) => lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>)

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('npm run start:cluster', () => {
  test('serves through two workers, replaces one that dies, and stops every worker cleanly on SIGTERM', async () => {
    const cluster = await startServerProcess(clusterEnv({ JWT_SECRET: SECRET }), undefined, [projectBin('tsx'), 'scripts/start-cluster.ts'])
    try {
      // Every line is JSON; the primary migrated once and says how many workers listen.
      await until(() => parsed(cluster.lines).some((line) => line.workers === 2))
      expect(parsed(cluster.lines).length).toBe(cluster.lines.length)
      expect(parsed(cluster.lines).filter((line) => line.msg === 'All migrations have been successfully applied.')).toHaveLength(1)

      // Each worker says it listens, with its id and pid.
      const listening = () => parsed(cluster.lines).filter((line) => line.msg === 'worker listening')
      await until(() => listening().length === 2)
      expect(
        listening()
          .map((line) => line.worker)
          .sort(),
      ).toEqual([1, 2])
      process.kill(listening().find((line) => line.worker === 1)!.pid as number, 'SIGKILL')

      await until(() => parsed(cluster.lines).some((line) => line.msg === 'worker died: restarting it' && line.worker === 1))
      await until(() => listening().some((line) => line.worker === 3))
      for (let i = 0; i < 10; i++) expect((await fetch(`${cluster.baseUrl}/api/Index/getConfig`, { method: 'POST' })).status).toBe(200)
    } finally {
      await cluster.stop()
    }
    const shutdowns = parsed(cluster.lines).filter((line) => line.msg === 'shutting down' && typeof line.worker === 'number')
    expect(shutdowns.map((line) => line.worker).sort()).toEqual([2, 3])
  }, 180_000)

  test('refuses to start without JWT_SECRET, naming it', () => {
    const run = spawnSync(projectBin('tsx'), ['scripts/start-cluster.ts'], {
      cwd: projectRoot,
      env: clusterEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    })

    expect(run.status).toBe(1)
    expect(`${run.stdout}${run.stderr}`).toContain('JWT_SECRET: 多进程运行（npm run start:cluster 或 PostgreSQL 数据库）时必须设置')
  })

  test('a server on a PostgreSQL DATABASE_URL refuses to start without JWT_SECRET, before touching anything', () => {
    const run = spawnSync(projectBin('tsx'), ['server/serve.ts'], {
      cwd: projectRoot,
      env: clusterEnv({ DATABASE_URL: 'postgresql://portal@127.0.0.1:1/portal' }),
      encoding: 'utf8',
      timeout: 60_000,
    })

    expect(run.status).toBe(1)
    expect(`${run.stdout}${run.stderr}`).toContain('JWT_SECRET must be set')
  })
})
