import request from 'supertest'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../http/envelope'
import { createTeacher, createTeacherVideo } from '../../test/factories'
import { createSignedInMember, expiredToken } from '../../test/member-factories'

const app = createApp()
const post = (action: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(`/api/Member/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let admin: Signed
let author: Signed
beforeAll(async () => {
  admin = await createSignedInMember({ role: 'admin', nickname: '编辑' })
  author = await createSignedInMember({ nickname: '投稿人' })
})

async function contribute(title: string, kind: 'viewpoint' | 'activity' = 'viewpoint') {
  const res = await post('addContribution', author.auth, { title, kind, content: `<p>${title}的正文<script>alert(1)</script></p>` })
  expect(res.body.code).toBe(Code.OK)
  return res.body.data.id as number
}

async function memberVideo(title: string) {
  const teacher = await createTeacher()
  const video = await createTeacherVideo({ teacherId: teacher.id, memberId: author.member.id, title, status: 'pending' })
  return { teacher, video }
}

const allActions = ['reviewContributions', 'reviewContribution', 'reviewVideos', 'reviewVideo']

describe('review actions: who may call them', () => {
  test('refuse members who are not admins with 403, and anyone without a valid token with 401', async () => {
    const id = await contribute('越权审核')
    for (const action of allActions) {
      const body = { id, approve: true }
      expect((await post(action, author.auth, body)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员可以审核内容'))
      expect((await post(action, null, body)).body.code).toBe(Code.NEED_LOGIN)
      expect((await post(action, `Bearer ${expiredToken(admin.member)}`, body)).body.code).toBe(Code.NEED_LOGIN)
    }
    expect((await prisma.contribution.findUniqueOrThrow({ where: { id } })).status).toBe('pending')
  })

  test('getUserInfo says whether the member is an admin; only admins get the review tab with its count', async () => {
    await contribute('待审核计数')
    const pending =
      (await prisma.contribution.count({ where: { status: 'pending' } })) +
      (await prisma.teacherVideo.count({ where: { status: 'pending', memberId: { not: null } } }))

    expect((await post('getUserInfo', admin.auth)).body.data.isAdmin).toBe(true)
    expect((await post('getUserInfo', author.auth)).body.data.isAdmin).toBe(false)
    const adminTabs = (await post('getNavigation', admin.auth)).body.data
    expect(adminTabs.at(-1)).toEqual({ id: 9, key: 'review', name: '内容审核', count: pending })
    expect((await post('getNavigation', author.auth)).body.data.map((tab: { id: number }) => tab.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })
})

describe('POST /api/Member/reviewContributions and reviewContribution', () => {
  test('lists pending contributions oldest first with author, sanitized content and attachments', async () => {
    const first = await contribute('第一篇投稿')
    const second = await contribute('第二篇投稿', 'activity')

    const res = await post('reviewContributions', admin.auth, { limit: 50 })

    expect(res.body.code).toBe(Code.OK)
    const ids = res.body.data.list.map((item: { id: number }) => item.id)
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second))
    const item = res.body.data.list.find((entry: { id: number }) => entry.id === second)
    expect(item).toMatchObject({
      kind: 'activity',
      kindText: '教学活动',
      title: '第二篇投稿',
      status: 'pending',
      statusText: '待审核',
      member: { nickname: '投稿人', member_no: author.member.memberNo },
      attachments: [],
      publishedId: null,
      reviewedAt: null,
    })
    expect(item.content).not.toContain('<script')
    expect(res.body.data).toMatchObject({ page: 1, limit: 50 })
  })

  test('approval publishes the contribution as a viewpoint or activity, shown publicly, and is final', async () => {
    const viewpointId = await contribute('观点通过')
    const activityId = await contribute('活动通过', 'activity')

    const approved = await post('reviewContribution', admin.auth, { id: viewpointId, approve: true, note: '观点鲜明' })
    const activity = await post('reviewContribution', admin.auth, { id: activityId, approve: true })

    expect(approved.body.data).toEqual({ id: viewpointId, status: 'approved', statusText: '已通过', publishedId: expect.any(Number) })
    const viewpoint = await prisma.viewpoint.findUniqueOrThrow({ where: { id: approved.body.data.publishedId } })
    expect(viewpoint).toMatchObject({ title: '观点通过', contributionId: viewpointId, isPublished: true })
    expect((await prisma.activity.findUniqueOrThrow({ where: { id: activity.body.data.publishedId } })).title).toBe('活动通过')
    const details = await request(app).post('/api/Teacher/teacherViewpointDetails').send({ id: viewpoint.id })
    expect(details.body.data.title).toBe('观点通过')
    // Fresh content leads its list.
    const list = await request(app).post('/api/Teacher/teacherViewpoint').send({ limit: 1 })
    expect(list.body.data.list[0].id).toBe(viewpoint.id)

    const again = await post('reviewContribution', admin.auth, { id: viewpointId, approve: false, note: '反悔' })
    expect(again.body).toEqual(failure(Code.BAD_PARAMS, '该投稿已审核'))
    const approvedList = await post('reviewContributions', admin.auth, { status: 'approved', limit: 50 })
    expect(approvedList.body.data.list[0]).toMatchObject({
      id: activityId,
      status: 'approved',
      publishedId: activity.body.data.publishedId,
    })
  })

  test('rejection needs a reason, publishes nothing, and the author reads 未通过 with the reason', async () => {
    const id = await contribute('驳回的投稿')
    const before = await prisma.viewpoint.count()

    expect((await post('reviewContribution', admin.auth, { id, approve: false })).body).toEqual(failure(Code.BAD_PARAMS, '请填写驳回原因'))
    expect((await post('reviewContribution', admin.auth, { id, approve: false, note: '   ' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请填写驳回原因'),
    )
    expect((await prisma.contribution.findUniqueOrThrow({ where: { id } })).status).toBe('pending')

    const res = await post('reviewContribution', admin.auth, { id, approve: false, note: '与平台主题无关' })

    expect(res.body.data).toEqual({ id, status: 'rejected', statusText: '已驳回', publishedId: null })
    expect(await prisma.viewpoint.count()).toBe(before)
    const mine = await post('getContribution', author.auth, { id })
    expect(mine.body.data).toMatchObject({ status: 'rejected', statusText: '未通过', reviewNote: '与平台主题无关' })
  })

  test('two admins deciding at once: exactly one decision counts', async () => {
    const id = await contribute('并发审核')
    const other = await createSignedInMember({ role: 'admin' })

    const answers = await Promise.all([
      post('reviewContribution', admin.auth, { id, approve: true }),
      post('reviewContribution', other.auth, { id, approve: false, note: '重复' }),
    ])

    expect(answers.map((res) => res.body.code).sort()).toEqual([Code.OK, Code.BAD_PARAMS])
    expect(await prisma.viewpoint.count({ where: { contributionId: id } })).toBe(answers[0].body.code === Code.OK ? 1 : 0)
  })

  test('bad input: unknown id, malformed id, missing decision, bad status, overlong note', async () => {
    const id = await contribute('参数检查')

    expect((await post('reviewContribution', admin.auth, { id: 99_999_999, approve: true })).body).toEqual(
      failure(Code.NOT_FOUND, '投稿不存在'),
    )
    expect((await post('reviewContribution', admin.auth, { id: 'abc', approve: true })).body).toEqual(
      failure(Code.BAD_PARAMS, 'ID格式不正确'),
    )
    expect((await post('reviewContribution', admin.auth, { id })).body).toEqual(failure(Code.BAD_PARAMS, '请选择通过或驳回'))
    expect((await post('reviewContribution', admin.auth, { id, approve: 'yes' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请选择通过或驳回'),
    )
    const long = await post('reviewContribution', admin.auth, { id, approve: false, note: '长'.repeat(201) })
    expect(long.body).toEqual(failure(Code.BAD_PARAMS, '审核意见最多 200 字'))
    expect((await post('reviewContributions', admin.auth, { status: 'done' })).body).toEqual(
      failure(Code.BAD_PARAMS, '审核状态应为 pending、approved 或 rejected'),
    )
    expect((await prisma.contribution.findUniqueOrThrow({ where: { id } })).status).toBe('pending')
  })
})

describe('POST /api/Member/reviewVideos and reviewVideo', () => {
  test('lists pending member videos with teacher and author; seeded videos are never in the queue', async () => {
    const { teacher, video } = await memberVideo('待审视频')
    const seeded = await createTeacherVideo({ teacherId: teacher.id, status: 'pending', title: '无上传者的视频' })

    const res = await post('reviewVideos', admin.auth, { limit: 50 })

    const ids = res.body.data.list.map((item: { id: number }) => item.id)
    expect(ids).toContain(video.id)
    expect(ids).not.toContain(seeded.id)
    expect(res.body.data.list.find((item: { id: number }) => item.id === video.id)).toMatchObject({
      title: '待审视频',
      videoUrl: video.videoUrl,
      status: 'pending',
      statusText: '待审核',
      teacher: { id: teacher.id, name: teacher.name },
      member: { nickname: '投稿人', member_no: author.member.memberNo },
    })
  })

  test('approval shows the video on the teacher page; rejection keeps it hidden with the reason', async () => {
    const { teacher, video } = await memberVideo('通过的视频')
    const rejected = await createTeacherVideo({ teacherId: teacher.id, memberId: author.member.id, status: 'pending' })
    const publicVideos = async () =>
      (await request(app).post('/api/Teacher/teacherVideo').send({ teacherId: teacher.id })).body.data.list.map((v: { id: number }) => v.id)
    expect(await publicVideos()).toEqual([])

    expect((await post('reviewVideo', admin.auth, { id: video.id, approve: true })).body.data).toEqual({
      id: video.id,
      status: 'approved',
      statusText: '已通过',
    })
    expect((await post('reviewVideo', admin.auth, { id: rejected.id, approve: false })).body).toEqual(
      failure(Code.BAD_PARAMS, '请填写驳回原因'),
    )
    await post('reviewVideo', admin.auth, { id: rejected.id, approve: false, note: '画面不清晰' })

    expect(await publicVideos()).toEqual([video.id])
    const earlier = await createTeacherVideo({ teacherId: teacher.id, status: 'approved', sort: 5 })
    const { video: later } = await memberVideo('后通过的视频')
    await prisma.teacherVideo.update({ where: { id: later.id }, data: { teacherId: teacher.id } })
    await post('reviewVideo', admin.auth, { id: later.id, approve: true })
    expect(await publicVideos()).toEqual([later.id, earlier.id, video.id])
    expect(await prisma.teacherVideo.findUniqueOrThrow({ where: { id: rejected.id } })).toMatchObject({
      status: 'rejected',
      reviewNote: '画面不清晰',
    })
    expect((await post('reviewVideo', admin.auth, { id: video.id, approve: false, note: '反悔' })).body).toEqual(
      failure(Code.BAD_PARAMS, '该视频已审核'),
    )
    expect((await post('reviewVideo', admin.auth, { id: 99_999_999, approve: true })).body).toEqual(failure(Code.NOT_FOUND, '视频不存在'))
  })
})
