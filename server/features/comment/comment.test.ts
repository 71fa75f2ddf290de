import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { createActivity, createCourse, createSpecial, createTeacher, createViewpoint, unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { invalidateContentCache } from '../../data/cache'
import { COMMENT_MAX_LENGTH } from '../../../common/notifications'
import { commentLimits, commentsPerDay, commentsPerMinute, COMMENT_REVIEW_SETTING } from './comment.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const ok = (data: unknown) => ({ code: Code.OK, msg: '操作成功', data })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let alice: Signed
let bob: Signed
let carol: Signed
let reviewer: Signed
let admin: Signed
let editor: Signed

beforeAll(async () => {
  ;[alice, bob, carol, reviewer, admin, editor] = await Promise.all([
    createSignedInMember({ nickname: '爱丽丝' }),
    createSignedInMember({ nickname: '小波' }),
    createSignedInMember({ nickname: '卡萝' }),
    createSignedInMember({ role: 'reviewer', nickname: '值班审核' }),
    createSignedInMember({ role: 'admin', nickname: '管理员' }),
    createSignedInMember({ role: 'editor', nickname: '编辑' }),
  ])
})

beforeEach(async () => {
  await Promise.all([commentsPerMinute.clear(), commentsPerDay.clear()])
  await prisma.siteSetting.deleteMany({ where: { key: COMMENT_REVIEW_SETTING } })
})

const add = (who: Signed, body: object) => post('/api/Member/addComment', who.auth, body)
const list = (body: object, auth: string | null = null) => post('/api/Course/commentList', auth, body)
const course = () => createCourse({ teacherId: null })

async function published(who: Signed, body: { entity: string; recordId: number; content: string; parentId?: number }) {
  const res = await add(who, body)
  expect(res.body).toMatchObject({ code: Code.OK, data: { status: 'published' } })
  return res.body.data.id as number
}

describe('POST /api/Member/addComment', () => {
  test('publishes a trimmed top-level comment at once by default', async () => {
    const item = await course()
    const res = await add(alice, { entity: 'course', recordId: item.id, content: '  讲得很清楚，受益匪浅。  ' })

    expect(res.body).toEqual(ok({ id: expect.any(Number), status: 'published', message: '评论成功' }))
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      entity: 'course',
      recordId: item.id,
      memberId: alice.member.id,
      parentId: null,
      replyToId: null,
      content: '讲得很清楚，受益匪浅。',
      status: 'published',
    })
  })

  test('takes comments on specials, viewpoints and activities', async () => {
    const teacher = await createTeacher()
    const items = {
      special: await createSpecial(),
      viewpoint: await createViewpoint({ teacherId: teacher.id }),
      activity: await createActivity({ teacherId: teacher.id }),
    }
    for (const [entity, item] of Object.entries(items)) {
      await published(alice, { entity, recordId: item.id, content: `关于${entity}的评论` })
      const res = await list({ entity, recordId: item.id })
      expect(res.body).toMatchObject({ code: Code.OK, data: { total: 1, count: 1, list: [{ content: `关于${entity}的评论` }] } })
    }
  })

  test('a reply to a reply hangs under the top-level comment and names the member answered', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '第一条' })
    const reply = await published(bob, { entity: 'course', recordId: item.id, content: '回复爱丽丝', parentId: top })
    const deeper = await published(carol, { entity: 'course', recordId: item.id, content: '回复小波', parentId: reply })

    expect(await prisma.comment.findUniqueOrThrow({ where: { id: reply } })).toMatchObject({ parentId: top, replyToId: null })
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: deeper } })).toMatchObject({ parentId: top, replyToId: bob.member.id })
    const res = await list({ entity: 'course', recordId: item.id })
    expect(res.body.data).toMatchObject({
      total: 1,
      count: 3,
      list: [
        {
          id: top,
          author: { nickname: '爱丽丝' },
          replyCount: 2,
          replies: [
            { id: reply, author: { nickname: '小波' }, replyTo: null },
            { id: deeper, author: { nickname: '卡萝' }, replyTo: { nickname: '小波' } },
          ],
        },
      ],
    })
  })

  test('a reply puts a notice in the answered member inbox, never for answering oneself', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '我的看法' })
    const before = await prisma.notification.count({ where: { memberId: alice.member.id, kind: 'comment' } })
    await published(alice, { entity: 'course', recordId: item.id, content: '补充一句', parentId: top })
    expect(await prisma.notification.count({ where: { memberId: alice.member.id, kind: 'comment' } })).toBe(before)

    const reply = await published(bob, { entity: 'course', recordId: item.id, content: '同意你的看法', parentId: top })
    const notice = await prisma.notification.findFirstOrThrow({
      where: { memberId: alice.member.id, kind: 'comment' },
      orderBy: { id: 'desc' },
    })
    expect(notice).toMatchObject({ title: '小波回复了你的评论', link: `/course/detail/${item.id}` })
    expect(notice.body).toContain('同意你的看法')

    await published(carol, { entity: 'course', recordId: item.id, content: '也回复小波', parentId: reply })
    expect(
      await prisma.notification.count({
        where: { memberId: bob.member.id, kind: 'comment', title: '卡萝回复了你的评论', link: `/course/detail/${item.id}` },
      }),
    ).toBe(1)
  })

  test.each([
    [{ content: '' }, '请输入评论内容'],
    [{ content: '   ' }, '请输入评论内容'],
    [{ content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, `评论最多 ${COMMENT_MAX_LENGTH} 个字`],
    [{ content: '<b>加粗</b>的评论' }, '评论只能是纯文字，不能包含 HTML 标签'],
    [{ content: '<script>alert(1)</script>' }, '评论只能是纯文字，不能包含 HTML 标签'],
    [{ entity: 'teacher' }, '评论对象应为 course、special、viewpoint 或 activity'],
    [{ recordId: 'abc' }, '内容 ID格式不正确'],
    [{ content: 12 }, '请输入评论内容'],
  ])('refuses %j with a clear message and writes nothing', async (patch, msg) => {
    const item = await course()
    const before = await prisma.comment.count()
    const res = await add(alice, { entity: 'course', recordId: item.id, content: '正常评论', ...patch })
    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.comment.count()).toBe(before)
  })

  test('keeps a comment of exactly the longest length, and a < that is not a tag', async () => {
    const item = await course()
    await published(alice, { entity: 'course', recordId: item.id, content: 'x'.repeat(COMMENT_MAX_LENGTH) })
    await published(alice, { entity: 'course', recordId: item.id, content: '1 < 2 且 3 > 2' })
  })

  test('refuses unknown and unpublished items', async () => {
    const hidden = await createCourse({ isPublished: false })
    const before = await prisma.comment.count()
    expect((await add(alice, { entity: 'course', recordId: hidden.id, content: '看不见' })).body).toEqual(
      failure(Code.NOT_FOUND, '该课程不存在或未发布，无法评论'),
    )
    expect((await add(alice, { entity: 'special', recordId: 999_999_999, content: '不存在' })).body).toEqual(
      failure(Code.NOT_FOUND, '该专题不存在或未发布，无法评论'),
    )
    expect(await prisma.comment.count()).toBe(before)
  })

  test('refuses a reply to a comment of another item, a hidden one or an unknown one', async () => {
    const [one, two] = [await course(), await course()]
    const top = await published(alice, { entity: 'course', recordId: one.id, content: '第一门课的评论' })
    const hidden = await published(alice, { entity: 'course', recordId: one.id, content: '将被隐藏' })
    const underHidden = await published(bob, { entity: 'course', recordId: one.id, content: '隐藏评论下的回复', parentId: hidden })
    await prisma.comment.update({ where: { id: hidden }, data: { status: 'hidden' } })
    for (const [recordId, parentId] of [
      [two.id, top],
      [one.id, hidden],
      [one.id, underHidden],
      [one.id, 999_999_999],
    ]) {
      const res = await add(bob, { entity: 'course', recordId, content: '回复', parentId })
      expect(res.body).toEqual(failure(Code.NOT_FOUND, '回复的评论不存在或已被隐藏'))
    }
  })

  test('needs a signed-in member; identity comes from the token only', async () => {
    const item = await course()
    expect((await post('/api/Member/addComment', null, { entity: 'course', recordId: item.id, content: '匿名' })).body).toEqual(
      failure(Code.NEED_LOGIN, '请先登录'),
    )
    const res = await add(alice, { entity: 'course', recordId: item.id, content: '冒名', memberId: bob.member.id })
    expect((await prisma.comment.findUniqueOrThrow({ where: { id: res.body.data.id } })).memberId).toBe(alice.member.id)
  })

  test('a block word refuses the comment; a mask word stores ＊ and holds it for review', async () => {
    const block = unique('禁词').slice(0, 12)
    const mask = unique('遮词').slice(0, 12)
    await prisma.sensitiveWord.createMany({
      data: [
        { word: block, mode: 'block' },
        { word: mask, mode: 'mask' },
      ],
    })
    try {
      const item = await course()
      const before = await prisma.comment.count()
      expect((await add(alice, { entity: 'course', recordId: item.id, content: `含有${block}的评论` })).body).toEqual(
        failure(Code.BAD_PARAMS, `评论包含敏感词「${block}」，请修改后再提交`),
      )
      expect(await prisma.comment.count()).toBe(before)

      const res = await add(alice, { entity: 'course', recordId: item.id, content: `含有${mask}的评论` })
      expect(res.body).toEqual(ok({ id: expect.any(Number), status: 'pending', message: '评论已提交，审核通过后展示' }))
      const row = await prisma.comment.findUniqueOrThrow({ where: { id: res.body.data.id } })
      expect(row.content).toBe(`含有${'＊'.repeat(mask.length)}的评论`)
      expect(await prisma.sensitiveHit.count({ where: { source: 'comment', memberId: alice.member.id } })).toBe(2)
    } finally {
      await prisma.sensitiveWord.deleteMany({ where: { word: { in: [block, mask] } } })
    }
  })

  test('limits each member to a few comments a minute and some a day', async () => {
    const item = await course()
    const saved = { ...commentLimits }
    commentLimits.perMinute = 2
    commentLimits.perDay = 3
    try {
      await published(alice, { entity: 'course', recordId: item.id, content: '一' })
      await published(alice, { entity: 'course', recordId: item.id, content: '二' })
      const before = await prisma.comment.count()
      const third = await add(alice, { entity: 'course', recordId: item.id, content: '三' })
      expect(third.body).toEqual(failure(Code.RATE_LIMITED, expect.stringMatching(/^评论过于频繁，请 \d+ 秒后再试$/)))
      expect(third.status).toBe(429)
      // Another member is not held back.
      await published(bob, { entity: 'course', recordId: item.id, content: '我也说' })

      const start = Date.now()
      vi.spyOn(clock, 'now').mockReturnValue(start + 61_000)
      await published(alice, { entity: 'course', recordId: item.id, content: '三' })
      vi.spyOn(clock, 'now').mockReturnValue(start + 122_000)
      expect((await add(alice, { entity: 'course', recordId: item.id, content: '四' })).body).toEqual(
        failure(Code.RATE_LIMITED, '每天最多发表 3 条评论，请明天再来'),
      )
      expect(await prisma.comment.count()).toBe(before + 2)
    } finally {
      Object.assign(commentLimits, saved)
      vi.restoreAllMocks()
    }
  })
})

describe('POST /api/Course/commentList', () => {
  test('lists published top-level comments newest first, paged, without pending or hidden ones', async () => {
    const item = await course()
    const first = await published(alice, { entity: 'course', recordId: item.id, content: '最早' })
    const second = await published(bob, { entity: 'course', recordId: item.id, content: '第二' })
    const third = await published(carol, { entity: 'course', recordId: item.id, content: '最新' })
    const hidden = await published(bob, { entity: 'course', recordId: item.id, content: '被隐藏' })
    await prisma.comment.update({ where: { id: hidden }, data: { status: 'hidden', hideReason: '广告' } })
    await prisma.comment.create({
      data: { entity: 'course', recordId: item.id, memberId: bob.member.id, content: '待审核', status: 'pending' },
    })
    const hiddenReply = await published(carol, { entity: 'course', recordId: item.id, content: '隐藏的回复', parentId: first })
    await prisma.comment.update({ where: { id: hiddenReply }, data: { status: 'hidden' } })

    const page1 = await list({ entity: 'course', recordId: item.id, limit: 2 })
    expect(page1.body).toEqual(
      ok({
        list: [
          { id: third, content: '最新', createdAt: expect.any(String), author: { nickname: '卡萝' }, replies: [], replyCount: 0 },
          { id: second, content: '第二', createdAt: expect.any(String), author: { nickname: '小波' }, replies: [], replyCount: 0 },
        ],
        total: 3,
        page: 1,
        limit: 2,
        count: 3,
        ownIds: [],
        ownPending: [],
      }),
    )
    const page2 = await list({ entity: 'course', recordId: item.id, limit: 2, page: 2 })
    expect(page2.body.data.list.map((row: { id: number }) => row.id)).toEqual([first])
  })

  test('names the viewer own comments on the page, for them alone', async () => {
    const item = await course()
    const mine = await published(alice, { entity: 'course', recordId: item.id, content: '我的' })
    await published(bob, { entity: 'course', recordId: item.id, content: '别人的' })
    const myReply = await published(alice, { entity: 'course', recordId: item.id, content: '我的回复', parentId: mine })

    expect((await list({ entity: 'course', recordId: item.id }, alice.auth)).body.data.ownIds.sort()).toEqual([mine, myReply].sort())
    expect((await list({ entity: 'course', recordId: item.id }, carol.auth)).body.data.ownIds).toEqual([])
    expect((await list({ entity: 'course', recordId: item.id })).body.data.ownIds).toEqual([])
  })

  test('shows a new comment at once although the answer is cached', async () => {
    const item = await course()
    expect((await list({ entity: 'course', recordId: item.id })).body.data.total).toBe(0)
    await published(alice, { entity: 'course', recordId: item.id, content: '新评论' })
    expect((await list({ entity: 'course', recordId: item.id })).body.data.total).toBe(1)
  })

  test('answers 404 for an unknown or unpublished item and 400 for a bad entity', async () => {
    const hidden = await createCourse({ isPublished: false })
    expect((await list({ entity: 'course', recordId: hidden.id })).body).toEqual(failure(Code.NOT_FOUND, '该课程不存在或未发布，无法评论'))
    expect((await list({ entity: 'viewpoint', recordId: 999_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '该学术观点不存在或未发布，无法评论'),
    )
    expect((await list({ entity: 'notice', recordId: 1 })).body).toEqual(
      failure(Code.BAD_PARAMS, '评论对象应为 course、special、viewpoint 或 activity'),
    )
  })
})

describe('POST /api/Course/commentList · the viewer own held comments', () => {
  test('lists the member own pending comments and replies, marked, to them alone', async () => {
    const item = await course()
    const shown = await published(bob, { entity: 'course', recordId: item.id, content: '已展示' })
    // The public answer is kept before the member writes anything.
    expect((await list({ entity: 'course', recordId: item.id })).body.data.ownPending).toEqual([])
    await prisma.siteSetting.create({ data: { key: COMMENT_REVIEW_SETTING, value: 'review' } })
    const held = await add(alice, { entity: 'course', recordId: item.id, content: '我的待审核评论' })
    expect(held.body).toEqual(ok({ id: expect.any(Number), status: 'pending', message: '评论已提交，审核通过后展示' }))
    const heldReply = await add(alice, { entity: 'course', recordId: item.id, content: '我的待审核回复', parentId: shown })
    await add(bob, { entity: 'course', recordId: item.id, content: '别人的待审核评论' })

    const mine = await list({ entity: 'course', recordId: item.id }, alice.auth)
    expect(mine.body.data).toMatchObject({ total: 1, count: 1, list: [{ id: shown }] })
    expect(mine.body.data.ownPending).toEqual([
      {
        id: heldReply.body.data.id,
        parentId: shown,
        content: '我的待审核回复',
        createdAt: expect.any(String),
        author: { nickname: '爱丽丝' },
        replyTo: null,
        status: 'pending',
      },
      {
        id: held.body.data.id,
        parentId: null,
        content: '我的待审核评论',
        createdAt: expect.any(String),
        author: { nickname: '爱丽丝' },
        replyTo: null,
        status: 'pending',
      },
    ])
    // The shared answer is unchanged for everyone else, and carries nobody's held comments.
    expect((await list({ entity: 'course', recordId: item.id }, carol.auth)).body.data.ownPending).toEqual([])
    expect((await list({ entity: 'course', recordId: item.id })).body.data).toMatchObject({ total: 1, ownIds: [], ownPending: [] })
    expect(
      (await list({ entity: 'course', recordId: item.id }, bob.auth)).body.data.ownPending.map((row: { content: string }) => row.content),
    ).toEqual(['别人的待审核评论'])

    // Approved, it leaves the member own held list and joins the public one.
    await post('/api/Admin/commentApprove', reviewer.auth, { id: held.body.data.id })
    const after = await list({ entity: 'course', recordId: item.id }, alice.auth)
    expect(after.body.data.ownPending.map((row: { id: number }) => row.id)).toEqual([heldReply.body.data.id])
    expect(after.body.data.list.map((row: { id: number }) => row.id)).toEqual([held.body.data.id, shown])
  })
})

describe('commentCount on cards', () => {
  /** Comments of one item: 2 shown, a shown reply, one held, one hidden with a shown reply under it. */
  async function commentsOn(entity: string, recordId: number) {
    // Written directly: the rate limits would stop one member writing this many through the API.
    const write = (data: { memberId: number; content: string; parentId?: number; status?: string }) =>
      prisma.comment.create({ data: { entity, recordId, ...data }, select: { id: true } })
    const first = await write({ memberId: alice.member.id, content: '第一条' })
    await write({ memberId: bob.member.id, content: '第二条' })
    await write({ memberId: carol.member.id, content: '回复', parentId: first.id })
    const hidden = await write({ memberId: carol.member.id, content: '已隐藏', status: 'hidden' })
    await write({ memberId: alice.member.id, content: '隐藏评论下的回复', parentId: hidden.id })
    await write({ memberId: bob.member.id, content: '待审核', status: 'pending' })
    await write({ memberId: bob.member.id, content: '待审核的回复', parentId: first.id, status: 'pending' })
  }
  const countsOf = (list: { id: number; commentCount: number }[]) => Object.fromEntries(list.map((card) => [card.id, card.commentCount]))

  test('counts shown comments and replies per item on every list, never held or hidden ones', async () => {
    const teacher = await createTeacher()
    const [busy, quiet] = [await createCourse({ teacherId: teacher.id }), await createCourse({ teacherId: teacher.id })]
    const special = await createSpecial()
    const [viewpoint, activity] = [await createViewpoint({ teacherId: teacher.id }), await createActivity({ teacherId: teacher.id })]
    await commentsOn('course', busy.id)
    await commentsOn('special', special.id)
    await commentsOn('viewpoint', viewpoint.id)
    await commentsOn('activity', activity.id)
    // Another kind's comment never counts for an item of the same id.
    await prisma.comment.create({ data: { entity: 'viewpoint', recordId: busy.id, memberId: alice.member.id, content: '别的类型' } })
    await prisma.comment.create({ data: { entity: 'special', recordId: special.id, memberId: alice.member.id, content: '专题的' } })
    // Written past the actions, so the kept answers are dropped by hand.
    await invalidateContentCache()

    const courses = await post('/api/Course/courseList', null, { teacherId: teacher.id })
    expect(countsOf(courses.body.data.list)).toEqual({ [busy.id]: 3, [quiet.id]: 0 })
    expect(countsOf((await post('/api/Teacher/teacherCourse', null, { teacherId: teacher.id })).body.data.list)).toEqual({
      [busy.id]: 3,
      [quiet.id]: 0,
    })
    expect(countsOf((await post('/api/Special/specialList', null, { cid: special.categoryId })).body.data.list)).toEqual({
      [special.id]: 4,
    })
    expect(countsOf((await post('/api/Teacher/teacherViewpoint', null, { teacherId: teacher.id })).body.data.list)).toEqual({
      [viewpoint.id]: 3,
    })
    expect(countsOf((await post('/api/Teacher/teacherActivity', null, { teacherId: teacher.id })).body.data.list)).toEqual({
      [activity.id]: 3,
    })
    // The detail page's own count agrees with the card's.
    expect((await list({ entity: 'course', recordId: busy.id })).body.data.count).toBe(3)
  })

  test('counts each list in one grouped query, and a new comment shows on the kept list at once', async () => {
    const teacher = await createTeacher()
    const courses = [
      await createCourse({ teacherId: teacher.id }),
      await createCourse({ teacherId: teacher.id }),
      await createCourse({ teacherId: teacher.id }),
    ]
    for (const item of courses) await published(carol, { entity: 'course', recordId: item.id, content: '好课' })
    const groupBy = vi.spyOn(prisma.comment, 'groupBy')
    try {
      const first = await post('/api/Course/courseList', null, { teacherId: teacher.id })
      expect(countsOf(first.body.data.list)).toEqual(Object.fromEntries(courses.map((item) => [item.id, 1])))
      expect(groupBy).toHaveBeenCalledTimes(1)
      // Kept: a second read asks nothing.
      await post('/api/Course/courseList', null, { teacherId: teacher.id })
      expect(groupBy).toHaveBeenCalledTimes(1)

      await published(bob, { entity: 'course', recordId: courses[0].id, content: '再来一条' })
      const fresh = await post('/api/Course/courseList', null, { teacherId: teacher.id })
      expect(countsOf(fresh.body.data.list)[courses[0].id]).toBe(2)
      expect(groupBy).toHaveBeenCalledTimes(2)

      // The home aggregate: one query per kind (hot specials, both course tabs, activities, viewpoints).
      groupBy.mockClear()
      expect((await post('/api/Index/indexList', null)).body.code).toBe(Code.OK)
      expect(groupBy).toHaveBeenCalledTimes(4)
    } finally {
      groupBy.mockRestore()
    }
  })
})

describe('POST /api/Member/deleteComment', () => {
  test('deletes the member own comment with its replies', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '要删除' })
    const reply = await published(bob, { entity: 'course', recordId: item.id, content: '回复', parentId: top })

    expect((await post('/api/Member/deleteComment', alice.auth, { id: top })).body).toEqual(ok(null))
    expect(await prisma.comment.count({ where: { id: { in: [top, reply] } } })).toBe(0)
    expect((await list({ entity: 'course', recordId: item.id })).body.data.total).toBe(0)
  })

  test('refuses another member comment and an unknown one, changing nothing', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '爱丽丝的' })
    expect((await post('/api/Member/deleteComment', bob.auth, { id: top })).body).toEqual(failure(Code.FORBIDDEN, '只能删除自己的评论'))
    expect((await post('/api/Member/deleteComment', bob.auth, { id: 999_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '评论不存在或已删除'),
    )
    expect((await post('/api/Member/deleteComment', null, { id: top })).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
    expect(await prisma.comment.count({ where: { id: top } })).toBe(1)
  })
})

describe('POST /api/Member/reportComment', () => {
  test('records one report per member and counts it', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '可疑内容' })

    expect((await post('/api/Member/reportComment', bob.auth, { id: top, reason: ' 广告 ' })).body).toEqual(
      ok({ message: '举报已提交，我们会尽快处理' }),
    )
    expect((await post('/api/Member/reportComment', bob.auth, { id: top, reason: '再举报' })).body).toEqual(
      failure(Code.EXISTS, '你已举报过这条评论，我们会尽快处理'),
    )
    await post('/api/Member/reportComment', carol.auth, { id: top, reason: '不友善' })
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: top } })).toMatchObject({ reportCount: 2, status: 'published' })
    expect(await prisma.commentReport.findMany({ where: { commentId: top }, orderBy: { id: 'asc' }, select: { reason: true } })).toEqual([
      { reason: '广告' },
      { reason: '不友善' },
    ])
  })

  test('refuses a missing reason, one too long, one own comment and a hidden comment', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '内容' })
    const hidden = await published(alice, { entity: 'course', recordId: item.id, content: '隐藏' })
    await prisma.comment.update({ where: { id: hidden }, data: { status: 'hidden' } })
    const report = (who: Signed, body: object) => post('/api/Member/reportComment', who.auth, body)

    expect((await report(bob, { id: top, reason: '  ' })).body).toEqual(failure(Code.BAD_PARAMS, '请填写举报原因'))
    expect((await report(bob, { id: top, reason: '长'.repeat(201) })).body).toEqual(failure(Code.BAD_PARAMS, '举报原因最多 200 字'))
    expect((await report(alice, { id: top, reason: '自己' })).body).toEqual(failure(Code.BAD_PARAMS, '不能举报自己的评论'))
    expect((await report(bob, { id: hidden, reason: '隐藏的' })).body).toEqual(failure(Code.NOT_FOUND, '评论不存在或已被隐藏'))
    expect(await prisma.commentReport.count({ where: { commentId: { in: [top, hidden] } } })).toBe(0)
  })
})

describe('POST /api/Admin/commentSettings · commentSettingsSave', () => {
  test('an admin turns review on: new comments wait, staff approve them, the reply notice follows', async () => {
    expect((await post('/api/Admin/commentSettings', reviewer.auth)).body).toEqual(ok({ requireReview: false }))
    expect((await post('/api/Admin/commentSettingsSave', admin.auth, { requireReview: true })).body).toEqual(ok({ requireReview: true }))
    expect((await post('/api/Admin/commentSettings', reviewer.auth)).body).toEqual(ok({ requireReview: true }))
    expect(await prisma.auditLog.count({ where: { action: 'Admin/commentSettingsSave', staffId: admin.member.id } })).toBeGreaterThan(0)

    const item = await course()
    const top = await prisma.comment.create({ data: { entity: 'course', recordId: item.id, memberId: alice.member.id, content: '已有' } })
    const res = await add(bob, { entity: 'course', recordId: item.id, content: '等审核的回复', parentId: top.id })
    expect(res.body).toEqual(ok({ id: expect.any(Number), status: 'pending', message: '评论已提交，审核通过后展示' }))
    expect((await list({ entity: 'course', recordId: item.id })).body.data.count).toBe(1)
    const noticesBefore = await prisma.notification.count({ where: { memberId: alice.member.id, kind: 'comment' } })

    const queue = await post('/api/Admin/commentQueue', reviewer.auth, { tab: 'pending', recordId: item.id })
    expect(queue.body.data).toMatchObject({
      total: 1,
      list: [
        {
          id: res.body.data.id,
          entity: 'course',
          entityText: '课程',
          itemTitle: item.title,
          isReply: true,
          status: 'pending',
          statusText: '待审核',
          member: { nickname: '小波' },
        },
      ],
    })
    expect((await post('/api/Admin/commentApprove', reviewer.auth, { id: res.body.data.id })).body).toEqual(
      ok({ id: res.body.data.id, status: 'published', statusText: '已发布' }),
    )
    expect((await list({ entity: 'course', recordId: item.id })).body.data.count).toBe(2)
    expect(await prisma.notification.count({ where: { memberId: alice.member.id, kind: 'comment' } })).toBe(noticesBefore + 1)
    expect((await post('/api/Admin/commentApprove', reviewer.auth, { id: res.body.data.id })).body).toEqual(
      failure(Code.BAD_PARAMS, '该评论已发布'),
    )
  })

  test('only admins change the setting; a bad value is refused', async () => {
    expect((await post('/api/Admin/commentSettingsSave', editor.auth, { requireReview: true })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员可以修改评论设置'),
    )
    expect((await post('/api/Admin/commentSettingsSave', admin.auth, { requireReview: 'yes' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请选择评论是否需审核后展示'),
    )
    expect(await prisma.siteSetting.count({ where: { key: COMMENT_REVIEW_SETTING } })).toBe(0)
    expect((await post('/api/Admin/commentSettings', alice.auth)).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员、编辑和审核员可以管理评论'),
    )
  })
})

describe('POST /api/Admin/commentQueue', () => {
  test('the reported tab lists published comments with reports, most reported first', async () => {
    const item = await course()
    const once = await published(alice, { entity: 'course', recordId: item.id, content: '被举报一次' })
    const twice = await published(alice, { entity: 'course', recordId: item.id, content: '被举报两次' })
    await published(alice, { entity: 'course', recordId: item.id, content: '没人举报' })
    await post('/api/Member/reportComment', bob.auth, { id: once, reason: '广告' })
    await post('/api/Member/reportComment', bob.auth, { id: twice, reason: '辱骂' })
    await post('/api/Member/reportComment', carol.auth, { id: twice, reason: '不友善' })

    const res = await post('/api/Admin/commentQueue', editor.auth, { tab: 'reported', recordId: item.id })
    expect(res.body.data).toMatchObject({
      total: 2,
      list: [
        { id: twice, reportCount: 2, reports: [{ reason: '不友善' }, { reason: '辱骂' }] },
        { id: once, reportCount: 1 },
      ],
    })
    // Kept: its reports are dismissed and it leaves the tab.
    await post('/api/Admin/commentApprove', editor.auth, { id: once })
    expect((await post('/api/Admin/commentQueue', editor.auth, { tab: 'reported', recordId: item.id })).body.data.total).toBe(1)
    const all = await post('/api/Admin/commentQueue', editor.auth, { tab: 'all', recordId: item.id, keyword: '被举报' })
    expect(all.body.data.total).toBe(2)
  })

  test('refuses members and bad filters', async () => {
    expect((await post('/api/Admin/commentQueue', alice.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员、编辑和审核员可以管理评论'))
    expect((await post('/api/Admin/commentQueue', null)).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
    expect((await post('/api/Admin/commentQueue', reviewer.auth, { tab: 'spam' })).body).toEqual(
      failure(Code.BAD_PARAMS, '列表应为 pending、reported 或 all'),
    )
  })
})

describe('POST /api/Admin/commentHide · commentDelete', () => {
  test('hides a comment with a reason: gone from the public list, audited', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '不当言论' })
    const reply = await published(bob, { entity: 'course', recordId: item.id, content: '它的回复', parentId: top })

    expect((await post('/api/Admin/commentHide', reviewer.auth, { id: top, reason: '含有广告' })).body).toEqual(
      ok({ id: top, status: 'hidden', statusText: '已隐藏', hideReason: '含有广告' }),
    )
    expect((await list({ entity: 'course', recordId: item.id })).body.data).toMatchObject({ total: 0, count: 0, list: [] })
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: reply } })).toMatchObject({ status: 'published' })
    expect(await prisma.auditLog.count({ where: { action: 'Admin/commentHide', entityId: String(top) } })).toBe(1)
    expect((await post('/api/Admin/commentHide', reviewer.auth, { id: top, reason: '再隐藏' })).body).toEqual(
      failure(Code.BAD_PARAMS, '该评论已隐藏'),
    )
    // Approving brings it back.
    await post('/api/Admin/commentApprove', reviewer.auth, { id: top })
    expect((await list({ entity: 'course', recordId: item.id })).body.data.count).toBe(2)
  })

  test('refuses a hide without a reason and unknown ids, changing nothing', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '内容' })
    expect((await post('/api/Admin/commentHide', reviewer.auth, { id: top, reason: '' })).body).toEqual(
      failure(Code.BAD_PARAMS, '请填写隐藏原因'),
    )
    expect((await post('/api/Admin/commentHide', reviewer.auth, { id: 999_999_999, reason: '广告' })).body).toEqual(
      failure(Code.NOT_FOUND, '评论不存在或已删除'),
    )
    expect((await post('/api/Admin/commentDelete', reviewer.auth, { id: 999_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '评论不存在或已删除'),
    )
    expect((await post('/api/Admin/commentApprove', reviewer.auth, { id: 999_999_999 })).body).toEqual(
      failure(Code.NOT_FOUND, '评论不存在或已删除'),
    )
    expect((await post('/api/Admin/commentHide', bob.auth, { id: top, reason: '广告' })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员、编辑和审核员可以管理评论'),
    )
    expect(await prisma.comment.findUniqueOrThrow({ where: { id: top } })).toMatchObject({ status: 'published', hideReason: '' })
  })

  test('staff delete any comment with its replies', async () => {
    const item = await course()
    const top = await published(alice, { entity: 'course', recordId: item.id, content: '删除我' })
    await published(bob, { entity: 'course', recordId: item.id, content: '回复', parentId: top })
    expect((await post('/api/Admin/commentDelete', editor.auth, { id: top })).body).toEqual(ok(null))
    expect(await prisma.comment.count({ where: { entity: 'course', recordId: item.id } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/commentDelete', entityId: String(top) } })).toBe(1)
  })
})

describe('staff alerts', () => {
  test('a held comment and a report each queue one delivery per channel taking the kind', async () => {
    const channel = await prisma.alertChannel.create({
      data: { name: unique('群'), provider: 'json', url: 'http://127.0.0.1:9/hook', events: JSON.stringify(['comment', 'comment-report']) },
    })
    try {
      const deliveries = async (kind: string) =>
        (await prisma.job.findMany({ where: { kind: 'alert.deliver' }, select: { payload: true } }))
          .map((job) => JSON.parse(job.payload) as { channelId: number; kind: string; title: string })
          .filter((payload) => payload.channelId === channel.id && payload.kind === kind)
      const item = await course()
      await prisma.siteSetting.create({ data: { key: COMMENT_REVIEW_SETTING, value: 'review' } })
      const held = await add(alice, { entity: 'course', recordId: item.id, content: '待审核' })
      expect(held.body.data.status).toBe('pending')
      expect(await deliveries('comment')).toEqual([
        expect.objectContaining({ title: `「${item.title}」有一条新评论待审核`, link: '/admin/review/comment' }),
      ])

      await prisma.siteSetting.deleteMany({ where: { key: COMMENT_REVIEW_SETTING } })
      const shown = await published(alice, { entity: 'course', recordId: item.id, content: '可以举报的' })
      await post('/api/Member/reportComment', bob.auth, { id: shown, reason: '广告' })
      expect(await deliveries('comment-report')).toHaveLength(1)
    } finally {
      await prisma.alertChannel.delete({ where: { id: channel.id } })
    }
  })
})
