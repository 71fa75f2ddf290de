import { spawnSync } from 'node:child_process'
import { startServerProcess } from './test/server-process'
import { projectRoot } from './lib/database-url'
import { prisma } from './db'
import { createCourse } from './test/factories'

describe('the server process', () => {
  test('a clean shutdown writes the page views still counted in memory', async () => {
    const course = await createCourse({ views: 3 })
    // Views would otherwise be written once a second; a minute leaves only the shutdown to write them.
    const server = await startServerProcess({ ...process.env, VIEW_FLUSH_MS: '60000', LOG_LEVEL: 'warn' })
    try {
      for (let visit = 1; visit <= 4; visit++) {
        const res = await fetch(`${server.baseUrl}/api/Course/courseDetails`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: course.id }),
        })
        expect(((await res.json()) as { data: { views: number } }).data.views).toBe(3 + visit)
      }
      expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).views).toBe(3)
    } finally {
      await server.stop()
    }

    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).views).toBe(7)
  })

  test('refuses to start with an SMS provider that lacks its settings, naming the variable', () => {
    const { SMS_HTTP_URL: _unset, ...rest } = process.env
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
      cwd: projectRoot,
      env: { ...rest, SMS_PROVIDER: 'http', PORT: '0', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 30_000,
    })

    expect(run.status).toBe(1)
    expect(run.stderr).toContain('配置无效 (invalid configuration):\n  SMS_HTTP_URL: SMS_PROVIDER=http 时必须设置')
    expect(run.stderr).not.toMatch(/^\s+at /m)
  })
})
