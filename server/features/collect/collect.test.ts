import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { createCourse, createSpecial, createTeacher } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
const api = () => request(app)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
const call = (who: Signed, path: string, body: object) => api().post(path).set('Authorization', who.auth).send(body)

describe('POST /api/Teacher/teacherFollow', () => {
  test('follows a teacher; twice is fine and leaves one row', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()

    const first = await call(me, '/api/Teacher/teacherFollow', { teacherId: teacher.id })
    const second = await call(me, '/api/Teacher/teacherFollow', { teacherId: String(teacher.id) })

    expect(first.body).toEqual({ code: Code.OK, msg: '操作成功', data: { isFollowed: true } })
    expect(second.body).toEqual(first.body)
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id, teacherId: teacher.id } })).toBe(1)
  })

  test('100 parallel identical follows leave one row and no error', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()

    const answers = await Promise.all(Array.from({ length: 100 }, () => call(me, '/api/Teacher/teacherFollow', { teacherId: teacher.id })))

    expect(answers.map((res) => res.body.code)).toEqual(Array(100).fill(Code.OK))
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id, teacherId: teacher.id } })).toBe(1)
  })

  test('takes `id` as an alias of teacherId', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()

    const res = await call(me, '/api/Teacher/teacherFollow', { id: teacher.id })

    expect(res.body.code).toBe(Code.OK)
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id, teacherId: teacher.id } })).toBe(1)
  })

  test.each([
    [{}, Code.BAD_PARAMS, '名师ID格式不正确'],
    [{ teacherId: 'abc' }, Code.BAD_PARAMS, '名师ID格式不正确'],
    [{ teacherId: -1 }, Code.BAD_PARAMS, '名师ID格式不正确'],
    [{ teacherId: 99_999_999 }, Code.NOT_FOUND, '名师不存在或已下架'],
  ])('refuses %o', async (body, code, msg) => {
    const me = await createSignedInMember()

    const res = await call(me, '/api/Teacher/teacherFollow', body)

    expect(res.body).toEqual(failure(code, msg))
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses an unpublished teacher', async () => {
    const me = await createSignedInMember()
    const hidden = await createTeacher({ isPublished: false })

    const res = await call(me, '/api/Teacher/teacherFollow', { teacherId: hidden.id })

    expect(res.status).toBe(404)
    expect(res.body).toEqual(failure(Code.NOT_FOUND, '名师不存在或已下架'))
  })
})

describe('POST /api/Teacher/cancelFollow', () => {
  test('cancels only this member’s follow; cancelling nothing is fine', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const teacher = await createTeacher()
    await call(me, '/api/Teacher/teacherFollow', { teacherId: teacher.id })
    await call(other, '/api/Teacher/teacherFollow', { teacherId: teacher.id })

    const res = await call(me, '/api/Teacher/cancelFollow', { teacherId: teacher.id })
    const again = await call(me, '/api/Teacher/cancelFollow', { teacherId: teacher.id })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { isFollowed: false } })
    expect(again.body).toEqual(res.body)
    expect(await prisma.teacherFollow.count({ where: { teacherId: teacher.id } })).toBe(1)
    expect(await prisma.teacherFollow.count({ where: { teacherId: teacher.id, memberId: other.member.id } })).toBe(1)
  })

  test('cancels the follow of a teacher taken offline since', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    await call(me, '/api/Teacher/teacherFollow', { teacherId: teacher.id })
    await prisma.teacher.update({ where: { id: teacher.id }, data: { isPublished: false } })

    const res = await call(me, '/api/Teacher/cancelFollow', { teacherId: teacher.id })

    expect(res.body.code).toBe(Code.OK)
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses an id that never existed and a bad id', async () => {
    const me = await createSignedInMember()

    expect((await call(me, '/api/Teacher/cancelFollow', { teacherId: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '名师不存在'))
    expect((await call(me, '/api/Teacher/cancelFollow', { teacherId: 'x' })).body).toEqual(failure(Code.BAD_PARAMS, '名师ID格式不正确'))
  })
})

describe('POST /api/Course/courseCollect and cancelCollect', () => {
  test('collects idempotently and cancels', async () => {
    const me = await createSignedInMember()
    const course = await createCourse()

    const answers = await Promise.all(Array.from({ length: 20 }, () => call(me, '/api/Course/courseCollect', { courseId: course.id })))
    expect(answers.map((res) => res.body.code)).toEqual(Array(20).fill(Code.OK))
    expect(answers[0].body.data).toEqual({ isCollected: true })
    expect(await prisma.courseCollect.count({ where: { memberId: me.member.id, courseId: course.id } })).toBe(1)

    const cancelled = await call(me, '/api/Course/cancelCollect', { courseId: course.id })
    expect(cancelled.body).toEqual({ code: Code.OK, msg: '操作成功', data: { isCollected: false } })
    expect(await prisma.courseCollect.count({ where: { memberId: me.member.id } })).toBe(0)
    expect((await call(me, '/api/Course/cancelCollect', { courseId: course.id })).body.code).toBe(Code.OK)
  })

  test('refuses unknown, unpublished and malformed courses', async () => {
    const me = await createSignedInMember()
    const hidden = await createCourse({ isPublished: false })

    expect((await call(me, '/api/Course/courseCollect', { courseId: 99_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '课程不存在或已下架'),
    )
    expect((await call(me, '/api/Course/courseCollect', { courseId: hidden.id })).body).toEqual(
      failure(Code.NOT_FOUND, '课程不存在或已下架'),
    )
    expect((await call(me, '/api/Course/courseCollect', { courseId: '1.5' })).body).toEqual(failure(Code.BAD_PARAMS, '课程ID格式不正确'))
    expect((await call(me, '/api/Course/cancelCollect', { courseId: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '课程不存在'))
    expect(await prisma.courseCollect.count({ where: { memberId: me.member.id } })).toBe(0)
  })
})

describe('POST /api/Special/specialCollect and cancelCollect', () => {
  test('collects idempotently and cancels', async () => {
    const me = await createSignedInMember()
    const special = await createSpecial()

    await call(me, '/api/Special/specialCollect', { specialId: special.id })
    const again = await call(me, '/api/Special/specialCollect', { specialId: special.id })
    expect(again.body).toEqual({ code: Code.OK, msg: '操作成功', data: { isCollected: true } })
    expect(await prisma.specialCollect.count({ where: { memberId: me.member.id, specialId: special.id } })).toBe(1)

    expect((await call(me, '/api/Special/cancelCollect', { specialId: special.id })).body.data).toEqual({ isCollected: false })
    expect(await prisma.specialCollect.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses unknown, unpublished and malformed specials', async () => {
    const me = await createSignedInMember()
    const hidden = await createSpecial({ isPublished: false })

    expect((await call(me, '/api/Special/specialCollect', { specialId: 99_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '专题不存在或已下架'),
    )
    expect((await call(me, '/api/Special/specialCollect', { specialId: hidden.id })).body).toEqual(
      failure(Code.NOT_FOUND, '专题不存在或已下架'),
    )
    expect((await call(me, '/api/Special/specialCollect', {})).body).toEqual(failure(Code.BAD_PARAMS, '专题ID格式不正确'))
    expect((await call(me, '/api/Special/cancelCollect', { specialId: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '专题不存在'))
  })
})

describe('POST /api/Member/myTeacherFollow', () => {
  test('pages the member’s followed teachers, newest first, with card fields and nothing of others', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const teachers = [
      await createTeacher({ title: '教授甲' }),
      await createTeacher({ title: '教授乙' }),
      await createTeacher({ title: '教授丙' }),
    ]
    const hidden = await createTeacher()
    const strangers = await createTeacher({ name: '别人关注的名师' })
    for (const teacher of [...teachers, hidden]) await call(me, '/api/Teacher/teacherFollow', { teacherId: teacher.id })
    await call(other, '/api/Teacher/teacherFollow', { teacherId: strangers.id })
    await prisma.teacher.update({ where: { id: hidden.id }, data: { isPublished: false } })

    const first = await call(me, '/api/Member/myTeacherFollow', { page: 1, limit: 2 })
    const second = await call(me, '/api/Member/myTeacherFollow', { page: 2, limit: 2 })

    expect(first.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        total: 3,
        page: 1,
        limit: 2,
        list: [
          { id: teachers[2].id, name: teachers[2].name, img: teachers[2].photo, title: '教授丙', followedAt: expect.any(String) },
          { id: teachers[1].id, name: teachers[1].name, img: teachers[1].photo, title: '教授乙', followedAt: expect.any(String) },
        ],
      },
    })
    expect(second.body.data.list.map((t: { id: number }) => t.id)).toEqual([teachers[0].id])
    expect(JSON.stringify(first.body) + JSON.stringify(second.body)).not.toContain('别人关注的名师')
  })

  test('treats page 0 as page 1 and caps a huge limit, but refuses a page that is not a number', async () => {
    const me = await createSignedInMember()

    const res = await call(me, '/api/Member/myTeacherFollow', { page: '0', limit: 999 })
    const junk = await call(me, '/api/Member/myTeacherFollow', { page: 'abc' })
    const nested = await call(me, '/api/Member/myTeacherFollow', { page: { valueOf: 1, toString: 1 } })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { list: [], total: 0, page: 1, limit: 50 } })
    expect(junk.body).toEqual({ code: Code.BAD_PARAMS, msg: '页码应为数字', data: null })
    expect(nested.body).toEqual({ code: Code.BAD_PARAMS, msg: '页码应为数字', data: null })
  })
})

describe('POST /api/Member/myCourseCollect', () => {
  test('lists collected courses with cover and teacher name', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher({ name: '王老师' })
    const course = await createCourse({ teacherId: teacher.id, title: '经济学原理' })
    const orphan = await createCourse({ title: '无主讲课程' })
    await call(me, '/api/Course/courseCollect', { courseId: course.id })
    await call(me, '/api/Course/courseCollect', { courseId: orphan.id })

    const res = await call(me, '/api/Member/myCourseCollect', {})

    expect(res.body.data).toEqual({
      total: 2,
      page: 1,
      limit: 10,
      list: [
        { id: orphan.id, title: '无主讲课程', cover_img: orphan.cover, teacherId: null, teacherName: '', collectedAt: expect.any(String) },
        {
          id: course.id,
          title: '经济学原理',
          cover_img: course.cover,
          teacherId: teacher.id,
          teacherName: '王老师',
          collectedAt: expect.any(String),
        },
      ],
    })
  })
})

describe('POST /api/Member/mySpecialCollect', () => {
  test('lists collected specials with cover and link', async () => {
    const me = await createSignedInMember()
    const special = await createSpecial({ title: '乡村振兴', specialUrl: 'https://example.com/zt' })
    await call(me, '/api/Special/specialCollect', { specialId: special.id })

    const res = await call(me, '/api/Member/mySpecialCollect', {})

    expect(res.body.data.list).toEqual([
      {
        id: special.id,
        title: '乡村振兴',
        cover_img: special.cover,
        special_url: 'https://example.com/zt',
        collectedAt: expect.any(String),
      },
    ])
  })
})
