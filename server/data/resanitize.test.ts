import { prisma } from '../db'
import { createCourse, createTeacher } from '../test/factories'
import { resanitizeStoredRichText } from './resanitize'

describe('rich text stored before class names were dropped', () => {
  test('is cleaned once at start: the mask class goes, the text stays, clean rows are not rewritten', async () => {
    const teacher = await createTeacher()
    const dirty = await createCourse({ teacherId: teacher.id })
    const clean = await createCourse({ teacherId: teacher.id, content: '<p>讲一讲 class= 这个写法</p>' })
    // Written around the sanitizer, as rows stored by an older version were.
    const overlay = '<p class="loading-mask is-visible">登录已过期，<a href="https://evil.example">请重新登录</a></p>'
    await prisma.$executeRaw`UPDATE "Course" SET "content" = ${overlay} WHERE "id" = ${dirty.id}`
    const before = await prisma.course.findUniqueOrThrow({ where: { id: clean.id }, select: { updatedAt: true } })

    expect(await resanitizeStoredRichText()).toBeGreaterThanOrEqual(1)

    const cleaned = await prisma.course.findUniqueOrThrow({ where: { id: dirty.id }, select: { content: true } })
    expect(cleaned.content).not.toContain('class')
    expect(cleaned.content).toContain('登录已过期')
    const untouched = await prisma.course.findUniqueOrThrow({ where: { id: clean.id }, select: { content: true, updatedAt: true } })
    expect(untouched).toEqual({ content: '<p>讲一讲 class= 这个写法</p>', updatedAt: before.updatedAt })
    expect(await resanitizeStoredRichText()).toBe(0)
  })
})
