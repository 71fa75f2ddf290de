import Database from 'better-sqlite3'
import { prisma } from '../db'
import { env } from '../env'
import { createCourse } from '../test/factories'
import { countView, flushViews } from './views'

const storedViews = async (id: number) => (await prisma.course.findUniqueOrThrow({ where: { id }, select: { views: true } })).views

describe('countView', () => {
  test('answers the stored count plus every visit not yet written, and writes them all in one flush', async () => {
    const course = await createCourse({ views: 10 })

    expect([countView('Course', course.id), countView('Course', course.id), countView('Course', course.id)]).toEqual([11, 12, 13])
    expect(await storedViews(course.id)).toBe(10)

    flushViews()
    expect(await storedViews(course.id)).toBe(13)
    expect(countView('Course', course.id)).toBe(14)
    flushViews()
    expect(await storedViews(course.id)).toBe(14)
  })

  test('counts nothing for a hidden or missing row', async () => {
    const hidden = await createCourse({ isPublished: false, views: 3 })

    expect(countView('Course', hidden.id)).toBeNull()
    expect(countView('Course', 99_999_999)).toBeNull()
    flushViews()
    expect(await storedViews(hidden.id)).toBe(3)
  })

  test('writes counted visits by itself within about a second', async () => {
    const course = await createCourse()

    countView('Course', course.id)
    countView('Course', course.id)

    await vi.waitFor(async () => expect(await storedViews(course.id)).toBe(2), { timeout: 3000, interval: 100 })
  })

  test('keeps the visits when the database is locked and writes them once it is free', async () => {
    const course = await createCourse()
    const other = new Database(env.databaseUrl.replace(/^file:/, ''))
    try {
      other.exec('BEGIN IMMEDIATE')
      countView('Course', course.id)
      expect(() => flushViews()).toThrow(/locked|busy/i)
      other.exec('COMMIT')

      expect(countView('Course', course.id)).toBe(2)
      flushViews()
      expect(await storedViews(course.id)).toBe(2)
    } finally {
      other.close()
    }
  })
})
