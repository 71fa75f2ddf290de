import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { createSignedInMember, pdfBytes, pngBytes } from '../../test/member-factories'
import { sanitizeRichText } from '../../lib/sanitize'
import { reviewContribution } from '../review/review.service'

// The service's own caller: a decision without an Admin action around it (audited with no staff row).
const reviewer = { staffId: 0, ip: '', action: 'test' }

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

  test("stores content without the site's own classes, styles or ids, so the approved article cannot cover its page", async () => {
    const me = await createSignedInMember()
    const overlay =
      '<p>正文</p><div class="loading-mask is-visible" style="position:fixed;inset:0" id="root">' +
      '<a class="loading-mask__text" href="https://evil.example/login">登录已过期，请重新登录</a></div>'

    const res = await add(me, { title: '一篇观点', kind: 'viewpoint', content: overlay })
    await reviewContribution({ id: res.body.data.id, approve: true, note: '' }, reviewer)

    const clean = '<p>正文</p><div><a href="https://evil.example/login" rel="noopener noreferrer nofollow">登录已过期，请重新登录</a></div>'
    const row = await prisma.contribution.findUniqueOrThrow({ where: { id: res.body.data.id } })
    const published = await prisma.viewpoint.findUniqueOrThrow({ where: { contributionId: row.id } })
    const page = await api().post('/api/Teacher/teacherViewpointDetails').send({ id: published.id })
    expect([row.content, published.content]).toEqual([clean, clean])
    expect(page.body).toMatchObject({ code: Code.OK, data: { content: clean } })
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

  test('refuses a sixth contribution while five wait for review, and an eleventh in 24 hours', async () => {
    const me = await createSignedInMember()
    const one = (title: string) => add(me, { title, kind: 'viewpoint', content: '<p>正文</p>' })
    for (let i = 0; i < 5; i++) expect((await one(`待审${i}`)).body.code).toBe(Code.OK)

    const sixth = await one('第六篇')

    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual(failure(Code.RATE_LIMITED, '您已有 5 篇投稿正在等待审核，请审核后再提交'))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(5)

    // Reviewed ones no longer wait, but still count toward the day.
    await prisma.contribution.updateMany({ where: { memberId: me.member.id }, data: { status: 'rejected' } })
    for (let i = 0; i < 5; i++) expect((await one(`再投${i}`)).body.code).toBe(Code.OK)
    await prisma.contribution.updateMany({ where: { memberId: me.member.id }, data: { status: 'rejected' } })
    expect((await one('第十一篇')).body).toEqual(failure(Code.RATE_LIMITED, '24 小时内最多提交 10 篇投稿，请稍后再试'))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(10)
    // Another member is not held by this one's caps.
    expect((await add(await createSignedInMember(), { title: '别人', kind: 'viewpoint', content: '<p>x</p>' })).body.code).toBe(Code.OK)

    await prisma.contribution.updateMany({
      where: { memberId: me.member.id },
      data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
    })
    expect((await one('第二天')).body.code).toBe(Code.OK)
  })

  test('parallel contributions cannot pass the pending cap together', async () => {
    const me = await createSignedInMember()

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(me, { title: `并发投稿 ${i}`, kind: 'activity', content: `<p>${i}</p>` })),
    )

    expect(answers.filter((res) => res.body.code === Code.OK)).toHaveLength(5)
    expect(answers.filter((res) => res.body.code === Code.RATE_LIMITED)).toHaveLength(7)
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(5)
    expect(new Set(answers.flatMap((res) => (res.body.data ? [res.body.data.id] : []))).size).toBe(5)
  })

  test('refuses content over 200,000 characters', async () => {
    const me = await createSignedInMember()

    const res = await add(me, { title: '超长', kind: 'viewpoint', content: `<p>${'字'.repeat(200_000)}</p>` })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '投稿内容过长'))
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('three maximum-size contributions at once do not hold up other requests', async () => {
    const authors = [await createSignedInMember(), await createSignedInMember(), await createSignedInMember()]
    // The worst markup for sanitize-html: 200,000 characters of unclosed tags (about a second each on one core).
    const content = '<p><b><i>'.repeat(Math.floor(199_990 / 9)) + '<p>x</p>'
    let isDone = false
    const submissions = Promise.all(authors.map((who) => add(who, { title: '长文', kind: 'viewpoint', content }))).finally(
      () => (isDone = true),
    )
    // Each round is a 20 ms pause and a cheap request: a blocked event loop stretches both.
    const latencies: number[] = []
    while (!isDone) {
      const started = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 20))
      await api().post('/api/Index/getConfig').send({}).expect(200)
      latencies.push(performance.now() - started)
    }

    const answers = await submissions
    expect(answers.map((res) => res.body.code)).toEqual([Code.OK, Code.OK, Code.OK])
    const stored = await prisma.contribution.findUniqueOrThrow({ where: { id: answers[0].body.data.id } })
    expect(stored.content).toBe(sanitizeRichText(content).trim())
    // On the event loop the sanitizing stretched one round to 3-10 s; off it a round takes tens of milliseconds.
    expect(Math.max(...latencies)).toBeLessThan(1000)
    expect(latencies.length).toBeGreaterThanOrEqual(3)
  })
})

describe('POST /api/Member/myContribution', () => {
  test('pages through the member’s own contributions, newest first, with status and review note', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    await add(other, { title: '别人的', kind: 'viewpoint', content: '<p>x</p>' })
    const ids: number[] = []
    for (let i = 0; i < 3; i++) ids.push((await add(me, { title: `第${i}篇`, kind: 'viewpoint', content: '<p>x</p>' })).body.data.id)
    await reviewContribution({ id: ids[2], approve: false, note: '内容与主题无关' }, reviewer)

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
        attachments: [
          { id: image.id, url: expect.stringMatching(/\?expires=\d+&sig=/), kind: 'image', mime: 'image/png', name: 'figure.png' },
        ],
      },
    })
    // Unpublished: the file is the member's alone, through the signed URL the answer gives.
    const signed = await api().get(res.body.data.attachments[0].url)
    expect([signed.status, signed.headers['cache-control']]).toEqual([200, 'private, no-store'])
    expect(res.body.data.attachments[0].url.startsWith(`${image.url}?`)).toBe(true)
    expect((await api().get(image.url)).status).toBe(404)
  })

  test('signs the member’s own pictures named in the content, never another member’s', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const mine = await uploadAs(me, pngBytes(), 'inline.png')
    const theirs = await uploadAs(other, pngBytes(), 'theirs.png')
    const created = await add(me, {
      title: '图文',
      kind: 'viewpoint',
      content: `<p>图</p><img src="${mine.url}" /><img src="${theirs.url}" />`,
    })

    const res = await api().post('/api/Member/getContribution').set('Authorization', me.auth).send({ id: created.body.data.id })

    const sources = [...(res.body.data.content as string).matchAll(/src="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'))
    expect(sources[0]).toMatch(new RegExp(`^${mine.url}\\?expires=\\d+&sig=`))
    expect(sources[1]).toBe(theirs.url)
    expect((await api().get(sources[0])).status).toBe(200)
    expect((await api().get(sources[1])).status).toBe(404)
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
    await reviewContribution({ id: viewpoint.body.data.id, approve: true, note: '' }, reviewer)
    await reviewContribution({ id: activity.body.data.id, approve: true, note: '很好' }, reviewer)

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
    expect(detail.body.data).toMatchObject({ status: 'approved', publishedId: published.id, attachments: [{ url: image.url }] })
    // Published: the cover is anyone's, cacheable.
    const cover = await api().get(image.url)
    expect([cover.status, cover.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
    expect(pending.body.data.status).toBe('pending')
    // The user centre's 我的发布 tab counts the same two.
    const tabs = await api().post('/api/Member/getNavigation').set('Authorization', me.auth).send({})
    expect(tabs.body.data.find((tab: { id: number }) => tab.id === 10)).toEqual({ id: 10, key: 'release', name: '我的发布', count: 2 })
  })

  test('refuses reviewing a contribution twice', async () => {
    const me = await createSignedInMember()
    const created = await add(me, { title: '一次', kind: 'viewpoint', content: '<p>x</p>' })
    await reviewContribution({ id: created.body.data.id, approve: true, note: '' }, reviewer)

    await expect(reviewContribution({ id: created.body.data.id, approve: false, note: '反悔' }, reviewer)).rejects.toThrow('该投稿已审核')
    expect(await prisma.viewpoint.count({ where: { contributionId: created.body.data.id } })).toBe(1)
  })
})
