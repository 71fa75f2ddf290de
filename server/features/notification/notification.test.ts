import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { Code } from '../../lib/api-error'
import { ensureCooperationType, createCourse, createTeacher, createTeacherVideo } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import type { JobContext } from '../../data/job-worker'
import { resetLoginLimits } from '../member/member.service'
import { uploadUrl } from '../upload/upload-access.service'
import { transcodeVideoJob } from '../video/video-assets.service'
import { fanoutJob, fanoutSettings, FANOUT_JOB, tellNextBatch } from './fanout.service'
import { notifyMember } from './notification.service'

const app = createApp()
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
const call = (who: Signed | null, path: string, body: object = {}) => {
  const req = request(app).post(`/api/${path}`)
  return (who ? req.set('Authorization', who.auth) : req).send(body)
}

const jobContext = (signal = new AbortController().signal): JobContext => ({
  jobId: 0,
  attempt: 1,
  isLastAttempt: false,
  progress: () => undefined,
  signal,
})

async function notices(memberId: number) {
  return prisma.notification.findMany({ where: { memberId }, orderBy: { id: 'asc' } })
}

async function followers(teacherId: number, count: number) {
  const members = await Promise.all(Array.from({ length: count }, () => createSignedInMember()))
  for (const who of members) await prisma.teacherFollow.create({ data: { memberId: who.member.id, teacherId } })
  return members
}

describe('POST /api/Member/notificationList', () => {
  test('pages the member’s own notices, newest first, with the unread count', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const first = await notifyMember(me.member.id, { kind: 'review', title: '第一条', link: '/user?tab=6' })
    const second = await notifyMember(me.member.id, { kind: 'account', title: '第二条', body: '正文', smsEvent: '登录密码已修改' })
    await notifyMember(other.member.id, { kind: 'review', title: '别人的' })

    const res = await call(me, 'Member/notificationList', { page: 1, limit: 1 })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        list: [{ id: second, kind: 'account', title: '第二条', body: '正文', link: '', isRead: false, createdAt: expect.any(String) }],
        total: 2,
        page: 1,
        limit: 1,
        unread: 2,
      },
    })
    const page2 = await call(me, 'Member/notificationList', { page: 2, limit: 1 })
    expect(page2.body.data.list.map((item: { id: number }) => item.id)).toEqual([first])
  })

  test('lists only unread notices with filter unread', async () => {
    const me = await createSignedInMember()
    const read = await notifyMember(me.member.id, { kind: 'review', title: '已读' })
    const unread = await notifyMember(me.member.id, { kind: 'review', title: '未读' })
    await prisma.notification.update({ where: { id: read! }, data: { readAt: new Date() } })

    const res = await call(me, 'Member/notificationList', { filter: 'unread' })

    expect(res.body.data).toMatchObject({ total: 1, unread: 1, list: [{ id: unread, isRead: false }] })
  })

  test('refuses a bad filter and a missing login', async () => {
    const me = await createSignedInMember()
    expect((await call(me, 'Member/notificationList', { filter: 'mine' })).body).toEqual(
      failure(Code.BAD_PARAMS, '筛选条件应为 all 或 unread'),
    )
    expect((await call(null, 'Member/notificationList')).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/notificationRead · notificationReadAll', () => {
  test('marks the member’s notices read and getUserInfo’s unread count follows at once', async () => {
    const me = await createSignedInMember()
    const a = await notifyMember(me.member.id, { kind: 'review', title: 'A' })
    await notifyMember(me.member.id, { kind: 'review', title: 'B' })
    expect((await call(me, 'Member/getUserInfo')).body.data.unreadCount).toBe(2)

    const res = await call(me, 'Member/notificationRead', { ids: [a] })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { updated: 1, unread: 1 } })
    expect((await call(me, 'Member/getUserInfo')).body.data.unreadCount).toBe(1)
    // A notice arriving later shows on the next read of the kept answer.
    await notifyMember(me.member.id, { kind: 'review', title: 'C' })
    expect((await call(me, 'Member/getUserInfo')).body.data.unreadCount).toBe(2)

    const all = await call(me, 'Member/notificationReadAll')
    expect(all.body).toEqual({ code: Code.OK, msg: '操作成功', data: { updated: 2, unread: 0 } })
    expect((await call(me, 'Member/getUserInfo')).body.data.unreadCount).toBe(0)
  })

  test('another member’s notice id refuses the whole call, nothing changed', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const mine = await notifyMember(me.member.id, { kind: 'review', title: '我的' })
    const theirs = await notifyMember(other.member.id, { kind: 'review', title: '别人的' })

    const res = await call(me, 'Member/notificationRead', { ids: [mine, theirs] })

    expect(res.body).toEqual(failure(Code.NOT_FOUND, '消息不存在或已删除'))
    expect((await notices(me.member.id))[0].readAt).toBeNull()
    expect((await notices(other.member.id))[0].readAt).toBeNull()
    // Read-all touches only the caller's.
    await call(me, 'Member/notificationReadAll')
    expect((await notices(other.member.id))[0].readAt).toBeNull()
  })

  test.each([
    [{}, '请选择消息'],
    [{ ids: [] }, '请选择消息'],
    [{ ids: ['x'] }, '消息ID格式不正确'],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, '一次最多操作 100 条消息'],
  ])('refuses %o', async (body, msg) => {
    const me = await createSignedInMember()
    await notifyMember(me.member.id, { kind: 'review', title: 'A' })
    expect((await call(me, 'Member/notificationRead', body)).body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect((await notices(me.member.id))[0].readAt).toBeNull()
  })

  test('needs a login', async () => {
    expect((await call(null, 'Member/notificationReadAll')).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/notificationDelete', () => {
  test('deletes the member’s own notices only', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const a = await notifyMember(me.member.id, { kind: 'review', title: 'A' })
    const b = await notifyMember(me.member.id, { kind: 'review', title: 'B' })
    const theirs = await notifyMember(other.member.id, { kind: 'review', title: '别人的' })

    expect((await call(me, 'Member/notificationDelete', { ids: [theirs] })).body).toEqual(failure(Code.NOT_FOUND, '消息不存在或已删除'))
    expect(await notices(other.member.id)).toHaveLength(1)

    const res = await call(me, 'Member/notificationDelete', { ids: [a] })
    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { deleted: 1, unread: 1 } })
    expect((await notices(me.member.id)).map((row) => row.id)).toEqual([b])
  })

  test('refuses an empty list and a missing login', async () => {
    const me = await createSignedInMember()
    expect((await call(me, 'Member/notificationDelete', { ids: [] })).body).toEqual(failure(Code.BAD_PARAMS, '请选择消息'))
    expect((await call(null, 'Member/notificationDelete', { ids: [1] })).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('POST /api/Member/notificationPreferences · notificationPreferenceSave', () => {
  test('every kind is on, followed teachers are listed, SMS is off until chosen', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    await prisma.teacherFollow.create({ data: { memberId: me.member.id, teacherId: teacher.id } })

    const res = await call(me, 'Member/notificationPreferences')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.kinds.map((kind: { kind: string; enabled: boolean }) => [kind.kind, kind.enabled])).toEqual([
      ['follow', true],
      ['review', true],
      ['video', true],
      ['inquiry', true],
      ['comment', true],
      ['account', true],
    ])
    expect(res.body.data.teachers).toEqual([{ teacherId: teacher.id, name: teacher.name, photo: teacher.photo, enabled: true }])
    expect(res.body.data.smsAccount).toBe(false)
  })

  test('saves switches and a switched-off kind gets no notice', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    await prisma.teacherFollow.create({ data: { memberId: me.member.id, teacherId: teacher.id } })

    const res = await call(me, 'Member/notificationPreferenceSave', {
      items: [
        { key: 'review', enabled: false },
        { key: `teacher:${teacher.id}`, enabled: false },
        { key: 'sms-account', enabled: true },
      ],
    })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.kinds.find((kind: { kind: string }) => kind.kind === 'review').enabled).toBe(false)
    expect(res.body.data.teachers[0].enabled).toBe(false)
    expect(res.body.data.smsAccount).toBe(true)
    expect(await notifyMember(me.member.id, { kind: 'review', title: '不会收到' })).toBeNull()
    expect(await notifyMember(me.member.id, { kind: 'account', title: '会收到', smsEvent: '登录密码已修改' })).toEqual(expect.any(Number))
  })

  test.each([
    [{ items: [{ key: 'weather', enabled: true }] }, '未知的通知类型：weather'],
    [{ items: [{ key: 'review', enabled: 'yes' }] }, '开关应为 true 或 false'],
    [{ items: [] }, '请提交要修改的通知设置'],
    [{}, '请提交要修改的通知设置'],
  ])('refuses %o, nothing saved', async (body, msg) => {
    const me = await createSignedInMember()
    expect((await call(me, 'Member/notificationPreferenceSave', body)).body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.notificationPreference.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses a teacher the member does not follow, all or nothing', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()

    const res = await call(me, 'Member/notificationPreferenceSave', {
      items: [
        { key: 'review', enabled: false },
        { key: `teacher:${teacher.id}`, enabled: false },
      ],
    })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '只能设置已关注名师的动态提醒'))
    expect(await prisma.notificationPreference.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('smsAvailable follows the provider: a cloud provider without its notice template offers no SMS', async () => {
    const me = await createSignedInMember()
    const keys = [
      'smsProvider',
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_REGISTER',
      'ALIYUN_SMS_TEMPLATE_FINDPASS',
      'ALIYUN_SMS_TEMPLATE_NOTICE',
    ] as const
    const saved = Object.fromEntries(keys.map((key) => [key, env[key]]))
    const smsAvailable = async () => (await call(me, 'Member/notificationPreferences')).body.data.smsAvailable
    try {
      expect(await smsAvailable()).toBe(true)
      Object.assign(env, {
        smsProvider: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestAccessKeyId',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '名师网',
        ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_1',
        ALIYUN_SMS_TEMPLATE_FINDPASS: 'SMS_2',
        ALIYUN_SMS_TEMPLATE_NOTICE: undefined,
      })

      expect(await smsAvailable()).toBe(false)
      expect((await call(me, 'Member/notificationPreferenceSave', { items: [{ key: 'sms-account', enabled: true }] })).body).toEqual(
        failure(Code.BAD_PARAMS, '站点未开通短信通知，无法开启短信提醒'),
      )

      env.ALIYUN_SMS_TEMPLATE_NOTICE = 'SMS_3'
      expect(await smsAvailable()).toBe(true)
      env.smsProvider = 'off'
      expect(await smsAvailable()).toBe(false)
    } finally {
      Object.assign(env, saved)
    }
  })

  test('needs a login', async () => {
    expect((await call(null, 'Member/notificationPreferences')).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
  })
})

describe('follower updates', () => {
  test('a first publish writes one event and its job, no notices; the job tells every follower once', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const teacher = await createTeacher()
    const fans = await followers(teacher.id, 3)
    const course = await createCourse({ teacherId: teacher.id, isPublished: false })

    const res = await call(admin, 'Admin/coursePublish', { id: course.id, isPublished: true })

    expect(res.body.code).toBe(Code.OK)
    const events = await prisma.notificationEvent.findMany({ where: { source: 'teacher', sourceId: teacher.id } })
    expect(events).toHaveLength(1)
    expect(events[0].state).toBe('collecting')
    const job = await prisma.job.findFirstOrThrow({ where: { uniqueKey: `${FANOUT_JOB}:${events[0].id}` } })
    expect(job.runAt.getTime()).toBe(events[0].sendAt.getTime())
    expect(await prisma.notification.count({ where: { eventId: events[0].id } })).toBe(0)

    await fanoutJob({ eventId: events[0].id }, jobContext())

    for (const fan of fans) {
      const list = await call(fan, 'Member/notificationList')
      expect(list.body.data.list).toEqual([expect.objectContaining({ kind: 'follow', link: `/course/detail/${course.id}`, isRead: false })])
      expect(list.body.data.list[0].title).toContain(course.title)
      expect((await call(fan, 'Member/getUserInfo')).body.data.unreadCount).toBe(1)
    }
    expect((await prisma.notificationEvent.findUniqueOrThrow({ where: { id: events[0].id } })).state).toBe('sent')
  })

  test('publishes within the window fold into one notice; a republish after a take-down tells no one again', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const teacher = await createTeacher()
    const [fan] = await followers(teacher.id, 1)
    const one = await createCourse({ teacherId: teacher.id, isPublished: false })
    const two = await createCourse({ teacherId: teacher.id, isPublished: false })

    await call(admin, 'Admin/coursePublish', { id: one.id, isPublished: true })
    await call(admin, 'Admin/coursePublish', { id: two.id, isPublished: true })
    await call(admin, 'Admin/coursePublish', { id: one.id, isPublished: false })
    await call(admin, 'Admin/coursePublish', { id: one.id, isPublished: true })

    const events = await prisma.notificationEvent.findMany({ where: { sourceId: teacher.id, source: 'teacher' } })
    expect(events).toHaveLength(1)
    expect(JSON.parse(events[0].items).map((item: { id: number }) => item.id)).toEqual([one.id, two.id])
    await fanoutJob({ eventId: events[0].id }, jobContext())
    const mine = await notices(fan.member.id)
    expect(mine).toHaveLength(1)
    expect(mine[0].title).toBe(`${teacher.name}有 2 条新动态`)
    expect(mine[0].link).toBe(`/teacher/detail/${teacher.id}`)
  })

  test('exactly once: a run that dies between batches and runs again, and two runners at once, tell each follower once', async () => {
    const teacher = await createTeacher()
    const fans = await followers(teacher.id, 7)
    const admin = await createSignedInMember({ role: 'admin' })
    const course = await createCourse({ teacherId: teacher.id, isPublished: false })
    await call(admin, 'Admin/coursePublish', { id: course.id, isPublished: true })
    const event = await prisma.notificationEvent.findFirstOrThrow({ where: { source: 'teacher', sourceId: teacher.id } })
    const saved = fanoutSettings.batch
    fanoutSettings.batch = 2
    try {
      // The first attempt tells one batch and dies (its transaction committed, the process gone).
      await tellNextBatch(event.id, { title: 't', body: '', link: '' })
      expect(await prisma.notification.count({ where: { eventId: event.id } })).toBe(2)
      // A second attempt and a third runner, at once.
      await Promise.all([fanoutJob({ eventId: event.id }, jobContext()), fanoutJob({ eventId: event.id }, jobContext())])
      // And a retry after it all finished.
      await fanoutJob({ eventId: event.id }, jobContext())
    } finally {
      fanoutSettings.batch = saved
    }
    const rows = await prisma.notification.findMany({ where: { eventId: event.id }, select: { memberId: true } })
    expect(rows.map((row) => row.memberId).sort()).toEqual(fans.map((fan) => fan.member.id).sort())
    expect((await prisma.notificationEvent.findUniqueOrThrow({ where: { id: event.id } })).told).toBe(7)
  })

  test('a stopped run throws and leaves the cursor where its last batch committed', async () => {
    const teacher = await createTeacher()
    await followers(teacher.id, 3)
    const video = await createTeacherVideo({ teacherId: teacher.id })
    const { recordFirstPublication } = await import('./fanout.service')
    await recordFirstPublication(prisma, 'teacherVideo', video.id)
    const event = await prisma.notificationEvent.findFirstOrThrow({ where: { source: 'teacher', sourceId: teacher.id } })
    const stop = new AbortController()
    stop.abort()

    await expect(fanoutJob({ eventId: event.id }, jobContext(stop.signal))).rejects.toThrow()
    expect(await prisma.notification.count({ where: { eventId: event.id } })).toBe(0)
    await fanoutJob({ eventId: event.id }, jobContext())
    expect(await prisma.notification.count({ where: { eventId: event.id } })).toBe(3)
  })

  test('members who switched follower updates or this teacher off are skipped', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const teacher = await createTeacher()
    const [all, offKind, offTeacher] = await followers(teacher.id, 3)
    await prisma.notificationPreference.create({ data: { memberId: offKind.member.id, key: 'follow', enabled: false } })
    await prisma.notificationPreference.create({ data: { memberId: offTeacher.member.id, key: `teacher:${teacher.id}`, enabled: false } })
    const course = await createCourse({ teacherId: teacher.id, isPublished: false })

    await call(admin, 'Admin/coursePublish', { id: course.id, isPublished: true })
    const event = await prisma.notificationEvent.findFirstOrThrow({ where: { source: 'teacher', sourceId: teacher.id } })
    await fanoutJob({ eventId: event.id }, jobContext())

    expect(await notices(all.member.id)).toHaveLength(1)
    expect(await notices(offKind.member.id)).toHaveLength(0)
    expect(await notices(offTeacher.member.id)).toHaveLength(0)
  })

  test('a console save that adds a published course to a collected special tells its collectors', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const collector = await createSignedInMember()
    const course = await createCourse()
    const special = await prisma.special.findFirstOrThrow({ where: { isPublished: true }, orderBy: { id: 'desc' } })
    await prisma.specialCollect.create({ data: { memberId: collector.member.id, specialId: special.id } })
    const record = (await call(admin, 'Admin/specialGet', { id: special.id })).body.data as Record<string, unknown>
    const { state: _state, publishAt: _publishAt, unpublishAt: _unpublishAt, draftAt: _draftAt, ...editable } = record

    const res = await call(admin, 'Admin/specialSave', { ...editable, courses: [...(record.courses as string[]), course.slug] })

    expect(res.body.code).toBe(Code.OK)
    const event = await prisma.notificationEvent.findFirstOrThrow({
      where: { source: 'special', sourceId: special.id },
      orderBy: { id: 'desc' },
    })
    expect(JSON.parse(event.items)).toEqual([expect.objectContaining({ entity: 'course', id: course.id })])
    await fanoutJob({ eventId: event.id }, jobContext())
    expect(await notices(collector.member.id)).toEqual([expect.objectContaining({ kind: 'follow', link: `/course/detail/${course.id}` })])
  })

  test('a collected special’s collectors hear of a course published into it', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const collector = await createSignedInMember()
    const course = await createCourse({ isPublished: false })
    const special = await prisma.special.findFirstOrThrow({ where: { isPublished: true } })
    await prisma.specialCourse.create({ data: { specialId: special.id, courseId: course.id, position: 99 } })
    await prisma.specialCollect.create({ data: { memberId: collector.member.id, specialId: special.id } })

    await call(admin, 'Admin/coursePublish', { id: course.id, isPublished: true })
    const event = await prisma.notificationEvent.findFirstOrThrow({
      where: { source: 'special', sourceId: special.id },
      orderBy: { id: 'desc' },
    })
    await fanoutJob({ eventId: event.id }, jobContext())

    const [notice] = await notices(collector.member.id)
    expect(notice).toMatchObject({ kind: 'follow', link: `/course/detail/${course.id}` })
    expect(notice.title).toContain(special.title)
  })
})

describe('own-item notices', () => {
  test('a rejected contribution tells its author the reason', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const author = await createSignedInMember()
    const contribution = await prisma.contribution.create({
      data: { memberId: author.member.id, kind: 'viewpoint', title: '课堂提问', content: '<p>正文</p>' },
    })

    const res = await call(admin, 'Admin/contributionReview', { id: contribution.id, approve: false, note: '内容与主题无关' })

    expect(res.body.code).toBe(Code.OK)
    const [notice] = await notices(author.member.id)
    expect(notice).toMatchObject({
      kind: 'review',
      title: '您的投稿「课堂提问」未通过审核',
      body: '原因：内容与主题无关',
      link: '/user?tab=6',
    })
  })

  test('an approved member video tells its uploader and its teacher’s followers', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const uploader = await createSignedInMember()
    const teacher = await createTeacher()
    const [fan] = await followers(teacher.id, 1)
    const video = await createTeacherVideo({ teacherId: teacher.id, memberId: uploader.member.id, status: 'pending', title: '公开课' })

    const res = await call(admin, 'Admin/videoReview', { id: video.id, approve: true, note: '' })

    expect(res.body.code).toBe(Code.OK)
    expect(await notices(uploader.member.id)).toEqual([expect.objectContaining({ kind: 'video', link: `/teacher/video/${video.id}` })])
    const event = await prisma.notificationEvent.findFirstOrThrow({ where: { source: 'teacher', sourceId: teacher.id } })
    await fanoutJob({ eventId: event.id }, jobContext())
    expect(await notices(fan.member.id)).toEqual([expect.objectContaining({ kind: 'follow', link: `/teacher/video/${video.id}` })])
  })

  test('a member video whose transcode fails for good tells its uploader why', async () => {
    const uploader = await createSignedInMember()
    const teacher = await createTeacher()
    const source = `2026/11/27/missing-${uploader.member.id}.mp4`
    await prisma.videoAsset.create({ data: { source } })
    await createTeacherVideo({
      teacherId: teacher.id,
      memberId: uploader.member.id,
      status: 'pending',
      title: '公开课',
      videoUrl: uploadUrl(source),
    })

    await expect(transcodeVideoJob({ source }, { ...jobContext(), isLastAttempt: true })).rejects.toThrow()

    expect(await notices(uploader.member.id)).toEqual([
      expect.objectContaining({ kind: 'video', title: '您上传的视频「公开课」转码失败', body: '原视频文件不存在，无法转码' }),
    ])
  })

  test('a password change is an account notice', async () => {
    const me = await createSignedInMember()

    await call(me, 'Member/savePass', { oldPassword: me.password, password: 'fresh2026x', confirmPassword: 'fresh2026x' })

    expect(await notices(me.member.id)).toEqual([expect.objectContaining({ kind: 'account', title: '您的登录密码已修改' })])
  })

  test('an account notice goes by SMS only to a member who opted in, counted with the phone’s codes', async () => {
    const optedIn = await createSignedInMember()
    const quiet = await createSignedInMember()
    await call(optedIn, 'Member/notificationPreferenceSave', { items: [{ key: 'sms-account', enabled: true }] })

    await notifyMember(optedIn.member.id, { kind: 'account', title: '您的登录密码已修改', smsEvent: '登录密码已修改' })
    await notifyMember(quiet.member.id, { kind: 'account', title: '您的登录密码已修改', smsEvent: '登录密码已修改' })
    await notifyMember(optedIn.member.id, { kind: 'review', title: '不是账号通知' })

    expect(await prisma.authCode.count({ where: { phone: optedIn.member.phone!, purpose: 'notice' } })).toBe(1)
    expect(await prisma.authCode.count({ where: { phone: quiet.member.phone!, purpose: 'notice' } })).toBe(0)
  })

  test('a sign-in from a new device is an account notice; the first device and a known one are quiet', async () => {
    await resetLoginLimits()
    const me = await createSignedInMember()
    const login = (agent: string) =>
      request(app).post('/api/Member/login').set('User-Agent', agent).send({ phone: me.member.phone, password: me.password })

    expect((await login('Browser A')).body.code).toBe(Code.OK)
    expect((await login('Browser A')).body.code).toBe(Code.OK)
    expect(await notices(me.member.id)).toHaveLength(0)
    expect((await login('Browser B')).body.code).toBe(Code.OK)

    expect(await notices(me.member.id)).toEqual([expect.objectContaining({ kind: 'account', title: '您的账号在新设备上登录' })])
  })

  test("a booking moved or replied to tells the member who sent it; a visitor's booking and an internal note tell no one", async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const asker = await createSignedInMember()
    await ensureCooperationType(1)
    const booking = (memberId: number | null, referenceNo: string) =>
      prisma.booking.create({
        data: {
          referenceNo,
          organization: '某某学校',
          contactName: '李老师',
          phone: '13900000001',
          typeId: 1,
          requirements: '想合作',
          memberId,
        },
      })
    const mine = await booking(asker.member.id, `YY-NOTE-${asker.member.id}-1`)
    const visitors = await booking(null, `YY-NOTE-${asker.member.id}-2`)
    const before = await prisma.notification.count()

    await call(admin, 'Admin/bookingMove', { id: mine.id, status: 'contacted', reason: '' })
    await call(admin, 'Admin/bookingFollowUp', { id: mine.id, kind: 'note', text: '内部备注' })
    await call(admin, 'Admin/bookingFollowUp', { id: mine.id, kind: 'reply', text: '下周一给您电话' })
    await call(admin, 'Admin/bookingMove', { id: visitors.id, status: 'contacted', reason: '' })

    expect(await notices(asker.member.id)).toEqual([
      expect.objectContaining({
        kind: 'inquiry',
        title: `您的预约 ${mine.referenceNo} 已联系`,
        body: '工作人员已与您联系，正在沟通授课安排',
        link: '/user?tab=14',
      }),
      expect.objectContaining({ kind: 'inquiry', title: `工作人员回复了您的预约 ${mine.referenceNo}`, body: '下周一给您电话' }),
    ])
    expect(await prisma.notification.count()).toBe(before + 2)
  })
})
