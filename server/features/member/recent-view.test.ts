import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { flushRecentViews, noteRecentView, RECENT_VIEWS_KEPT } from '../../data/recent-views'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { createCourse, createSpecial, createTeacher } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let me: Signed
beforeEach(async () => {
  me = await createSignedInMember()
})
afterEach(() => {
  clock.now = () => Date.now()
})

/** Opens detail pages one millisecond apart, so their order is certain. */
async function open(auth: string | null, ...pages: [string, number][]) {
  for (const [path, id] of pages) {
    const now = clock.now()
    clock.now = () => now + 1
    expect((await post(path, auth, { id })).body.code).toBe(Code.OK)
  }
}

describe('POST /api/Member/recentViewList', () => {
  test('lists the teachers, courses and topics the member opened, newest first, each reopened once', async () => {
    const teacher = await createTeacher({ name: '足迹名师', title: '北京大学教授', photo: 'seed/teacher/a.png' })
    const course = await createCourse({ teacherId: teacher.id, title: '足迹课程', cover: 'seed/course/c.png' })
    const special = await createSpecial({ title: '足迹专题', cover: 'seed/special/s.png' })

    await open(
      me.auth,
      ['/api/Teacher/teacherDetails', teacher.id],
      ['/api/Course/courseDetails', course.id],
      ['/api/Special/specialDetails', special.id],
      ['/api/Teacher/teacherDetails', teacher.id],
    )
    const res = await post('/api/Member/recentViewList', me.auth, { page: 1, limit: 12 })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: {
        total: 3,
        page: 1,
        limit: 12,
        list: [
          {
            entity: 'teacher',
            entityText: '名师',
            id: teacher.id,
            title: '足迹名师',
            cover_img: 'seed/teacher/a.png',
            subtitle: '北京大学教授',
            link: `/teacher/detail/${teacher.id}`,
            viewedAt: expect.any(String),
          },
          {
            entity: 'special',
            entityText: '专题',
            id: special.id,
            title: '足迹专题',
            cover_img: 'seed/special/s.png',
            subtitle: '',
            link: `/subject/detail/${special.id}`,
            viewedAt: expect.any(String),
          },
          {
            entity: 'course',
            entityText: '课程',
            id: course.id,
            title: '足迹课程',
            cover_img: 'seed/course/c.png',
            subtitle: '主讲：足迹名师',
            link: `/course/detail/${course.id}`,
            viewedAt: expect.any(String),
          },
        ],
      },
    })
    const page2 = await post('/api/Member/recentViewList', me.auth, { page: 2, limit: 2 })
    expect(page2.body.data).toMatchObject({ total: 3, list: [{ entity: 'course', id: course.id }] })
  })

  test("is written off the request path, and visitors and other members' footprints stay apart", async () => {
    const teacher = await createTeacher()
    const other = await createSignedInMember()

    await open(me.auth, ['/api/Teacher/teacherDetails', teacher.id])
    await open(null, ['/api/Teacher/teacherDetails', teacher.id])
    // The answer came before anything was written.
    expect(await prisma.recentView.count({ where: { memberId: me.member.id } })).toBe(0)

    expect((await post('/api/Member/recentViewList', other.auth)).body.data).toMatchObject({ total: 0, list: [] })
    expect((await post('/api/Member/recentViewList', me.auth)).body.data).toMatchObject({ total: 1, list: [{ id: teacher.id }] })
  })

  test('leaves out what was unpublished since, and counts only what it shows', async () => {
    const shown = await createCourse({ title: '仍在架' })
    const hidden = await createCourse({ title: '将下架' })
    await open(me.auth, ['/api/Course/courseDetails', shown.id], ['/api/Course/courseDetails', hidden.id])
    await flushRecentViews()
    await prisma.course.update({ where: { id: hidden.id }, data: { isPublished: false } })

    const res = await post('/api/Member/recentViewList', me.auth)

    expect(res.body.data).toMatchObject({ total: 1, list: [{ id: shown.id, title: '仍在架' }] })
  })

  test(`keeps a member's newest ${RECENT_VIEWS_KEPT}`, async () => {
    const start = Date.now() - 1_000_000
    await prisma.recentView.createMany({
      data: Array.from({ length: RECENT_VIEWS_KEPT + 20 }, (_, i) => ({
        memberId: me.member.id,
        entity: 'course',
        recordId: 1_000_000 + i,
        viewedAt: new Date(start + i),
      })),
    })
    const course = await createCourse()

    await open(me.auth, ['/api/Course/courseDetails', course.id])
    await flushRecentViews()

    const kept = await prisma.recentView.findMany({ where: { memberId: me.member.id }, orderBy: { viewedAt: 'desc' } })
    expect(kept).toHaveLength(RECENT_VIEWS_KEPT)
    expect(kept[0]).toMatchObject({ entity: 'course', recordId: course.id })
    expect(kept.at(-1)).toMatchObject({ recordId: 1_000_000 + 21 })
  })

  test('needs a signed-in member', async () => {
    expect((await post('/api/Member/recentViewList', null)).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/recentViewClear', () => {
  test('removes one item, or all, including what is not written yet; nobody else is touched', async () => {
    const [a, b] = [await createCourse(), await createCourse()]
    const other = await createSignedInMember()
    await open(me.auth, ['/api/Course/courseDetails', a.id], ['/api/Course/courseDetails', b.id])
    await open(other.auth, ['/api/Course/courseDetails', a.id])

    expect((await post('/api/Member/recentViewClear', me.auth, { entity: 'course', id: a.id })).body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: { cleared: 1 },
    })
    expect((await post('/api/Member/recentViewList', me.auth)).body.data).toMatchObject({ total: 1, list: [{ id: b.id }] })

    noteRecentView(me.member.id, 'course', a.id)
    expect((await post('/api/Member/recentViewClear', me.auth)).body.data).toEqual({ cleared: 2 })
    expect((await post('/api/Member/recentViewList', me.auth)).body.data).toMatchObject({ total: 0, list: [] })
    expect((await post('/api/Member/recentViewList', other.auth)).body.data).toMatchObject({ total: 1 })
  })

  test('refuses half an item and unknown kinds', async () => {
    expect((await post('/api/Member/recentViewClear', me.auth, { entity: 'course' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请同时提供类型和 ID，或都不提供以清空全部'),
    )
    expect((await post('/api/Member/recentViewClear', me.auth, { entity: 'article', id: 1 })).body).toEqual(
      failure(Code.BAD_PARAMS, '类型应为 teacher、course 或 special'),
    )
    expect((await post('/api/Member/recentViewClear', null)).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})
