import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { signMemberToken } from '../../data/member-tokens'
import { Code } from '../../lib/api-error'
import { flushViews } from '../../data/views'
import { invalidateContentCache } from '../../data/cache'
import {
  createActivity,
  createCourse,
  createMember,
  createTag,
  createTeacher,
  createTeacherCategory,
  createTeacherVideo,
  createViewpoint,
  tagTeacher,
} from '../../test/factories'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Teacher/${action}`).send(body)
const notFound = (msg: string) => ({ code: Code.NOT_FOUND, msg, data: null })
const badParams = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
const XSS = '<p onclick="steal()">简介<img src="x.png" onerror="alert(1)"><script>alert(document.cookie)</script></p>'

describe('POST /api/Teacher/teacherList', () => {
  test('lists the published teachers of a category, highest sort first', async () => {
    const category = await createTeacherCategory()
    const low = await createTeacher({ categoryId: category.id, sort: 1, intro: '低排序' })
    const top = await createTeacher({ categoryId: category.id, sort: 9, title: '北京大学教授' })
    await createTeacher({ categoryId: category.id, sort: 5 })
    await createTeacher({ categoryId: category.id, sort: 99, isPublished: false })
    await createTeacher({ sort: 100 })

    const res = await post('teacherList', { cid: category.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 3, page: 1, limit: 12 } })
    expect(res.body.data.list.map((t: { id: number }) => t.id)).toEqual([top.id, expect.any(Number), low.id])
    expect(res.body.data.list[0]).toEqual({ id: top.id, name: top.name, img: top.photo, title: '北京大学教授', intro: '' })
    expect(res.body.data.list[2].intro).toBe('低排序')
  })

  test('treats page 0 and negative pages as page 1 and caps the limit at 50', async () => {
    const category = await createTeacherCategory()
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await createTeacher({ categoryId: category.id, sort: i })).id)

    const zero = await post('teacherList', { cid: category.id, page: 0, limit: 2 })
    const negative = await post('teacherList', { cid: category.id, page: -3, limit: 2 })
    const second = await post('teacherList', { cid: category.id, page: 2, limit: 2 })
    const beyond = await post('teacherList', { cid: category.id, page: 99, limit: 2 })
    const huge = await post('teacherList', { limit: 100_000 })

    expect(zero.body.data).toMatchObject({ page: 1, limit: 2, total: 3 })
    expect(zero.body.data.list.map((t: { id: number }) => t.id)).toEqual([ids[2], ids[1]])
    expect(negative.body.data).toEqual(zero.body.data)
    expect(second.body.data.list.map((t: { id: number }) => t.id)).toEqual([ids[0]])
    expect(beyond.body.data).toEqual({ list: [], total: 3, page: 99, limit: 2 })
    expect(huge.body.data.limit).toBe(50)
    expect(huge.body.data.list).toHaveLength(Math.min(50, huge.body.data.total))
  })

  test('answers not found for an unknown category and bad params for a malformed one or a broken body', async () => {
    expect((await post('teacherList', { cid: 987654 })).body).toEqual(notFound('名师分类不存在'))
    expect((await post('teacherList', { cid: 'abc' })).body).toEqual(badParams('分类ID格式不正确'))
    const broken = await request(app).post('/api/Teacher/teacherList').set('Content-Type', 'application/json').send('{"cid":')
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual(badParams('请求数据格式错误，请提交合法的 JSON'))
  })

  test('serves a repeated page from the cache, with an ETag, until content changes', async () => {
    const category = await createTeacherCategory()
    await createTeacher({ categoryId: category.id })
    const first = await post('teacherList', { cid: category.id })

    const cached = await post('teacherList', { cid: category.id }).set('If-None-Match', first.headers.etag)
    // A write in this process is seen at once.
    await createTeacher({ categoryId: category.id })
    const fresh = await post('teacherList', { cid: category.id }).set('If-None-Match', first.headers.etag)

    expect(first.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(cached.status).toBe(304)
    expect(fresh.status).toBe(200)
    expect(fresh.body.data.total).toBe(2)
  })
})

describe('POST /api/Teacher/teacherAll', () => {
  test('lists every category with its first published teachers and a count', async () => {
    const category = await createTeacherCategory({ sort: 50_000 })
    const teachers = []
    for (let i = 0; i < 4; i++) teachers.push(await createTeacher({ categoryId: category.id, sort: 10 - i }))
    await createTeacher({ categoryId: category.id, isPublished: false })
    invalidateContentCache()

    const res = await post('teacherAll', { perCategory: 2 })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data[0]).toEqual({
      id: category.id,
      name: category.name,
      total: 4,
      teachers: teachers.slice(0, 2).map((t) => ({ id: t.id, name: t.name, img: t.photo, title: t.title })),
    })
  })

  test('rejects a body that is not JSON', async () => {
    const res = await request(app).post('/api/Teacher/teacherAll').set('Content-Type', 'application/json').send('{')
    expect(res.body).toEqual(badParams('请求数据格式错误，请提交合法的 JSON'))
  })
})

describe('POST /api/Teacher/teacherDetails', () => {
  test('answers the teacher with sanitized content, tags and counts, and counts the view', async () => {
    const teacher = await createTeacher({ content: XSS, intro: '简介', views: 7 })
    const tag = await createTag()
    await tagTeacher(teacher.id, tag.id)
    await createCourse({ teacherId: teacher.id })

    const res = await post('teacherDetails', { id: teacher.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: teacher.id,
        name: teacher.name,
        img: teacher.photo,
        intro: '简介',
        views: 8,
        categoryId: teacher.categoryId,
        categoryName: expect.any(String),
        tags: [{ id: tag.id, name: tag.name }],
        followers: 0,
        courseCount: 1,
        isFollowed: false,
      },
    })
    expect(res.body.data.content).toBe('<p>简介<img src="x.png" /></p>')
  })

  test('tells a logged-in follower isFollowed, and ignores a bad token', async () => {
    const teacher = await createTeacher()
    const member = await createMember()
    await prisma.teacherFollow.create({ data: { memberId: member.id, teacherId: teacher.id } })
    const token = signMemberToken(member, false)

    const followed = await post('teacherDetails', { id: teacher.id }).set('Authorization', `Bearer ${token}`)
    const badToken = await post('teacherDetails', { id: teacher.id }).set('Authorization', 'Bearer nonsense')

    expect(followed.body.data).toMatchObject({ isFollowed: true, followers: 1 })
    expect(badToken.body.data).toMatchObject({ isFollowed: false })
  })

  test('counts 50 concurrent views exactly', async () => {
    const teacher = await createTeacher()

    const answers = await Promise.all(Array.from({ length: 50 }, () => post('teacherDetails', { id: teacher.id })))

    expect(answers.every((r) => r.body.code === Code.OK)).toBe(true)
    await flushViews()
    expect((await prisma.teacher.findUniqueOrThrow({ where: { id: teacher.id } })).views).toBe(50)
  })

  test('answers not found for unknown or unpublished teachers without counting, bad params for a bad id', async () => {
    const hidden = await createTeacher({ isPublished: false })

    expect((await post('teacherDetails', { id: 99_999_999 })).body).toEqual(notFound('名师不存在或已下架'))
    const res = await post('teacherDetails', { id: hidden.id })
    expect(res.status).toBe(404)
    expect(res.body).toEqual(notFound('名师不存在或已下架'))
    await flushViews()
    expect((await prisma.teacher.findUniqueOrThrow({ where: { id: hidden.id } })).views).toBe(0)
    expect((await post('teacherDetails', { id: -1 })).body).toEqual(badParams('ID格式不正确'))
    expect((await post('teacherDetails', {})).body.code).toBe(Code.BAD_PARAMS)
  })
})

describe('POST /api/Teacher/teacherCourse', () => {
  test("pages the teacher's published courses", async () => {
    const teacher = await createTeacher()
    const course = await createCourse({ teacherId: teacher.id, sort: 2 })
    await createCourse({ teacherId: teacher.id, sort: 1 })
    await createCourse({ teacherId: teacher.id, isPublished: false })

    const res = await post('teacherCourse', { teacherId: teacher.id, limit: 1 })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 2, page: 1, limit: 1 } })
    expect(res.body.data.list).toEqual([
      {
        id: course.id,
        title: course.title,
        cover_img: course.cover,
        intro: '',
        views: 0,
        teacher: { id: teacher.id, name: teacher.name },
        commentCount: 0,
      },
    ])
  })

  test('answers not found for an unknown teacher and bad params without teacherId', async () => {
    expect((await post('teacherCourse', { teacherId: 99_999_999 })).body).toEqual(notFound('名师不存在或已下架'))
    expect((await post('teacherCourse', {})).body).toEqual(badParams('名师ID格式不正确'))
  })
})

describe('POST /api/Teacher/teacherVideo', () => {
  test('lists only approved videos of the teacher', async () => {
    const teacher = await createTeacher()
    const video = await createTeacherVideo({ teacherId: teacher.id, cover: '/uploads/test/c.png' })
    await createTeacherVideo({ teacherId: teacher.id, status: 'pending' })
    await createTeacherVideo({ teacherId: teacher.id, status: 'rejected' })

    const res = await post('teacherVideo', { teacherId: teacher.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 1 } })
    expect(res.body.data.list[0]).toMatchObject({ id: video.id, title: video.title, cover_img: '/uploads/test/c.png', views: 0 })
  })

  test('answers not found for an unpublished teacher', async () => {
    const hidden = await createTeacher({ isPublished: false })
    expect((await post('teacherVideo', { teacherId: hidden.id })).body).toEqual(notFound('名师不存在或已下架'))
  })
})

describe('POST /api/Teacher/teacherVideoDetails', () => {
  test('answers an approved video with its teacher and counts the view', async () => {
    const teacher = await createTeacher()
    const video = await createTeacherVideo({ teacherId: teacher.id, views: 3 })

    const res = await post('teacherVideoDetails', { id: video.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { id: video.id, videoUrl: video.videoUrl, views: 4, teacher: { id: teacher.id, name: teacher.name, img: teacher.photo } },
    })
  })

  test('answers not found for a pending video without counting it', async () => {
    const teacher = await createTeacher()
    const pending = await createTeacherVideo({ teacherId: teacher.id, status: 'pending' })

    expect((await post('teacherVideoDetails', { id: pending.id })).body).toEqual(notFound('视频不存在或未通过审核'))
    await flushViews()
    expect((await prisma.teacherVideo.findUniqueOrThrow({ where: { id: pending.id } })).views).toBe(0)
  })
})

describe('POST /api/Teacher/recommendTeacher', () => {
  test('lists recommended published teachers only', async () => {
    const top = await createTeacher({ isRecommended: true, sort: 90_000 })
    await createTeacher({ isRecommended: true, sort: 95_000, isPublished: false })
    await createTeacher({ isRecommended: false, sort: 99_000 })
    invalidateContentCache()

    const res = await post('recommendTeacher')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data[0]).toEqual({ id: top.id, name: top.name, img: top.photo, title: top.title })
    expect(res.body.data.length).toBeLessThanOrEqual(15)
  })

  test('rejects a body that is not JSON', async () => {
    const res = await request(app).post('/api/Teacher/recommendTeacher').set('Content-Type', 'application/json').send('x')
    expect(res.status).toBe(400)
  })
})

describe.each([
  { kind: 'Viewpoint', create: createViewpoint, missing: '文章不存在或已下架' },
  { kind: 'Activity', create: createActivity, missing: '活动不存在或已下架' },
])('POST /api/Teacher/teacher$kind (+Details)', ({ kind, create, missing }) => {
  test('lists every teacher’s items, or one teacher’s', async () => {
    const teacher = await createTeacher()
    const own = await create({ teacherId: teacher.id, sort: 80_000, intro: '摘要' })
    await create({ sort: 80_001 })
    await create({ teacherId: teacher.id, isPublished: false })

    const all = await post(`teacher${kind}`, { limit: 2 })
    const mine = await post(`teacher${kind}`, { teacherId: teacher.id })

    expect(all.body.data).toMatchObject({ page: 1, limit: 2 })
    expect(all.body.data.list).toHaveLength(2)
    expect(mine.body.data).toMatchObject({ total: 1, list: [{ id: own.id, title: own.title, intro: '摘要', teacher: { id: teacher.id } }] })
  })

  test('answers not found for an unknown teacher', async () => {
    expect((await post(`teacher${kind}`, { teacherId: 99_999_999 })).body).toEqual(notFound('名师不存在或已下架'))
  })

  test('answers details with sanitized content, previous and next items, and counts the view', async () => {
    const before = await create({ sort: 70_002 })
    const item = await create({ sort: 70_001, content: XSS })
    const after = await create({ sort: 70_000 })

    const res = await post(`teacher${kind}Details`, { id: item.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { id: item.id, views: 1, prev: { id: before.id, title: before.title }, next: { id: after.id, title: after.title } },
    })
    expect(res.body.data.content).toBe('<p>简介<img src="x.png" /></p>')
  })

  test('answers not found for unknown or unpublished items', async () => {
    const hidden = await create({ isPublished: false })
    expect((await post(`teacher${kind}Details`, { id: hidden.id })).body).toEqual(notFound(missing))
    expect((await post(`teacher${kind}Details`, { id: 99_999_999 })).body).toEqual(notFound(missing))
    expect((await post(`teacher${kind}Details`, { id: 'x' })).body).toEqual(badParams('ID格式不正确'))
  })
})
