import request from '../../test/request'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { PREVIEW_TTL_MS, readPreview, signPreview } from '../../lib/preview-grant'
import { createCourse, createQuestion, createTeacher } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
let editor: Awaited<ReturnType<typeof createSignedInMember>>
let admin: Awaited<ReturnType<typeof createSignedInMember>>
let member: Awaited<ReturnType<typeof createSignedInMember>>

beforeAll(async () => {
  editor = await createSignedInMember({ role: 'editor' })
  admin = await createSignedInMember({ role: 'admin' })
  member = await createSignedInMember()
})

const previewLink = (body: object, auth?: string) => {
  const call = request(app).post('/api/Admin/previewLink').send(body)
  return auth ? call.set('Authorization', auth) : call
}
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('preview')!

describe('POST /api/Admin/previewLink', () => {
  test('answers the public page of an unpublished course with a token for it, valid 24 hours', async () => {
    const course = await createCourse({ isPublished: false })
    const before = Date.now()

    const res = await previewLink({ entity: 'course', id: course.id }, editor.auth)

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { url: expect.stringMatching(new RegExp(`^/course/detail/${course.id}\\?preview=`)) },
    })
    const expiresAt = new Date(res.body.data.expiresAt as string).getTime()
    expect(expiresAt).toBeGreaterThanOrEqual(before + PREVIEW_TTL_MS - 1000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + PREVIEW_TTL_MS)
    expect(readPreview(tokenOf(res.body.data.url as string))).toMatchObject({ entity: 'course', id: course.id })
  })

  test('admins may ask too, and every previewable type has its own public path', async () => {
    const teacher = await createTeacher({ isPublished: false })
    const question = await createQuestion({ isPublished: false })

    const forTeacher = await previewLink({ entity: 'teacher', id: teacher.id }, admin.auth)
    const forQuestion = await previewLink({ entity: 'question', id: question.id }, admin.auth)

    expect(forTeacher.body.data.url).toMatch(new RegExp(`^/teacher/detail/${teacher.id}\\?preview=`))
    expect(forQuestion.body.data.url).toMatch(new RegExp(`^/question/detail/${question.id}\\?preview=`))
  })

  test('refuses a type without a public page', async () => {
    const res = await previewLink({ entity: 'banner', id: 1 }, editor.auth)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: Code.BAD_PARAMS, msg: '轮播图没有公开页面，无法预览', data: null })
  })

  test('refuses an unknown type', async () => {
    const res = await previewLink({ entity: 'nothing', id: 1 }, editor.auth)
    expect(res.body).toEqual({ code: Code.BAD_PARAMS, msg: '未知的内容类型 nothing', data: null })
  })

  test('refuses an unknown id', async () => {
    const res = await previewLink({ entity: 'course', id: 2_000_000_000 }, editor.auth)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: Code.NOT_FOUND, msg: '课程不存在', data: null })
  })

  test('refuses members who are not staff, and anonymous callers', async () => {
    const course = await createCourse({ isPublished: false })

    const asMember = await previewLink({ entity: 'course', id: course.id }, member.auth)
    const anonymous = await previewLink({ entity: 'course', id: course.id })

    expect(asMember.status).toBe(403)
    expect(asMember.body).toEqual({ code: Code.FORBIDDEN, msg: '仅管理员、编辑和发布员可以管理内容', data: null })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ code: Code.NEED_LOGIN, data: null })
  })
})

describe('a detail action called with a preview token', () => {
  const details = (id: number, token?: string) => {
    const call = request(app).post('/api/Course/courseDetails').send({ id })
    return token ? call.set('X-Preview', token) : call
  }

  test('answers that unpublished course, privately and past the cache', async () => {
    const course = await createCourse({ isPublished: false, seoTitle: '预览 SEO 标题' })
    const token = signPreview('course', course.id, new Date(Date.now() + 60_000))
    await details(course.id) // a 404 now kept for everyone

    const res = await details(course.id, token)

    expect(res.body).toMatchObject({ code: Code.OK, data: { id: course.id, title: course.title, seoTitle: '预览 SEO 标题' } })
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect((await details(course.id)).body).toMatchObject({ code: Code.NOT_FOUND, data: null })
  })

  test('is no visit: previewing a published course leaves its view count as it was', async () => {
    const course = await createCourse({ isPublished: true })
    const token = signPreview('course', course.id, new Date(Date.now() + 60_000))
    const counted = (await details(course.id)).body.data.views as number

    const previews = [(await details(course.id, token)).body.data.views, (await details(course.id, token)).body.data.views]

    expect(previews).toEqual([counted, counted])
    expect((await details(course.id)).body.data.views).toBe(counted + 1)
  })

  test('is not found with a token for another item, an expired or an altered token', async () => {
    const course = await createCourse({ isPublished: false })
    const other = await createCourse({ isPublished: false })
    const expired = signPreview('course', course.id, new Date(Date.now() - 1000))
    const valid = signPreview('course', course.id, new Date(Date.now() + 60_000))
    const altered = valid.replace(`course.${course.id}.`, `course.${other.id}.`)

    for (const [id, token] of [
      [other.id, valid],
      [course.id, expired],
      [other.id, altered],
      [course.id, signPreview('teacher', course.id, new Date(Date.now() + 60_000))],
    ] as const) {
      expect((await details(id, token)).body).toMatchObject({ code: Code.NOT_FOUND, data: null })
    }
  })
})
