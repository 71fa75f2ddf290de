// Drafts of a published item's next version: saved beside the live record without touching it,
// previewed through a draft link, published as one new version or discarded; every refusal leaves
// the live record and the draft as they were.
import crypto from 'node:crypto'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
let publisher: Awaited<ReturnType<typeof createSignedInMember>>
let editor: Awaited<ReturnType<typeof createSignedInMember>>
let reviewer: Awaited<ReturnType<typeof createSignedInMember>>
beforeAll(async () => {
  ;[publisher, editor, reviewer] = await Promise.all([
    createSignedInMember({ role: 'publisher' }),
    createSignedInMember({ role: 'editor' }),
    createSignedInMember({ role: 'reviewer' }),
  ])
})

type Row = Record<string, unknown>
const post = (action: string, body: object, auth: string | null = publisher.auth) => {
  const call = request(app).post(`/api/Admin/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

async function publishedCourse(): Promise<Row> {
  const saved = await post('courseSave', {
    slug: unique('draft'),
    title: '线上的课程',
    category: 'leadership',
    teacher: 't-001',
    intro: '线上的简介',
    content: '<p>线上的正文</p>',
    tags: [],
  })
  expect(saved.body.code).toBe(Code.OK)
  const published = await post('coursePublish', { id: saved.body.data.id, isPublished: true })
  expect(published.body.code).toBe(Code.OK)
  return published.body.data as Row
}
const edited = (live: Row, more: Row = {}): Row => ({ ...live, title: '草稿里的课程', intro: '草稿里的简介', ...more })
const publicDetails = (id: unknown, token?: string) => {
  const call = request(app).post('/api/Course/courseDetails')
  if (token) call.set('X-Preview', token)
  return call.send({ id })
}
const liveRow = (id: unknown) =>
  prisma.course.findUnique({ where: { id: id as number }, select: { title: true, intro: true, content: true } })
const auditsOf = (id: unknown, action: string) =>
  prisma.auditLog.findMany({ where: { entity: 'course', entityId: String(id), action }, orderBy: { id: 'asc' } })

describe('saving a draft of a published course', () => {
  test('keeps the edits beside the live record, which the public page still shows', async () => {
    const live = await publishedCourse()

    const saved = await post('courseDraftSave', edited(live, { content: '<p>新正文</p><script>alert(1)</script>' }))

    expect(saved.body.code).toBe(Code.OK)
    expect(saved.body.data).toMatchObject({ id: live.id, title: '线上的课程', state: 'published', draftAt: expect.any(String) })
    expect(await liveRow(live.id)).toEqual({ title: '线上的课程', intro: '线上的简介', content: '<p>线上的正文</p>' })
    expect((await publicDetails(live.id)).body.data).toMatchObject({ title: '线上的课程', intro: '线上的简介' })
    // The console's read and list say a draft is waiting; the draft itself is there, its rich text cleaned.
    expect((await post('courseGet', { id: live.id })).body.data).toMatchObject({ title: '线上的课程', draftAt: expect.any(String) })
    const draft = await post('courseDraft', { id: live.id })
    expect(draft.body.data).toMatchObject({
      record: { id: live.id, title: '草稿里的课程', intro: '草稿里的简介', content: '<p>新正文</p>' },
      draftAt: saved.body.data.draftAt,
      staffName: expect.any(String),
    })
    expect(await auditsOf(live.id, 'Admin/courseDraftSave')).toHaveLength(1)
    // No new version: the revisions are the saves of the live record.
    const revisions = await post('courseRevisions', { id: live.id })
    expect(revisions.body.data.list.map((row: Row) => row.summary)).not.toContainEqual(expect.stringContaining('草稿'))
  })

  test('saving again replaces the draft', async () => {
    const live = await publishedCourse()
    await post('courseDraftSave', edited(live))
    await post('courseDraftSave', edited(live, { title: '第二稿' }))

    expect((await post('courseDraft', { id: live.id })).body.data.record.title).toBe('第二稿')
  })

  test('is refused, with nothing kept, for a record that is not published, a bad record or a missing id', async () => {
    const saved = await post('courseSave', { slug: unique('draft'), title: '未发布', category: 'leadership', teacher: 't-001', tags: [] })
    const unpublished = saved.body.data as Row
    expect((await post('courseDraftSave', edited(unpublished))).body).toEqual(
      failure(Code.BAD_PARAMS, '该课程尚未发布，直接保存即可，无需草稿'),
    )

    const live = await publishedCourse()
    const badTeacher = await post('courseDraftSave', edited(live, { teacher: 't-none' }))
    expect(badTeacher.body.code).toBe(Code.BAD_PARAMS)
    expect(badTeacher.body.msg).toContain('t-none')
    const noId = await post('courseDraftSave', { ...edited(live), id: undefined })
    expect(noId.body).toMatchObject({ code: Code.BAD_PARAMS, data: null })
    const noRecord = await post('courseDraftSave', edited(live, { id: 99_999_999 }))
    expect(noRecord.body).toEqual(failure(Code.NOT_FOUND, '课程不存在'))

    expect((await post('courseDraft', { id: live.id })).body).toEqual({ code: Code.OK, msg: expect.any(String), data: null })
    expect((await post('courseDraft', { id: unpublished.id })).body.data).toBeNull()
  })
})

describe('previewing a draft', () => {
  test('a draft link shows the draft on the public page; the item link and no link show the live one', async () => {
    const live = await publishedCourse()
    await post('courseDraftSave', edited(live))

    const link = await post('previewLink', { entity: 'course', id: live.id, draft: true })
    expect(link.body.code).toBe(Code.OK)
    const token = new URL(link.body.data.url as string, 'http://x').searchParams.get('preview')!
    expect((await publicDetails(live.id, token)).body.data).toMatchObject({ title: '草稿里的课程', intro: '草稿里的简介' })

    const plain = await post('previewLink', { entity: 'course', id: live.id })
    const plainToken = new URL(plain.body.data.url as string, 'http://x').searchParams.get('preview')!
    expect((await publicDetails(live.id, plainToken)).body.data.title).toBe('线上的课程')
    expect((await publicDetails(live.id)).body.data.title).toBe('线上的课程')
    // A draft link made for one course opens no other.
    const other = await publishedCourse()
    expect((await publicDetails(other.id, token)).body.data.title).toBe('线上的课程')
  })

  test('a draft link needs a draft', async () => {
    const live = await publishedCourse()
    expect((await post('previewLink', { entity: 'course', id: live.id, draft: true })).body).toEqual(
      failure(Code.NOT_FOUND, '该课程没有待发布的草稿'),
    )
    expect((await post('previewLink', { entity: 'course', id: live.id, draft: 'yes' })).body).toMatchObject({ code: Code.BAD_PARAMS })
  })
})

describe('publishing and discarding a draft', () => {
  test('publishing makes the draft live as one new version and drops it', async () => {
    const live = await publishedCourse()
    await post('courseDraftSave', edited(live))

    const published = await post('courseDraftPublish', { id: live.id })

    expect(published.body.data).toMatchObject({ id: live.id, title: '草稿里的课程', state: 'published', draftAt: null })
    expect((await publicDetails(live.id)).body.data.title).toBe('草稿里的课程')
    expect((await post('courseDraft', { id: live.id })).body.data).toBeNull()
    const revisions = await post('courseRevisions', { id: live.id })
    expect(revisions.body.data.list[0]).toMatchObject({ summary: '发布课程「草稿里的课程」的草稿', fields: ['title', 'intro'] })
    // Published once: a second publish finds no draft and changes nothing.
    expect((await post('courseDraftPublish', { id: live.id })).body).toEqual(failure(Code.NOT_FOUND, '该课程没有待发布的草稿'))
    expect(await auditsOf(live.id, 'Admin/courseDraftPublish')).toHaveLength(1)
  })

  test('a draft that is no longer valid is refused on publish with Save’s message, and kept', async () => {
    const live = await publishedCourse()
    // A tag's name holds 20 characters: unique()'s pid and counter grow past that in a long worker.
    const tag = await prisma.tag.create({ data: { name: `草稿标签${crypto.randomBytes(4).toString('hex')}` } })
    await post('courseDraftSave', edited(live, { tags: [tag.name] }))
    await prisma.tag.delete({ where: { id: tag.id } })

    const refused = await post('courseDraftPublish', { id: live.id })

    expect(refused.body.code).toBe(Code.BAD_PARAMS)
    expect((await liveRow(live.id))?.title).toBe('线上的课程')
    expect((await post('courseDraft', { id: live.id })).body.data.record.title).toBe('草稿里的课程')
  })

  test('discarding drops the draft and leaves the live record', async () => {
    const live = await publishedCourse()
    await post('courseDraftSave', edited(live))

    const discarded = await post('courseDraftDiscard', { id: live.id })

    expect(discarded.body.data).toMatchObject({ title: '线上的课程', draftAt: null })
    expect((await post('courseDraft', { id: live.id })).body.data).toBeNull()
    expect(await auditsOf(live.id, 'Admin/courseDraftDiscard')).toHaveLength(1)
    expect((await post('courseDraftDiscard', { id: live.id })).body).toEqual(failure(Code.NOT_FOUND, '该课程没有待发布的草稿'))
  })

  test('deleting the record takes its draft along', async () => {
    const live = await publishedCourse()
    await post('courseDraftSave', edited(live))
    await post('coursePublish', { id: live.id, isPublished: false })

    expect((await post('courseDelete', { id: live.id })).body.code).toBe(Code.OK)
    expect(
      await prisma.contentState.findUnique({ where: { entity_recordId: { entity: 'course', recordId: live.id as number } } }),
    ).toBeNull()
  })
})

describe('who may', () => {
  test('an editor saves and discards drafts but cannot publish one; a reviewer touches none', async () => {
    const live = await publishedCourse()
    expect((await post('courseDraftSave', edited(live), editor.auth)).body.code).toBe(Code.OK)
    expect((await post('courseDraftPublish', { id: live.id }, editor.auth)).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员和发布员可以发布或下架内容'),
    )
    expect((await post('courseDraftSave', edited(live), reviewer.auth)).body.code).toBe(Code.FORBIDDEN)
    expect((await post('courseDraft', { id: live.id }, reviewer.auth)).body.code).toBe(Code.FORBIDDEN)
    expect((await post('courseDraftDiscard', { id: live.id }, null)).body.code).toBe(Code.NEED_LOGIN)
    expect((await liveRow(live.id))?.title).toBe('线上的课程')
    expect((await post('courseDraft', { id: live.id })).body.data.record.title).toBe('草稿里的课程')
  })
})
