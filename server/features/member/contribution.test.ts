import request from 'supertest'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../http/envelope'
import { createSignedInMember, pdfBytes, pngBytes } from '../../test/member-factories'
import { reviewContribution } from '../review/review.service'

const app = createApp()
const api = () => request(app)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
const add = (who: Signed, body: object) => api().post('/api/Member/addContribution').set('Authorization', who.auth).send(body)
const uploadAs = async (who: Signed, bytes: Buffer, name: string) =>
  (await api().post('/api/Member/uploads').set('Authorization', who.auth).attach('file', bytes, name)).body.data as {
    id: number
    url: string
  }

describe('POST /api/Member/addContribution', () => {
  test('stores sanitized content, pending, with the member’s own attachments', async () => {
    const me = await createSignedInMember()
    const image = await uploadAs(me, pngBytes(), 'figure.png')
    const paper = await uploadAs(me, pdfBytes(), 'paper.pdf')

    const res = await add(me, {
      title: '  关于课堂的思考 ',
      kind: 'viewpoint',
      content:
        '<p onclick="alert(1)">正文<script>alert(2)</script><a href="javascript:alert(3)">链接</a></p><img src="x" onerror="alert(4)">',
      attachmentIds: [image.id, paper.id, image.id],
    })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: expect.any(Number), status: 'pending', statusText: '待审核' } })
    const row = await prisma.contribution.findUniqueOrThrow({ where: { id: res.body.data.id }, include: { attachments: true } })
    expect(row).toMatchObject({ memberId: me.member.id, title: '关于课堂的思考', kind: 'viewpoint', status: 'pending' })
    expect(row.content).toBe('<p>正文<a rel="noopener noreferrer nofollow">链接</a></p><img src="x" />')
    expect(row.attachments.map((a) => a.uploadId).sort()).toEqual([image.id, paper.id].sort())
  })

  test.each([
    [{ kind: 'viewpoint', content: '<p>x</p>' }, '请输入标题'],
    [{ title: 'x'.repeat(101), kind: 'viewpoint', content: '<p>x</p>' }, '标题最多 100 个字'],
    [{ title: '标题', kind: 'news', content: '<p>x</p>' }, '请选择投稿类型'],
    [{ title: '标题', kind: 'activity' }, '请输入投稿内容'],
    [{ title: '标题', kind: 'activity', content: '<script>alert(1)</script>' }, '请输入投稿内容'],
    [{ title: '标题', kind: 'activity', content: '<p>x</p>', attachmentIds: 'abc' }, '附件格式不正确'],
    [{ title: '标题', kind: 'activity', content: '<p>x</p>', attachmentIds: [0] }, '附件ID格式不正确'],
    [
      { title: '标题', kind: 'activity', content: '<p>x</p>', attachmentIds: Array.from({ length: 11 }, (_, i) => i + 1) },
      '附件最多 10 个',
    ],
    [{ title: '标题', kind: 'activity', content: '<p>x</p>', attachmentIds: [999_999] }, '附件不存在或不属于您，请重新上传'],
  ])('refuses %o and stores nothing', async (body, msg) => {
    const me = await createSignedInMember()

    const res = await add(me, body)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test("refuses another member's upload as attachment", async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const theirs = await uploadAs(other, pngBytes(), 'theirs.png')

    const res = await add(me, { title: '借用', kind: 'viewpoint', content: '<p>x</p>', attachmentIds: [theirs.id] })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '附件不存在或不属于您，请重新上传'))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('50 parallel contributions leave 50 rows', async () => {
    const me = await createSignedInMember()

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(me, { title: `并发投稿 ${i}`, kind: 'activity', content: `<p>${i}</p>` })),
    )

    expect(answers.map((res) => res.body.code)).toEqual(Array(50).fill(Code.OK))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(50)
    expect(new Set(answers.map((res) => res.body.data.id)).size).toBe(50)
  })
})

describe('POST /api/Member/myContribution', () => {
  test('pages through the member’s own contributions, newest first, with status and review note', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    await add(other, { title: '别人的', kind: 'viewpoint', content: '<p>x</p>' })
    const ids: number[] = []
    for (let i = 0; i < 3; i++) ids.push((await add(me, { title: `第${i}篇`, kind: 'viewpoint', content: '<p>x</p>' })).body.data.id)
    await reviewContribution({ id: ids[2], approve: false, note: '内容与主题无关' })

    const first = await api().post('/api/Member/myContribution').set('Authorization', me.auth).send({ page: 1, limit: 2 })
    const second = await api().post('/api/Member/myContribution').set('Authorization', me.auth).send({ page: 2, limit: 2 })

    expect(first.body).toMatchObject({
      code: Code.OK,
      data: {
        total: 3,
        page: 1,
        limit: 2,
        list: [
          {
            id: ids[2],
            title: '第2篇',
            kind: 'viewpoint',
            kindText: '学术观点',
            status: 'rejected',
            statusText: '未通过',
            reviewNote: '内容与主题无关',
            reviewedAt: expect.any(String),
          },
          { id: ids[1], status: 'pending', statusText: '待审核', reviewNote: '', reviewedAt: null },
        ],
      },
    })
    expect(second.body.data.list.map((c: { id: number }) => c.id)).toEqual([ids[0]])
    expect(JSON.stringify([first.body, second.body])).not.toContain('别人的')
  })
})

describe('POST /api/Member/getContribution', () => {
  test('offers attachments under a clean name with the extension of their real type', async () => {
    const me = await createSignedInMember()
    const disguised = await uploadAs(me, pdfBytes(), '课件\u202Eexe.pdf.hta')
    const plain = await uploadAs(me, pngBytes(), '图1.png')
    const created = await add(me, { title: '附件', kind: 'activity', content: '<p>正文</p>', attachmentIds: [disguised.id, plain.id] })

    const res = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: created.body.data.id })

    const names = res.body.data.attachments.map((a: { name: string }) => a.name).sort()
    expect(names).toEqual(['图1.png', '课件exe.pdf.pdf'])
  })

  test('answers the member’s own contribution with content and attachments', async () => {
    const me = await createSignedInMember()
    const image = await uploadAs(me, pngBytes(), 'figure.png')
    const created = await add(me, { title: '我的', kind: 'activity', content: '<p>正文</p>', attachmentIds: [image.id] })

    const res = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: created.body.data.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: created.body.data.id,
        title: '我的',
        content: '<p>正文</p>',
        status: 'pending',
        publishedId: null,
        attachments: [{ id: image.id, url: image.url, kind: 'image', mime: 'image/png', name: 'figure.png' }],
      },
    })
  })

  test("answers someone else's contribution like a missing one", async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const theirs = await add(other, { title: '私密', kind: 'activity', content: '<p>别人的正文</p>' })

    const res = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: theirs.body.data.id })
    const missing = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: 99_999_999 })
    const bad = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: 'abc' })

    expect(res.status).toBe(404)
    expect(res.body).toEqual(failure(Code.NOT_FOUND, '投稿不存在'))
    expect(missing.body).toEqual(res.body)
    expect(bad.body).toEqual(failure(Code.BAD_PARAMS, '投稿ID格式不正确'))
  })
})

describe('POST /api/Member/myRelease', () => {
  test('lists what was published from the member’s contributions', async () => {
    const me = await createSignedInMember()
    const image = await uploadAs(me, pngBytes(), 'cover.png')
    const viewpoint = await add(me, { title: '通过的观点', kind: 'viewpoint', content: '<p>观点正文</p>', attachmentIds: [image.id] })
    const activity = await add(me, { title: '通过的活动', kind: 'activity', content: '<p>活动正文</p>' })
    const pending = await add(me, { title: '待审', kind: 'activity', content: '<p>x</p>' })
    await reviewContribution({ id: viewpoint.body.data.id, approve: true, note: '' })
    await reviewContribution({ id: activity.body.data.id, approve: true, note: '很好' })

    const res = await api().post('/api/Member/myRelease').set('Authorization', me.auth).send({})

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.total).toBe(2)
    const published = await prisma.viewpoint.findUniqueOrThrow({ where: { contributionId: viewpoint.body.data.id } })
    expect(published).toMatchObject({
      title: '通过的观点',
      content: '<p>观点正文</p>',
      intro: '观点正文',
      cover: image.url,
      isPublished: true,
    })
    expect(res.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: published.id,
          kind: 'viewpoint',
          title: '通过的观点',
          cover_img: image.url,
          contributionId: viewpoint.body.data.id,
        }),
        expect.objectContaining({ kind: 'activity', title: '通过的活动', contributionId: activity.body.data.id }),
      ]),
    )
    expect(JSON.stringify(res.body)).not.toContain('待审')
    const detail = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: viewpoint.body.data.id })
    expect(detail.body.data).toMatchObject({ status: 'approved', publishedId: published.id })
    expect(pending.body.data.status).toBe('pending')
  })

  test('refuses reviewing a contribution twice', async () => {
    const me = await createSignedInMember()
    const created = await add(me, { title: '一次', kind: 'viewpoint', content: '<p>x</p>' })
    await reviewContribution({ id: created.body.data.id, approve: true, note: '' })

    await expect(reviewContribution({ id: created.body.data.id, approve: false, note: '反悔' })).rejects.toThrow('该投稿已审核')
    expect(await prisma.viewpoint.count({ where: { contributionId: created.body.data.id } })).toBe(1)
  })
})
