// The content lifecycle: drafts by default, explicit publishing, states in the console's reads,
// schedules and the scheduler (once across instances and restarts), and revisions from the audit log.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { publishableEntities } from '../admin/content.service'
import { claimDue } from './content-state.service'
import { runDueSchedules, startScheduler } from './lifecycle.service'

const app = createApp()
// A publisher: the role that edits, publishes and schedules (common/staff-roles.ts).
let publisher: Awaited<ReturnType<typeof createSignedInMember>>
let member: Awaited<ReturnType<typeof createSignedInMember>>
beforeAll(async () => {
  publisher = await createSignedInMember({ role: 'publisher' })
  member = await createSignedInMember()
})
const realNow = clock.now
afterEach(() => {
  clock.now = realNow
})

type Row = Record<string, unknown>
const post = (action: string, body: object, auth: string | null = publisher.auth) => {
  const call = request(app).post(`/api/Admin/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

const courseRecord = (more: Row = {}): Row => ({
  slug: unique('life'),
  title: '生命周期课程',
  category: 'leadership',
  teacher: 't-001',
  intro: '课程简介',
  tags: [],
  ...more,
})
async function createCourse(more: Row = {}): Promise<Row> {
  const res = await post('courseSave', courseRecord(more))
  expect(res.body.code).toBe(Code.OK)
  return res.body.data as Row
}
const publish = (id: unknown, isPublished = true) => post('coursePublish', { id, isPublished })
const inHours = (hours: number) => new Date(clock.now() + hours * 3_600_000).toISOString()
const stateRow = (id: unknown) =>
  prisma.contentState.findUnique({ where: { entity_recordId: { entity: 'course', recordId: id as number } } })
const auditsOf = (id: unknown, action: string) =>
  prisma.auditLog.findMany({ where: { entity: 'course', entityId: String(id), action }, orderBy: { id: 'asc' } })

test('every entity with a publish flag has the lifecycle', () => {
  expect(publishableEntities.map((entity) => entity.word).sort()).toEqual(
    ['activity', 'banner', 'cooperation', 'course', 'notice', 'question', 'special', 'teacher', 'viewpoint'].sort(),
  )
})

describe('POST /api/Admin/courseSave', () => {
  test('creates a draft whatever the payload says, and accepts the read-only state keys back', async () => {
    const created = await post('courseSave', courseRecord({ isPublished: true, state: 'published', publishAt: null, unpublishAt: null }))

    expect(created.body).toMatchObject({
      code: Code.OK,
      data: { isPublished: false, state: 'draft', publishAt: null, unpublishAt: null },
    })
    expect((await request(app).post('/api/Course/courseDetails').send({ id: created.body.data.id })).body.code).toBe(Code.NOT_FOUND)
  })

  test("an update keeps the row's publish flag, whichever the payload sends", async () => {
    const course = await createCourse()
    await publish(course.id)

    const hidden = await post('courseSave', { ...course, title: '改了标题', isPublished: false, state: 'draft' })
    expect(hidden.body).toMatchObject({ code: Code.OK, data: { title: '改了标题', isPublished: true, state: 'published' } })

    await publish(course.id, false)
    const shown = await post('courseSave', { ...hidden.body.data, isPublished: true })
    expect(shown.body.data).toMatchObject({ isPublished: false, state: 'offline' })
  })
})

describe('POST /api/Admin/coursePublish', () => {
  test('records the first publication once; taking down makes the record offline', async () => {
    const course = await createCourse()
    const published = await publish(course.id)
    expect(published.body.data).toMatchObject({ isPublished: true, state: 'published', publishAt: null, unpublishAt: null })
    const first = (await stateRow(course.id))!.firstPublishedAt

    expect((await publish(course.id, false)).body.data).toMatchObject({ state: 'offline' })
    await publish(course.id)
    expect((await stateRow(course.id))!.firstPublishedAt).toEqual(first)
  })

  test('publishing clears a pending publish time; taking down clears a pending take-down time', async () => {
    const draft = await createCourse()
    await post('courseSchedule', { id: draft.id, publishAt: inHours(2), unpublishAt: inHours(4) })
    expect((await publish(draft.id)).body.data).toMatchObject({ state: 'published', publishAt: null, unpublishAt: expect.any(String) })
    expect((await publish(draft.id, false)).body.data).toMatchObject({ state: 'offline', publishAt: null, unpublishAt: null })
  })
})

describe('POST /api/Admin/courseList and courseGet', () => {
  test('carry each record’s state and times, and List filters by state', async () => {
    const title = `状态${unique('s')}`
    const draft = await createCourse({ title })
    const published = await createCourse({ title })
    await publish(published.id)
    const offline = await createCourse({ title })
    await publish(offline.id)
    await publish(offline.id, false)
    const scheduled = await createCourse({ title })
    const publishAt = inHours(3)
    await post('courseSchedule', { id: scheduled.id, publishAt, unpublishAt: null })

    const listed = await post('courseList', { keyword: title, limit: 100 })
    const stateOf = new Map((listed.body.data.list as Row[]).map((row) => [row.id, row.state]))
    expect([draft, published, offline, scheduled].map((row) => stateOf.get(row.id))).toEqual(['draft', 'published', 'offline', 'scheduled'])
    expect((await post('courseGet', { id: scheduled.id })).body.data).toMatchObject({
      state: 'scheduled',
      publishAt: new Date(publishAt).toISOString(),
      unpublishAt: null,
    })

    for (const [state, row] of [
      ['draft', draft],
      ['published', published],
      ['offline', offline],
      ['scheduled', scheduled],
    ] as const) {
      const filtered = await post('courseList', { keyword: title, state })
      expect((filtered.body.data.list as Row[]).map((item) => item.id)).toEqual([row.id])
    }
    expect((await post('courseList', { state: 'gone' })).body).toEqual(
      failure(Code.BAD_PARAMS, 'state 应为 draft、scheduled、published、offline 之一'),
    )
  })

  test('a seeded published row taken down is offline, not a draft', async () => {
    const row = await prisma.course.findFirst({ where: { slug: 'c-002' }, select: { id: true } })
    await prisma.contentState.deleteMany({ where: { entity: 'course', recordId: row!.id } })
    try {
      expect((await publish(row!.id, false)).body.data).toMatchObject({ isPublished: false, state: 'offline' })
    } finally {
      await publish(row!.id)
    }
  })

  test('a seeded unpublished row without a state row is a draft', async () => {
    const row = await prisma.course.findFirst({ where: { slug: 'c-001' }, select: { id: true } })
    await prisma.course.update({ where: { id: row!.id }, data: { isPublished: false } })
    try {
      expect((await post('courseGet', { id: row!.id })).body.data).toMatchObject({ state: 'draft', publishAt: null })
    } finally {
      await prisma.course.update({ where: { id: row!.id }, data: { isPublished: true } })
    }
  })
})

describe('POST /api/Admin/courseSchedule', () => {
  test('sets and clears the pending times, with an audit entry in Beijing time', async () => {
    const course = await createCourse({ title: '定时课程' })
    const res = await post('courseSchedule', { id: course.id, publishAt: '2099-12-01T09:00:00+08:00', unpublishAt: '2099-12-31T01:00:00Z' })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: expect.objectContaining({
        id: course.id,
        state: 'scheduled',
        publishAt: '2099-12-01T01:00:00.000Z',
        unpublishAt: '2099-12-31T01:00:00.000Z',
      }),
    })
    const [audit] = await auditsOf(course.id, 'Admin/courseSchedule')
    expect(audit).toMatchObject({
      staffId: publisher.member.id,
      summary: '定时发布课程「定时课程」于 2099-12-01 09:00（北京时间），定时下架于 2099-12-31 09:00（北京时间）',
    })
    expect(JSON.parse(audit.after)).toMatchObject({ state: 'scheduled', publishAt: '2099-12-01T01:00:00.000Z' })

    const cleared = await post('courseSchedule', { id: course.id, publishAt: null, unpublishAt: null })
    expect(cleared.body.data).toMatchObject({ state: 'draft', publishAt: null, unpublishAt: null })
    expect((await auditsOf(course.id, 'Admin/courseSchedule')).at(-1)!.summary).toBe('取消课程「定时课程」的定时发布和定时下架')
  })

  test('schedules the take-down of a published record', async () => {
    const course = await createCourse()
    await publish(course.id)
    const res = await post('courseSchedule', { id: course.id, unpublishAt: '2099-01-01T00:00:00+08:00' })
    expect(res.body.data).toMatchObject({ state: 'published', publishAt: null, unpublishAt: '2098-12-31T16:00:00.000Z' })
  })

  test('refuses past times, a take-down not after the publish, a published record, an unknown id, changing nothing', async () => {
    const draft = await createCourse()
    const published = await createCourse()
    await publish(published.id)
    const before = { audits: await prisma.auditLog.count(), states: await prisma.contentState.count() }

    const past = new Date(clock.now() - 60_000).toISOString()
    expect((await post('courseSchedule', { id: draft.id, publishAt: past, unpublishAt: null })).body).toEqual(
      failure(Code.BAD_PARAMS, '定时发布时间必须晚于当前时间'),
    )
    expect((await post('courseSchedule', { id: published.id, publishAt: null, unpublishAt: past })).body).toEqual(
      failure(Code.BAD_PARAMS, '定时下架时间必须晚于当前时间'),
    )
    const fiveHoursOn = inHours(5)
    expect((await post('courseSchedule', { id: draft.id, publishAt: fiveHoursOn, unpublishAt: fiveHoursOn })).body).toEqual(
      failure(Code.BAD_PARAMS, '定时下架时间必须晚于定时发布时间'),
    )
    expect((await post('courseSchedule', { id: published.id, publishAt: inHours(1), unpublishAt: null })).body).toEqual(
      failure(Code.BAD_PARAMS, '该课程已发布，无需定时发布'),
    )
    expect((await post('courseSchedule', { id: draft.id, publishAt: null, unpublishAt: inHours(1) })).body).toEqual(
      failure(Code.BAD_PARAMS, '该课程尚未发布，定时下架需同时设置定时发布时间'),
    )
    expect((await post('courseSchedule', { id: 99_999_999, publishAt: inHours(1), unpublishAt: null })).body).toEqual(
      failure(Code.NOT_FOUND, '课程不存在'),
    )
    expect((await post('courseSchedule', { id: draft.id, publishAt: '2099-12-01 09:00', unpublishAt: null })).body).toEqual(
      failure(Code.BAD_PARAMS, '定时发布时间应为 ISO 日期时间（如 2026-12-01T09:00:00+08:00）或 null'),
    )

    expect({ audits: await prisma.auditLog.count(), states: await prisma.contentState.count() }).toEqual(before)
  })
})

describe('the scheduler', () => {
  test('two instances ticking on one due publish publish it once, with one audit entry, and the public page shows it', async () => {
    const course = await createCourse({ title: '到点发布' })
    await post('courseSchedule', { id: course.id, publishAt: inHours(1), unpublishAt: null })
    expect((await request(app).post('/api/Course/courseDetails').send({ id: course.id })).body.code).toBe(Code.NOT_FOUND)

    const later = realNow() + 2 * 3_600_000
    clock.now = () => later
    await Promise.all([runDueSchedules(), runDueSchedules()])
    await runDueSchedules()

    const audits = await auditsOf(course.id, 'Admin/coursePublish')
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ staffId: null, staffName: '定时任务', summary: '定时发布课程「到点发布」' })
    expect((await post('courseGet', { id: course.id })).body.data).toMatchObject({ isPublished: true, state: 'published', publishAt: null })
    expect((await stateRow(course.id))!.firstPublishedAt).toEqual(new Date(later))
    expect((await request(app).post('/api/Course/courseDetails').send({ id: course.id })).body).toMatchObject({
      code: Code.OK,
      data: { id: course.id },
    })
  })

  test('a due time is claimed by exactly one of two racing claims', async () => {
    const course = await createCourse()
    await post('courseSchedule', { id: course.id, publishAt: inHours(1), unpublishAt: null })
    const due = (await stateRow(course.id))!.publishAt!

    const claims = await Promise.all([
      claimDue('course', course.id as number, 'publishAt', due),
      claimDue('course', course.id as number, 'publishAt', due),
    ])

    expect(claims.sort()).toEqual([false, true])
  })

  test('takes a record down when its take-down time comes', async () => {
    const course = await createCourse({ title: '到点下架' })
    await publish(course.id)
    await post('courseSchedule', { id: course.id, publishAt: null, unpublishAt: inHours(1) })

    clock.now = () => realNow() + 2 * 3_600_000
    await runDueSchedules()

    expect((await post('courseGet', { id: course.id })).body.data).toMatchObject({
      isPublished: false,
      state: 'offline',
      unpublishAt: null,
    })
    expect((await auditsOf(course.id, 'Admin/coursePublish')).at(-1)).toMatchObject({
      staffName: '定时任务',
      summary: '定时下架课程「到点下架」',
    })
  })

  test('a new instance publishes what became due while none was running', async () => {
    const course = await createCourse()
    await post('courseSchedule', { id: course.id, publishAt: inHours(1), unpublishAt: null })
    const stopFirst = startScheduler({ intervalMs: 20 })
    await new Promise((resolve) => setTimeout(resolve, 60))
    await stopFirst()
    expect((await post('courseGet', { id: course.id })).body.data.state).toBe('scheduled')

    // Down while the time passes, then a new process starts.
    clock.now = () => realNow() + 2 * 3_600_000
    const stopSecond = startScheduler({ intervalMs: 20 })
    try {
      await vi.waitFor(async () => expect((await post('courseGet', { id: course.id })).body.data.state).toBe('published'), {
        timeout: 10_000,
        interval: 50,
      })
    } finally {
      await stopSecond()
    }
    expect(await auditsOf(course.id, 'Admin/coursePublish')).toHaveLength(1)
  })

  test('drops a publish whose record was deleted meanwhile', async () => {
    const course = await createCourse()
    await post('courseSchedule', { id: course.id, publishAt: inHours(1), unpublishAt: null })
    // Deleted outside the console (the console's Delete removes the state with the row).
    await prisma.course.delete({ where: { id: course.id as number } })

    clock.now = () => realNow() + 2 * 3_600_000
    await expect(runDueSchedules()).resolves.toBeTypeOf('number')

    expect((await stateRow(course.id))?.publishAt).toBeNull()
    expect(await auditsOf(course.id, 'Admin/coursePublish')).toHaveLength(0)
  })

  test("the console's Delete removes the record's state", async () => {
    const course = await createCourse()
    await post('courseSchedule', { id: course.id, publishAt: inHours(1), unpublishAt: null })
    expect((await post('courseDelete', { id: course.id })).body.code).toBe(Code.OK)
    expect(await stateRow(course.id)).toBeNull()
  })
})

describe('POST /api/Admin/courseRevisions, courseRevision and courseRestore', () => {
  async function threeVersions() {
    const v1 = await createCourse({ title: '第一版', intro: '原简介' })
    const v2 = (await post('courseSave', { ...v1, title: '第二版' })).body.data as Row
    const v3 = (await post('courseSave', { ...v2, intro: '新简介', tags: ['高质量发展'] })).body.data as Row
    return { v1, v2, v3 }
  }

  test('lists versions newest first, naming the fields each changed', async () => {
    const { v1 } = await threeVersions()

    const res = await post('courseRevisions', { id: v1.id, page: 1, limit: 2 })
    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        list: [
          {
            version: 3,
            staffName: publisher.member.nickname,
            createdAt: expect.any(String),
            summary: '修改课程「第二版」',
            fields: ['intro', 'tags'],
          },
          {
            version: 2,
            staffName: publisher.member.nickname,
            createdAt: expect.any(String),
            summary: '修改课程「第二版」',
            fields: ['title'],
          },
        ],
        total: 3,
        page: 1,
        limit: 2,
      },
    })
    const oldest = await post('courseRevisions', { id: v1.id, page: 2, limit: 2 })
    expect(oldest.body.data.list).toEqual([expect.objectContaining({ version: 1, summary: '新建课程「第一版」', fields: [] })])
  })

  test('answers one version beside the current record', async () => {
    const { v1, v3 } = await threeVersions()
    const res = await post('courseRevision', { id: v1.id, version: 1 })
    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        version: 1,
        staffName: publisher.member.nickname,
        record: { id: v1.id, title: '第一版', intro: '原简介', tags: [] },
        current: { id: v1.id, title: '第二版', intro: '新简介', tags: ['高质量发展'], state: 'draft' },
      },
    })
    expect(res.body.data.current).toEqual(v3)
  })

  test('restores a version as a new one, audited, keeping the publish state', async () => {
    const { v1 } = await threeVersions()
    await publish(v1.id)

    const res = await post('courseRestore', { id: v1.id, version: 1 })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { id: v1.id, title: '第一版', intro: '原简介', tags: [], isPublished: true, state: 'published' },
    })
    const [audit] = await auditsOf(v1.id, 'Admin/courseRestore')
    expect(audit).toMatchObject({ staffId: publisher.member.id, summary: '恢复课程「第一版」到第 1 版' })
    const revisions = await post('courseRevisions', { id: v1.id })
    expect(revisions.body.data.total).toBe(4)
    expect(revisions.body.data.list[0]).toMatchObject({
      version: 4,
      summary: '恢复课程「第一版」到第 1 版',
      fields: ['title', 'intro', 'tags'],
    })
  })

  test('refuses a version the record does not have (another record’s), and an unknown id', async () => {
    const { v1 } = await threeVersions()
    const single = await createCourse()
    const before = await prisma.auditLog.count()

    expect((await post('courseRevision', { id: single.id, version: 3 })).body).toEqual(failure(Code.NOT_FOUND, '该课程没有第 3 版'))
    expect((await post('courseRestore', { id: single.id, version: 3 })).body).toEqual(failure(Code.NOT_FOUND, '该课程没有第 3 版'))
    expect((await post('courseRestore', { id: v1.id, version: 0 })).body).toEqual(failure(Code.BAD_PARAMS, '版本号应为正整数'))
    for (const action of ['courseRevisions', 'courseRevision', 'courseRestore']) {
      expect((await post(action, { id: 99_999_999, version: 1 })).body).toEqual(failure(Code.NOT_FOUND, '课程不存在'))
    }
    expect(await prisma.auditLog.count()).toBe(before)
  })
})

describe('who may call the lifecycle actions', () => {
  test.each(['courseSchedule', 'courseRevisions', 'courseRevision', 'courseRestore'])(
    '%s refuses the anonymous and members',
    async (action) => {
      const body = { id: 1, version: 1, publishAt: null, unpublishAt: null }
      const anonymous = await post(action, body, null)
      expect([anonymous.status, anonymous.body]).toEqual([401, failure(Code.NEED_LOGIN, '请先登录')])
      const plain = await post(action, body, member.auth)
      const refusal = action === 'courseSchedule' ? '仅管理员和发布员可以定时发布或下架内容' : '仅管理员、编辑和发布员可以管理内容'
      expect([plain.status, plain.body]).toEqual([403, failure(Code.FORBIDDEN, refusal)])
    },
  )
})
