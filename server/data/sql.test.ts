// The raw statements of sql/ against the real schema: every table and column they name exists
// with the type they assume, checked both by the compiler (Prisma's model types) and by running them.
import { prisma, type Prisma } from '../db'
import { createCourse, createSpecial, createTeacher } from '../test/factories'
import { createSignedInMember } from '../test/member-factories'
import {
  addMemberLink,
  addViews,
  countOwnUploads,
  insertContribution,
  updateProfile,
  type ProfileRow,
  changeCounter,
  countRateLimit,
  MEMBER_LINKS,
  type RateLimitWindow,
  removeMemberLink,
  searchIndexIds,
  VIEW_TABLES,
  type MemberLink,
  type ViewTable,
} from './sql'

// Compile-time: every view table is a Prisma model whose rows have a numeric `views` column.
type ModelRow<M extends ViewTable> = Prisma.TypeMap['model'][M]['payload']['scalars']
type HasViews = { [M in ViewTable]: ModelRow<M> extends { id: number; views: number } ? true : never }
const everyTableCountsViews: HasViews = {
  Teacher: true,
  Course: true,
  Special: true,
  Activity: true,
  Viewpoint: true,
  CourseNotice: true,
  Question: true,
  Cooperation: true,
  TeacherVideo: true,
}

// Compile-time: each link table is a model with memberId, its target column and createdAt.
type LinkRow<L extends MemberLink> = Prisma.TypeMap['model'][(typeof MEMBER_LINKS)[L]['table']]['payload']['scalars']
type LinksFit = {
  [L in MemberLink]: LinkRow<L> extends { memberId: number; createdAt: Date } & Record<(typeof MEMBER_LINKS)[L]['column'], number>
    ? true
    : never
}
const everyLinkFits: LinksFit = { teacher: true, course: true, special: true }

// Compile-time: the profile row a raw UPDATE returns has exactly the Member columns' types.
type PrismaProfile = Pick<Prisma.TypeMap['model']['Member']['payload']['scalars'], keyof ProfileRow>
const profileFits: [ProfileRow] extends [PrismaProfile] ? ([PrismaProfile] extends [ProfileRow] ? true : never) : never = true

// Compile-time: the window the raw count returns is the RateLimit model's own columns.
type PrismaWindow = Pick<Prisma.TypeMap['model']['RateLimit']['payload']['scalars'], keyof RateLimitWindow>
const windowFits: [RateLimitWindow] extends [PrismaWindow] ? ([PrismaWindow] extends [RateLimitWindow] ? true : never) : never = true

describe('server/data/sql/', () => {
  test('countRateLimit adds to a live window, restarts an ended one, and slides only when asked', async () => {
    expect(windowFits).toBe(true)
    const key = `sql-test:${Date.now()}`
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))

    expect(await countRateLimit(key, 1, at(0), at(60), false)).toEqual({ points: 1, expiresAt: at(60) })
    expect(await countRateLimit(key, 2, at(10), at(70), false)).toEqual({ points: 3, expiresAt: at(60) })
    expect(await countRateLimit(key, 1, at(20), at(80), true)).toEqual({ points: 4, expiresAt: at(80) })
    // At its end the window is over: the count starts afresh.
    expect(await countRateLimit(key, 5, at(80), at(140), false)).toEqual({ points: 5, expiresAt: at(140) })
    expect(await prisma.rateLimit.findUniqueOrThrow({ where: { key } })).toEqual({ key, points: 5, expiresAt: at(140) })
  })

  test('updateProfile writes only the given columns and answers the profile as Prisma reads it', async () => {
    expect(profileFits).toBe(true)
    const { member } = await createSignedInMember({ nickname: '原昵称' })
    const row = await updateProfile(member.id, { organization: '某大学', gender: 2 }, new Date())
    const read = await prisma.member.findUniqueOrThrow({ where: { id: member.id } })
    expect(row).toEqual({
      memberNo: read.memberNo,
      phone: read.phone,
      nickname: '原昵称',
      avatar: read.avatar,
      gender: 2,
      organization: '某大学',
      position: read.position,
      provinceCode: read.provinceCode,
      cityCode: read.cityCode,
      districtCode: read.districtCode,
      createdAt: read.createdAt,
      role: read.role,
      passwordChangeDue: false,
    })
    expect(await updateProfile(99_999_999, { nickname: 'x' }, new Date())).toBeNull()
  })

  test("insertContribution stores the row and only the member's own attachments, read back by Prisma", async () => {
    const { member } = await createSignedInMember()
    const other = await createSignedInMember()
    const upload = (memberId: number, name: string) =>
      prisma.upload.create({
        data: { memberId, path: `t/${name}-${Date.now()}.png`, kind: 'image', mime: 'image/png', size: 1, sha256: 'x', originalName: name },
      })
    const mine = await upload(member.id, 'a')
    const theirs = await upload(other.member.id, 'b')
    expect(await countOwnUploads(member.id, [mine.id, theirs.id])).toBe(1)
    const at = new Date('2026-02-03T04:05:06.789Z')

    const created = await insertContribution({
      memberId: member.id,
      kind: 'viewpoint',
      title: '标题',
      content: '<p>正文</p>',
      createdAt: at,
      attachmentIds: [mine.id, theirs.id],
    })

    const read = await prisma.contribution.findUniqueOrThrow({ where: { id: created.id }, include: { attachments: true } })
    expect(created.status).toBe('pending')
    expect([read.title, read.createdAt, read.updatedAt]).toEqual(['标题', at, at])
    expect(read.attachments.map((a) => a.uploadId)).toEqual([mine.id])
  })

  test('links and unlinks a member for every kind, once, and only to published targets', async () => {
    expect(Object.keys(everyLinkFits)).toEqual(Object.keys(MEMBER_LINKS))
    const { member } = await createSignedInMember()
    const targets = { teacher: await createTeacher(), course: await createCourse(), special: await createSpecial() }
    const hidden = await createCourse({ isPublished: false })
    for (const kind of Object.keys(MEMBER_LINKS) as MemberLink[]) {
      expect(await addMemberLink(kind, member.id, targets[kind].id, new Date())).toBe(true)
      expect(await addMemberLink(kind, member.id, targets[kind].id, new Date())).toBe(true)
      expect(await removeMemberLink(kind, member.id, targets[kind].id)).toBe(true)
    }
    expect(await prisma.teacherFollow.count({ where: { memberId: member.id } })).toBe(0)
    expect(await addMemberLink('course', member.id, hidden.id, new Date())).toBe(false)
    expect(await removeMemberLink('course', member.id, hidden.id)).toBe(true)
    expect(await removeMemberLink('course', member.id, 99_999_999)).toBe(false)
    // The stored date reads back through Prisma as the Date it was.
    const at = new Date('2026-01-02T03:04:05.678Z')
    await addMemberLink('teacher', member.id, targets.teacher.id, at)
    expect((await prisma.teacherFollow.findFirstOrThrow({ where: { memberId: member.id } })).createdAt).toEqual(at)
  })

  test('stores and answers dates as Prisma does whatever the time zone of the process', async () => {
    const zone = process.env.TZ
    // A deployment in China runs with TZ=Asia/Shanghai; stored dates must stay UTC as Prisma's are.
    process.env.TZ = 'Asia/Shanghai'
    try {
      const key = `sql-test-zone:${Date.now()}`
      const [now, end] = [new Date('2026-03-04T05:06:07.890Z'), new Date('2026-03-04T05:07:07.890Z')]
      expect(await countRateLimit(key, 1, now, end, false)).toEqual({ points: 1, expiresAt: end })
      expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key } })).expiresAt).toEqual(end)

      const { member } = await createSignedInMember()
      const teacher = await createTeacher()
      await addMemberLink('teacher', member.id, teacher.id, now)
      expect((await prisma.teacherFollow.findFirstOrThrow({ where: { memberId: member.id } })).createdAt).toEqual(now)
      const profile = await updateProfile(member.id, { nickname: '时区' }, now)
      expect(profile?.createdAt).toEqual((await prisma.member.findUniqueOrThrow({ where: { id: member.id } })).createdAt)
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  test('names only Prisma models with an id and a views column', async () => {
    expect(Object.keys(everyTableCountsViews).sort()).toEqual([...VIEW_TABLES].sort())
    for (const table of VIEW_TABLES) {
      const delegate = (prisma as unknown as Record<string, { findFirst: (args: object) => Promise<unknown> }>)[
        table[0].toLowerCase() + table.slice(1)
      ]
      await delegate.findFirst({ select: { id: true, views: true } })
    }
  })

  test('addViews adds to each row in one transaction, on every view table', async () => {
    const course = await createCourse({ views: 5 })
    await addViews([{ table: 'Course', id: course.id, visits: 3 }])
    expect((await prisma.course.findUniqueOrThrow({ where: { id: course.id } })).views).toBe(8)
    // Every table's statement runs (no row 0 exists, so nothing changes).
    await addViews(VIEW_TABLES.map((table) => ({ table, id: 0, visits: 1 })))
  })

  test('searchIndexIds answers numeric rowids of the search index, whole runs only, by scope', async () => {
    const course = await createCourse({ title: '齾齉课程 程齾', intro: '龘靐齉' })
    const ids = await searchIndexIds(['齾齉'], 'title', 0, Number.MAX_SAFE_INTEGER, 10)
    expect(ids.length).toBe(1)
    expect(ids[0] % 2 ** 32).toBe(course.id)
    expect(await searchIndexIds(['齾'], 'title', 0, Number.MAX_SAFE_INTEGER, 10)).toEqual(ids)
    expect(await searchIndexIds(['齉课程'], 'title', 0, Number.MAX_SAFE_INTEGER, 10)).toEqual(ids)
    // Its bigrams both occur in the title (课程, 程齾) but not as one run: no match.
    expect(await searchIndexIds(['课程齾'], 'title', 0, Number.MAX_SAFE_INTEGER, 10)).toEqual([])
    expect(await searchIndexIds(['龘靐'], 'title', 0, Number.MAX_SAFE_INTEGER, 10)).toEqual([])
    expect(await searchIndexIds(['龘靐', '齾齉'], 'any', 0, Number.MAX_SAFE_INTEGER, 10)).toEqual(ids)
  })

  test('changeCounter is a number that this connection does not move', async () => {
    const before = await changeCounter()
    await createCourse()
    expect(await changeCounter()).toBe(before)
  })
})
