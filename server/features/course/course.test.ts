import request, { type Response } from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { signMemberToken } from '../../data/member-tokens'
import { Code } from '../../lib/api-error'
import { flushViews } from '../../data/views'
import {
  createCourse,
  createCourseCategory,
  createMember,
  createNotice,
  createQuestion,
  createTag,
  createTeacher,
  tagCourse,
} from '../../test/factories'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Course/${action}`).send(body)
const notFound = (msg: string) => ({ code: Code.NOT_FOUND, msg, data: null })
const badParams = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
const XSS =
  '<p onclick="steal()">正文<img src="x.png" onerror="alert(1)"><script>alert(document.cookie)</script><a href="javascript:alert(1)">链接</a></p>'
const SAFE = '<p>正文<img src="x.png" /><a rel="noopener noreferrer nofollow">链接</a></p>'
const ids = (res: Response) => res.body.data.list.map((item: { id: number }) => item.id)

describe('POST /api/Course/courseList', () => {
  test('lists the published courses of a category, highest sort first', async () => {
    const category = await createCourseCategory()
    const teacher = await createTeacher()
    const top = await createCourse({ categoryId: category.id, sort: 9, teacherId: teacher.id, intro: '简介'.repeat(80) })
    const low = await createCourse({ categoryId: category.id, sort: 1 })
    await createCourse({ categoryId: category.id, sort: 99, isPublished: false })
    await createCourse({ sort: 100 })

    const res = await post('courseList', { cid: category.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 2, page: 1, limit: 12 } })
    expect(ids(res)).toEqual([top.id, low.id])
    expect(res.body.data.list[0]).toMatchObject({ title: top.title, cover_img: top.cover, teacher: { id: teacher.id, name: teacher.name } })
    expect(Array.from(res.body.data.list[0].intro as string)).toHaveLength(101)
  })

  test('filters by teacher too', async () => {
    const teacher = await createTeacher()
    const course = await createCourse({ teacherId: teacher.id })
    await createCourse()

    expect(ids(await post('courseList', { teacherId: teacher.id }))).toEqual([course.id])
  })

  test('treats page 0 and negative pages as page 1 and caps the limit at 50', async () => {
    const category = await createCourseCategory()
    const created = []
    for (let i = 0; i < 3; i++) created.push((await createCourse({ categoryId: category.id, sort: i })).id)

    const zero = await post('courseList', { cid: category.id, page: 0, limit: 2 })
    const negative = await post('courseList', { cid: category.id, page: '-1', limit: 2 })
    const last = await post('courseList', { cid: category.id, page: 2, limit: 2 })
    const huge = await post('courseList', { limit: 10_000 })

    expect(zero.body.data).toMatchObject({ page: 1, limit: 2, total: 3 })
    expect(ids(zero)).toEqual([created[2], created[1]])
    expect(negative.body.data).toEqual(zero.body.data)
    expect(ids(last)).toEqual([created[0]])
    expect(huge.body.data.limit).toBe(50)
    expect(huge.body.data.list).toHaveLength(Math.min(50, huge.body.data.total))
  })

  test('answers not found for an unknown category and bad params for a malformed one', async () => {
    expect((await post('courseList', { cid: 99_999_999 })).body).toEqual(notFound('课程分类不存在'))
    expect((await post('courseList', { cid: 1.5 })).body).toEqual(badParams('分类ID格式不正确'))
  })
})

describe('POST /api/Course/courseDetails', () => {
  test('answers the course with sanitized content, teacher, category and tags, and counts the view', async () => {
    const teacher = await createTeacher({ title: '教授' })
    const course = await createCourse({ teacherId: teacher.id, content: XSS, videoUrl: '/uploads/test/v.mp4', views: 41 })
    const tag = await createTag()
    await tagCourse(course.id, tag.id)

    const res = await post('courseDetails', { id: String(course.id) })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: course.id,
        title: course.title,
        cover_img: course.cover,
        videoUrl: '/uploads/test/v.mp4',
        views: 42,
        categoryId: course.categoryId,
        categoryName: expect.any(String),
        teacher: { id: teacher.id, name: teacher.name, img: teacher.photo, title: '教授' },
        tags: [{ id: tag.id, name: tag.name }],
        isCollected: false,
      },
    })
    expect(res.body.data.content).toBe(SAFE)
  })

  test('tells a logged-in member whether the course is collected', async () => {
    const course = await createCourse()
    const collector = await createMember()
    const other = await createMember()
    await prisma.courseCollect.create({ data: { memberId: collector.id, courseId: course.id } })

    const mine = await post('courseDetails', { id: course.id }).set('Authorization', `Bearer ${signMemberToken(collector, true)}`)
    const theirs = await post('courseDetails', { id: course.id }).set('Authorization', `Bearer ${signMemberToken(other, false)}`)

    expect(mine.body.data.isCollected).toBe(true)
    expect(theirs.body.data.isCollected).toBe(false)
  })

  test('counts 50 concurrent views exactly', async () => {
    const course = await createCourse()

    const answers = await Promise.all(Array.from({ length: 50 }, () => post('courseDetails', { id: course.id })))

    expect(answers.every((r) => r.body.code === Code.OK)).toBe(true)
    await flushViews()
    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).views).toBe(50)
    // Every answer saw its own visit: the counts 1 to 50, each once.
    expect(answers.map((r) => r.body.data.views).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })

  test('answers not found for unknown or unpublished courses without counting the view', async () => {
    const hidden = await createCourse({ isPublished: false })

    const res = await post('courseDetails', { id: hidden.id })

    expect(res.status).toBe(404)
    expect(res.body).toEqual(notFound('课程不存在或已下架'))
    await flushViews()
    expect((await prisma.course.findUniqueOrThrow({ where: { id: hidden.id } })).views).toBe(0)
    expect((await post('courseDetails', { id: 99_999_999 })).body).toEqual(notFound('课程不存在或已下架'))
    expect((await post('courseDetails', { id: 0 })).body).toEqual(badParams('ID格式不正确'))
  })
})

describe('POST /api/Course/relevantCourse', () => {
  test("lists other courses of the category, the same teacher's first", async () => {
    const category = await createCourseCategory()
    const teacher = await createTeacher()
    const course = await createCourse({ categoryId: category.id, teacherId: teacher.id })
    const sibling = await createCourse({ categoryId: category.id, teacherId: teacher.id, sort: 1 })
    const other = await createCourse({ categoryId: category.id, sort: 5 })
    await createCourse({ categoryId: category.id, isPublished: false })
    await createCourse({ teacherId: teacher.id })

    const res = await post('relevantCourse', { id: course.id })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([sibling.id, other.id])
  })

  test('answers not found for an unknown course', async () => {
    expect((await post('relevantCourse', { id: 99_999_999 })).body).toEqual(notFound('课程不存在或已下架'))
  })
})

describe('POST /api/Course/hotCourse', () => {
  test('lists hot published courses, 11 by default', async () => {
    const hot = []
    for (let i = 0; i < 12; i++) hot.push(await createCourse({ isHot: true, sort: 60_000 + i }))
    await createCourse({ isHot: true, sort: 70_000, isPublished: false })

    const res = await post('hotCourse')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual(
      hot
        .reverse()
        .slice(0, 11)
        .map((c) => c.id),
    )
  })

  test('caps a huge limit at 50', async () => {
    const res = await post('hotCourse', { limit: 999 })
    expect(res.body.data.length).toBeLessThanOrEqual(50)
  })
})

describe('POST /api/Course/courseNoticeList', () => {
  test('pages notices with the introduction stripped and cut at 50 characters', async () => {
    const teacher = await createTeacher()
    const notice = await createNotice({
      sort: 90_000,
      teacherId: teacher.id,
      cover: '/uploads/test/n.png',
      introduction: `<h2>预告</h2><script>alert(1)</script>${'内容'.repeat(40)}`,
    })

    const res = await post('courseNoticeList', { page: 0 })

    expect(res.body).toMatchObject({ code: Code.OK, data: { page: 1, limit: 10 } })
    expect(res.body.data.list[0]).toMatchObject({
      id: notice.id,
      name: notice.name,
      cover_img: '/uploads/test/n.png',
      introduction: `预告${'内容'.repeat(24)}…`,
      teacher: { id: teacher.id, name: teacher.name },
    })
  })

  test('rejects a body that is not JSON', async () => {
    const res = await request(app).post('/api/Course/courseNoticeList').set('Content-Type', 'application/json').send('{')
    expect(res.status).toBe(400)
  })
})

describe('POST /api/Course/courseNoticeDetails', () => {
  test('answers the notice with the sanitized introduction and counts the view', async () => {
    const notice = await createNotice({ introduction: XSS })

    const res = await post('courseNoticeDetails', { id: notice.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { id: notice.id, name: notice.name, introduction: SAFE, views: 1, teacher: null },
    })
  })

  test('answers not found for unknown or unpublished notices', async () => {
    const hidden = await createNotice({ isPublished: false })
    expect((await post('courseNoticeDetails', { id: hidden.id })).body).toEqual(notFound('课程预告不存在或已下架'))
    expect((await post('courseNoticeDetails', { id: 99_999_999 })).body).toEqual(notFound('课程预告不存在或已下架'))
  })
})

describe('POST /api/Course/commonProblem', () => {
  test('pages published questions, 14 by default', async () => {
    const question = await createQuestion({ sort: 90_000 })
    await createQuestion({ sort: 95_000, isPublished: false })

    const res = await post('commonProblem')

    expect(res.body).toMatchObject({ code: Code.OK, data: { page: 1, limit: 14 } })
    expect(res.body.data.list[0]).toMatchObject({ id: question.id, title: question.title, views: 0 })
  })

  test('caps a huge limit at 50', async () => {
    expect((await post('commonProblem', { limit: 51 })).body.data.limit).toBe(50)
  })
})

describe('POST /api/Course/commonProblemDetails', () => {
  test('answers the question with sanitized content and counts the view', async () => {
    const question = await createQuestion({ content: XSS })

    const res = await post('commonProblemDetails', { id: question.id })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { id: question.id, title: question.title, content: SAFE, views: 1, createdAt: question.createdAt.toISOString() },
    })
  })

  test('answers not found for unknown questions and bad params for a bad id', async () => {
    expect((await post('commonProblemDetails', { id: 99_999_999 })).body).toEqual(notFound('问题不存在或已下架'))
    expect((await post('commonProblemDetails', { id: 'abc' })).body).toEqual(badParams('ID格式不正确'))
  })
})
