import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { Code } from '../../../lib/api-error'
import { createTeacher } from '../../../test/factories'
import { createSignedInMember, mp4Bytes, pngBytes } from '../../../test/member-factories'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let editor: Signed
let author: Signed
beforeAll(async () => {
  editor = await createSignedInMember({ role: 'editor', nickname: '值班编辑' })
})
// A fresh author per test: members may have only a few submissions waiting at once.
beforeEach(async () => {
  author = await createSignedInMember({ nickname: '投稿作者' })
})

const upload = async (bytes: Buffer, name: string, path = '/api/Member/uploads') =>
  (await request(app).post(path).set('Authorization', author.auth).attach('file', bytes, name)).body.data as { id: number; url: string }

async function contribute(title: string, extra: object = {}) {
  const res = await post('/api/Member/addContribution', author.auth, { title, kind: 'viewpoint', content: `<p>${title}正文</p>`, ...extra })
  expect(res.body.code).toBe(Code.OK)
  return res.body.data.id as number
}

const auditOf = (action: string, entityId: number) =>
  prisma.auditLog.findMany({ where: { action: `Admin/${action}`, entityId: String(entityId) } })

describe('POST /api/Admin/contributionList and contributionGet', () => {
  test('the console queue filters by status, title and kind, without the content; Get has the full text', async () => {
    const id = await contribute('控制台队列中的投稿')
    await contribute('另一篇无关投稿')

    const list = await admin('contributionList', editor.auth, { keyword: '控制台队列', limit: 100 })

    expect(list.body).toMatchObject({ code: Code.OK, data: { total: 1, page: 1, limit: 100 } })
    expect(list.body.data.list[0]).toMatchObject({
      id,
      title: '控制台队列中的投稿',
      status: 'pending',
      statusText: '待审核',
      reviewer: null,
      member: { nickname: '投稿作者', member_no: author.member.memberNo },
    })
    expect(list.body.data.list[0].content).toBeUndefined()
    expect((await admin('contributionList', editor.auth, { keyword: '控制台队列', kind: 'activity' })).body.data.total).toBe(0)
    expect((await admin('contributionList', editor.auth, { keyword: '控制台队列', status: 'approved' })).body.data.total).toBe(0)

    const detail = await admin('contributionGet', editor.auth, { id })
    expect(detail.body.data).toMatchObject({ id, content: '<p>控制台队列中的投稿正文</p>', memberId: author.member.id })
  })

  test('bad input is refused in Chinese', async () => {
    expect((await admin('contributionList', editor.auth, { status: 'done' })).body).toEqual(
      failure(Code.BAD_PARAMS, '审核状态应为 pending、approved、rejected 或 withdrawn'),
    )
    expect((await admin('contributionList', editor.auth, { kind: 'poem' })).body).toEqual(
      failure(Code.BAD_PARAMS, '投稿类型应为 viewpoint 或 activity'),
    )
    expect((await admin('contributionGet', editor.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '投稿不存在'))
  })
})

describe('POST /api/Admin/contributionReview', () => {
  test('an editor approves: published, the reviewer recorded, an audit entry in the same write', async () => {
    const id = await contribute('编辑通过的投稿')

    const res = await admin('contributionReview', editor.auth, { id, approve: true, note: '观点清晰' })

    expect(res.body.data).toEqual({ id, status: 'approved', statusText: '已通过', publishedId: expect.any(Number) })
    expect(await prisma.contribution.findUniqueOrThrow({ where: { id } })).toMatchObject({
      reviewerId: editor.member.id,
      reviewNote: '观点清晰',
    })
    const detail = await admin('contributionGet', editor.auth, { id })
    expect(detail.body.data).toMatchObject({
      reviewer: { id: editor.member.id, nickname: '值班编辑' },
      publishedId: res.body.data.publishedId,
    })
    expect(await auditOf('contributionReview', id)).toEqual([
      expect.objectContaining({ staffId: editor.member.id, entity: 'contribution', summary: '通过投稿「编辑通过的投稿」：观点清晰' }),
    ])
  })

  test('a rejection without a reason is refused and nothing changes', async () => {
    const id = await contribute('缺少原因的驳回')
    expect((await admin('contributionReview', editor.auth, { id, approve: false })).body).toEqual(
      failure(Code.BAD_PARAMS, '请填写驳回原因'),
    )
    expect(await prisma.contribution.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', reviewerId: null })
    expect(await auditOf('contributionReview', id)).toEqual([])
  })
})

describe('POST /api/Admin/contributionTakedown', () => {
  test('unpublishes the article, its files turn private, and the member reads 已下架 with the reason', async () => {
    const image = await upload(pngBytes(), 'figure.png')
    const id = await contribute('将被下架的投稿', { content: `<p>正文</p><img src="${image.url}" />`, attachmentIds: [image.id] })
    const publishedId = (await admin('contributionReview', editor.auth, { id, approve: true })).body.data.publishedId as number
    expect((await post('/api/Teacher/teacherViewpointDetails', null, { id: publishedId })).body.code).toBe(Code.OK)
    expect((await request(app).get(image.url)).status).toBe(200)

    const res = await admin('contributionTakedown', editor.auth, { id, reason: '内容涉及不实信息' })

    expect(res.body.data).toEqual({ id, status: 'withdrawn', statusText: '已下架', reviewNote: '内容涉及不实信息' })
    expect((await post('/api/Teacher/teacherViewpointDetails', null, { id: publishedId })).body.code).toBe(Code.NOT_FOUND)
    expect((await request(app).get(image.url)).status).toBe(404)
    const mine = await post('/api/Member/myContribution', author.auth, { limit: 50 })
    expect(mine.body.data.list.find((item: { id: number }) => item.id === id)).toMatchObject({
      status: 'withdrawn',
      statusText: '已下架',
      reviewNote: '内容涉及不实信息',
    })
    const one = await post('/api/Member/getContribution', author.auth, { id })
    expect(one.body.data).toMatchObject({ status: 'withdrawn', statusText: '已下架', reviewNote: '内容涉及不实信息', publishedId: null })
    // The author still sees the files, through signed URLs.
    expect((await request(app).get(one.body.data.attachments[0].url)).status).toBe(200)
    expect((await post('/api/Member/myRelease', author.auth)).body.data.list.map((item: { id: number }) => item.id)).not.toContain(
      publishedId,
    )
    expect(await auditOf('contributionTakedown', id)).toEqual([
      expect.objectContaining({ staffId: editor.member.id, summary: '下架投稿「将被下架的投稿」：内容涉及不实信息' }),
    ])
    expect(
      (await admin('contributionList', editor.auth, { status: 'withdrawn', limit: 100 })).body.data.list.map((i: { id: number }) => i.id),
    ).toContain(id)
  })

  test('a file another published contribution still shows stays public', async () => {
    const image = await upload(pngBytes(), 'shared.png')
    const first = await contribute('共用图片一', { content: `<p>一</p><img src="${image.url}" />` })
    const second = await contribute('共用图片二', { content: `<p>二</p><img src="${image.url}" />` })
    await admin('contributionReview', editor.auth, { id: first, approve: true })
    await admin('contributionReview', editor.auth, { id: second, approve: true })

    await admin('contributionTakedown', editor.auth, { id: first, reason: '重复' })

    expect((await request(app).get(image.url)).status).toBe(200)
  })

  test('only approved contributions come down; a reason is required; nothing changes otherwise', async () => {
    const id = await contribute('待审核的不能下架')
    expect((await admin('contributionTakedown', editor.auth, { id, reason: '测试' })).body).toEqual(
      failure(Code.BAD_PARAMS, '只能下架已通过的投稿'),
    )
    expect((await admin('contributionTakedown', editor.auth, { id })).body).toEqual(failure(Code.BAD_PARAMS, '请填写下架原因'))
    expect((await admin('contributionTakedown', editor.auth, { id, reason: '  ' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请填写下架原因'),
    )
    expect((await admin('contributionTakedown', editor.auth, { id, reason: '长'.repeat(201) })).body).toEqual(
      failure(Code.BAD_PARAMS, '下架原因最多 200 字'),
    )
    expect((await admin('contributionTakedown', editor.auth, { id: 99_999_999, reason: '测试' })).body).toEqual(
      failure(Code.NOT_FOUND, '投稿不存在'),
    )
    expect((await prisma.contribution.findUniqueOrThrow({ where: { id } })).status).toBe('pending')
    expect(await auditOf('contributionTakedown', id)).toEqual([])
  })
})

describe('member videos: Admin/videoReviewList, videoReviewGet, videoReview, videoTakedown', () => {
  async function submitVideo(title: string) {
    const teacher = await createTeacher()
    const video = await upload(mp4Bytes(2048), 'talk.mp4', '/api/Teacher/upload')
    const cover = await upload(pngBytes(), 'cover.png', '/api/Teacher/upload')
    const res = await post('/api/Teacher/addTeacherVideo', author.auth, {
      teacherId: teacher.id,
      title,
      videoUploadId: video.id,
      coverUploadId: cover.id,
    })
    expect(res.body.code).toBe(Code.OK)
    return { teacher, id: res.body.data.id as number, video, cover }
  }
  const publicVideos = async (teacherId: number) =>
    (await post('/api/Teacher/teacherVideo', null, { teacherId })).body.data.list.map((v: { id: number }) => v.id)

  test('review records the reviewer; takedown hides the video, makes its files private, and the member reads the reason', async () => {
    const { teacher, id, video } = await submitVideo('控制台审核的视频')

    const queue = await admin('videoReviewList', editor.auth, { keyword: '控制台审核的视频' })
    expect(queue.body.data.list).toEqual([
      expect.objectContaining({ id, status: 'pending', teacher: { id: teacher.id, name: teacher.name } }),
    ])

    const approved = await admin('videoReview', editor.auth, { id, approve: true })
    expect(approved.body.data).toEqual({ id, status: 'approved', statusText: '已通过' })
    expect(await publicVideos(teacher.id)).toEqual([id])
    expect((await admin('videoReviewGet', editor.auth, { id })).body.data).toMatchObject({
      reviewer: { id: editor.member.id, nickname: '值班编辑' },
      videoUrl: video.url,
    })

    const down = await admin('videoTakedown', editor.auth, { id, reason: '视频与名师无关' })

    expect(down.body.data).toEqual({ id, status: 'withdrawn', statusText: '已下架', reviewNote: '视频与名师无关' })
    expect(await publicVideos(teacher.id)).toEqual([])
    expect((await request(app).get(video.url)).status).toBe(404)
    const mine = await post('/api/Member/myTeacherVideo', author.auth, { limit: 50 })
    expect(mine.body.data.list.find((item: { id: number }) => item.id === id)).toMatchObject({
      status: 'withdrawn',
      statusText: '已下架',
      reviewNote: '视频与名师无关',
    })
    expect(await auditOf('videoReview', id)).toHaveLength(1)
    expect(await auditOf('videoTakedown', id)).toEqual([
      expect.objectContaining({ entity: 'video', summary: '下架视频「控制台审核的视频」：视频与名师无关' }),
    ])
  })

  test('bad input: pending videos cannot come down, unknown ids, a rejection without a reason', async () => {
    const { id } = await submitVideo('待审核视频')
    expect((await admin('videoTakedown', editor.auth, { id, reason: '测试' })).body).toEqual(
      failure(Code.BAD_PARAMS, '只能下架已通过的视频'),
    )
    expect((await admin('videoReview', editor.auth, { id, approve: false })).body).toEqual(failure(Code.BAD_PARAMS, '请填写驳回原因'))
    expect((await admin('videoReviewGet', editor.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '视频不存在'))
    expect((await prisma.teacherVideo.findUniqueOrThrow({ where: { id } })).status).toBe('pending')
  })
})
