import Database from 'better-sqlite3'
import { prisma } from '../db'
import { env } from '../env'
import { isPostgres } from '../test/database'
import { createCourse } from '../test/factories'
import { flushViews, readCounted, visit } from './views'

const storedViews = async (id: number) => (await prisma.course.findUniqueOrThrow({ where: { id }, select: { views: true } })).views
const readCourse = (id: number) =>
  readCounted('Course', id, () => prisma.course.findFirst({ where: { id }, select: { id: true, views: true } }))

describe('view counting', () => {
  test('answers the stored count plus every visit since it was read, and writes them all in one flush', async () => {
    const course = await createCourse({ views: 10 })
    await readCourse(course.id)

    expect([visit('Course', course.id), visit('Course', course.id), visit('Course', course.id)]).toEqual([11, 12, 13])
    expect(await storedViews(course.id)).toBe(10)

    await flushViews()
    expect(await storedViews(course.id)).toBe(13)
    expect(visit('Course', course.id)).toBe(14)
    // A page read after the flush includes the written visits exactly once.
    await readCourse(course.id)
    expect(visit('Course', course.id)).toBe(15)
    await flushViews()
    expect(await storedViews(course.id)).toBe(15)
  })

  test('writes counted visits by itself within about a second', async () => {
    const course = await createCourse()
    await readCourse(course.id)

    visit('Course', course.id)
    visit('Course', course.id)

    await vi.waitFor(async () => expect(await storedViews(course.id)).toBe(2), { timeout: 3000, interval: 100 })
  })

  // A SQLite write lock (BEGIN IMMEDIATE) fails the flush; PostgreSQL's row locks make it wait instead.
  test.skipIf(isPostgres)('keeps the visits when the database is locked and writes them once it is free', async () => {
    const course = await createCourse()
    await readCourse(course.id)
    const other = new Database(env.databaseUrl.replace(/^file:/, ''))
    try {
      other.exec('BEGIN IMMEDIATE')
      visit('Course', course.id)
      // The driver waits out busy_timeout (synchronously), then the flush fails and keeps its visits.
      await expect(flushViews()).rejects.toThrow(/locked|busy|timed out/i)
      other.exec('COMMIT')

      expect(visit('Course', course.id)).toBe(2)
      await flushViews()
      expect(await storedViews(course.id)).toBe(2)
    } finally {
      other.close()
    }
  })

  test('refuses a visit to a row that was never read', () => {
    expect(() => visit('Course', 99_999_999)).toThrow()
  })
})
