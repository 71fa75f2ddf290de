// Where a member stopped in a video: saved, offered back, listed under 最近观看 (gone videos drop out),
// cleared, and refused for strangers, unknown or hidden videos and impossible positions.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { createCourse, createTeacher, createTeacherVideo } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
const call = (action: string, auth: string | null, body: object = {}) => {
  const req = request(app).post(`/api/Member/${action}`)
  if (auth) req.set('Authorization', auth)
  return req.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

test('a position is saved, offered back, moved on, and listed last-watched first', async () => {
  const me = await createSignedInMember()
  const teacher = await createTeacher()
  const video = await createTeacherVideo({ teacherId: teacher.id, title: '宏观经济第一讲' })
  const course = await createCourse({ title: '数字政府建设', videoUrl: '/uploads/seed/video/featured-1.mp4' })

  expect((await call('videoProgress', me.auth, { kind: 'course', id: course.id })).body.data).toBeNull()
  await call('videoProgressSave', me.auth, { kind: 'teacherVideo', id: video.id, position: 120, duration: 3600 })
  await call('videoProgressSave', me.auth, { kind: 'course', id: course.id, position: 30.5, duration: 600 })
  const saved = await call('videoProgressSave', me.auth, { kind: 'teacherVideo', id: video.id, position: 754.2, duration: 3600 })

  expect(saved.body).toMatchObject({ code: Code.OK, data: { position: 754.2 } })
  expect((await call('videoProgress', me.auth, { kind: 'teacherVideo', id: video.id })).body.data).toMatchObject({
    position: 754.2,
    duration: 3600,
  })
  const recent = await call('recentVideos', me.auth, {})
  expect(recent.body.data).toMatchObject({ total: 2, page: 1, limit: 10 })
  expect(
    recent.body.data.list.map((item: { kind: string; title: string; position: number }) => [item.kind, item.title, item.position]),
  ).toEqual([
    ['teacherVideo', '宏观经济第一讲', 754.2],
    ['course', '数字政府建设', 30.5],
  ])
  expect(recent.body.data.list[0].teacherName).toBe(teacher.name)
  const tabs = (await call('getNavigation', me.auth)).body.data as { id: number; name: string; count: number | null }[]
  expect(tabs.find((tab) => tab.id === 11)).toEqual({ id: 11, key: 'recentVideos', name: '最近观看', count: 2 })

  // A video taken down drops out of the list; clearing empties it.
  await prisma.course.update({ where: { id: course.id }, data: { isPublished: false } })
  expect((await call('recentVideos', me.auth, {})).body.data.list).toHaveLength(1)
  expect((await call('recentVideosClear', me.auth)).body.data).toEqual({ cleared: 2 })
  expect((await call('recentVideos', me.auth, {})).body.data).toMatchObject({ list: [], total: 0 })
})

test("one member's positions are never another's", async () => {
  const [me, other] = await Promise.all([createSignedInMember(), createSignedInMember()])
  const video = await createTeacherVideo({ teacherId: (await createTeacher()).id })
  await call('videoProgressSave', me.auth, { kind: 'teacherVideo', id: video.id, position: 42, duration: 100 })

  expect((await call('videoProgress', other.auth, { kind: 'teacherVideo', id: video.id })).body.data).toBeNull()
  expect((await call('recentVideos', other.auth, {})).body.data.total).toBe(0)
})

test('refused: strangers, hidden or unknown videos, impossible positions; nothing is saved', async () => {
  const me = await createSignedInMember()
  const teacher = await createTeacher()
  const pending = await createTeacherVideo({ teacherId: teacher.id, status: 'pending' })
  const body = { kind: 'teacherVideo', id: pending.id, position: 10, duration: 100 }

  expect((await call('videoProgressSave', null, body)).body.code).toBe(Code.NEED_LOGIN)
  expect((await call('videoProgressSave', me.auth, body)).body).toEqual(failure(Code.NOT_FOUND, '视频不存在或已下架'))
  expect((await call('videoProgressSave', me.auth, { ...body, id: 999_999 })).body).toEqual(failure(Code.NOT_FOUND, '视频不存在或已下架'))
  expect((await call('videoProgressSave', me.auth, { ...body, kind: 'movie' })).body).toEqual(
    failure(Code.BAD_PARAMS, '视频类型应为 teacherVideo 或 course'),
  )
  expect((await call('videoProgressSave', me.auth, { ...body, position: -1 })).body).toEqual(failure(Code.BAD_PARAMS, '播放位置不能为负数'))
  expect((await call('videoProgressSave', me.auth, { ...body, position: 500 })).body).toEqual(
    failure(Code.BAD_PARAMS, '播放位置不能超过视频时长'),
  )
  expect((await call('videoProgressSave', me.auth, { ...body, duration: 1e9 })).body).toEqual(
    failure(Code.BAD_PARAMS, '视频时长不能超过一天'),
  )
  expect((await call('videoProgressSave', me.auth, { ...body, position: '12:34' })).body).toEqual(
    failure(Code.BAD_PARAMS, '播放位置应为秒数'),
  )
  expect(await prisma.videoProgress.count({ where: { memberId: me.member.id } })).toBe(0)
})
