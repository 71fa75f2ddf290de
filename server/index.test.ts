import { startServerProcess } from '../client/e2e/server-process'
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
})
