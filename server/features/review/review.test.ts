import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { createTeacher, createTeacherVideo } from '../../test/factories'
import { createSignedInMember, expiredToken, mp4Bytes, pdfBytes, pngBytes } from '../../test/member-factories'

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
})
// A fresh author per test: members may have only a few submissions waiting at once.
beforeEach(async () => {
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
  test('refuse members who are not staff with 403, and anyone without a valid token with 401', async () => {
    const id = await contribute('越权审核')
    for (const action of allActions) {
      const body = { id, approve: true }
      expect((await post(action, author.auth, body)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员、编辑和审核员可以审核内容'))
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
    expect((await post('getNavigation', author.auth)).body.data.map((tab: { id: number }) => tab.id)).toEqual([
      1, 2, 3, 4, 5, 6, 10, 11, 13, 14, 12, 7, 8,
    ])
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
      failure(Code.BAD_PARAMS, '审核状态应为 pending、approved、rejected 或 withdrawn'),
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
      // Private until approved: the editor watches it through a signed URL.
      videoUrl: expect.stringMatching(new RegExp(`^${video.videoUrl}\\?expires=\\d+&sig=`)),
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

describe('files of submissions under review', () => {
  const uploadAs = async (who: Signed, bytes: Buffer, name: string, path = '/api/Member/uploads') =>
    (await request(app).post(path).set('Authorization', who.auth).attach('file', bytes, name)).body.data as { id: number; url: string }
  const get = (url: string) => request(app).get(url)

  test('a pending attachment is hidden from strangers, served private to author and staff, and public once approved', async () => {
    const image = await uploadAs(author, pngBytes(), 'figure.png')
    const paper = await uploadAs(author, pdfBytes(), 'paper.pdf')
    const id = (
      await post('addContribution', author.auth, {
        title: '带附件的投稿',
        kind: 'viewpoint',
        content: `<p>正文</p><img src="${image.url}" />`,
        attachmentIds: [image.id, paper.id],
      })
    ).body.data.id as number

    const queue = await post('reviewContributions', admin.auth, { limit: 50 })
    const item = queue.body.data.list.find((entry: { id: number }) => entry.id === id)
    const signed = item.attachments.map((file: { url: string }) => file.url) as string[]
    const staffViews = await Promise.all(signed.map(get))
    const mine = (await post('getContribution', author.auth, { id })).body.data.attachments.map((file: { url: string }) => file.url)

    expect(signed.every((url) => /\?expires=\d+&sig=/.test(url))).toBe(true)
    expect(staffViews.map((res) => [res.status, res.headers['cache-control']])).toEqual([
      [200, 'private, no-store'],
      [200, 'private, no-store'],
    ])
    expect(item.content).toMatch(/src="\/uploads\/[^"]+\?expires=\d+&amp;sig=/)
    expect((await get(mine[0])).status).toBe(200)
    expect((await get(image.url)).status).toBe(404)
    expect((await get(paper.url)).status).toBe(404)

    const approved = await post('reviewContribution', admin.auth, { id, approve: true })

    expect(approved.body.code).toBe(Code.OK)
    for (const url of [image.url, paper.url]) {
      const res = await get(url)
      expect([res.status, res.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
    }
    const decided = await post('reviewContributions', admin.auth, { status: 'approved', limit: 50 })
    const published = decided.body.data.list.find((entry: { id: number }) => entry.id === id)
    expect(published.attachments.map((file: { url: string }) => file.url).sort()).toEqual([image.url, paper.url].sort())
    const viewpoint = await request(app).post('/api/Teacher/teacherViewpointDetails').send({ id: approved.body.data.publishedId })
    expect(viewpoint.body.data.content).toContain(`src="${image.url}"`)
  })

  test('a rejected contribution keeps its files private: the author still sees them, nobody else', async () => {
    const image = await uploadAs(author, pngBytes(), 'rejected.png')
    const id = (
      await post('addContribution', author.auth, { title: '被驳回', kind: 'activity', content: '<p>x</p>', attachmentIds: [image.id] })
    ).body.data.id as number

    await post('reviewContribution', admin.auth, { id, approve: false, note: '与主题无关' })

    const mine = (await post('getContribution', author.auth, { id })).body.data.attachments[0].url
    expect((await get(mine)).status).toBe(200)
    expect((await get(image.url)).status).toBe(404)
  })

  test('a pending video and its cover are private until approved, then public on the teacher page', async () => {
    const teacher = await createTeacher()
    const video = await uploadAs(author, mp4Bytes(2048), 'talk.mp4', '/api/Teacher/upload')
    const cover = await uploadAs(author, pngBytes(), 'cover.png', '/api/Teacher/upload')
    const filed = await request(app)
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', author.auth)
      .send({ teacherId: teacher.id, title: '课堂实录', videoUploadId: video.id, coverUploadId: cover.id })

    const queue = await post('reviewVideos', admin.auth, { limit: 50 })
    const item = queue.body.data.list.find((entry: { id: number }) => entry.id === filed.body.data.id)
    expect((await get(item.videoUrl)).headers['cache-control']).toBe('private, no-store')
    expect((await get(item.cover_img)).status).toBe(200)
    expect((await get(video.url)).status).toBe(404)
    expect((await get(cover.url)).status).toBe(404)

    await post('reviewVideo', admin.auth, { id: filed.body.data.id, approve: true })

    const page = await request(app).post('/api/Teacher/teacherVideo').send({ teacherId: teacher.id })
    expect(page.body.data.list[0]).toMatchObject({ id: filed.body.data.id })
    for (const url of [video.url, cover.url]) expect((await get(url)).headers['cache-control']).toBe('public, max-age=2592000')
  })

  test('approving a maximum-size contribution does not hold up other requests', async () => {
    // Unclosed tags: the slowest markup for sanitize-html, re-sanitized and stripped on approval.
    const content = '<p><b><i>'.repeat(Math.floor(199_990 / 9)) + '<p>正文</p>'
    const id = (await post('addContribution', author.auth, { title: '长文', kind: 'viewpoint', content })).body.data.id as number
    let isDone = false
    const decision = Promise.resolve(post('reviewContribution', admin.auth, { id, approve: true })).finally(() => (isDone = true))
    // Each round is a 20 ms pause and a cheap request: a blocked event loop stretches both.
    const latencies: number[] = []
    while (!isDone) {
      const started = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 20))
      await request(app).post('/api/Index/getConfig').send({}).expect(200)
      latencies.push(performance.now() - started)
    }

    expect((await decision).body.code).toBe(Code.OK)
    // On the event loop the approval stretched one round to 3-6 s; off it a round takes tens of milliseconds.
    expect(Math.max(...latencies)).toBeLessThan(1000)
    expect(latencies.length).toBeGreaterThanOrEqual(3)
  })
})
