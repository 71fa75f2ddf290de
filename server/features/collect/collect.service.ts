import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { addMemberLink, removeMemberLink, type MemberLink, type ViewTable } from '../../data/sql'
import type { ActionContext } from '../../lib/action'
import { cached, memberTag } from '../../data/cache'
import { clock } from '../../lib/clock'
import { viewsOnAnswer } from '../../data/views'
import { noteRecentView, type RecentViewEntity } from '../../data/recent-views'
import { skipTake, toPage, type PageInput } from '../../lib/pagination'

/** What a member follows and collects, for the 已关注/已收藏 marks on detail pages; kept until the member changes it. */
export function memberRelations(memberId: number) {
  return cached(
    `relations:${memberId}`,
    async () => {
      const [teachers, courses, specials] = await Promise.all([
        prisma.teacherFollow.findMany({ where: { memberId }, select: { teacherId: true } }),
        prisma.courseCollect.findMany({ where: { memberId }, select: { courseId: true } }),
        prisma.specialCollect.findMany({ where: { memberId }, select: { specialId: true } }),
      ])
      return {
        teachers: new Set(teachers.map((row) => row.teacherId)),
        courses: new Set(courses.map((row) => row.courseId)),
        specials: new Set(specials.map((row) => row.specialId)),
      }
    },
    { tags: [memberTag(memberId)], sizeOf: (sets) => 64 * (sets.teachers.size + sets.courses.size + sets.specials.size) },
  )
}

const NOT_FOUND: Record<MemberLink, { published: string; any: string }> = {
  teacher: { published: '名师不存在或已下架', any: '名师不存在' },
  course: { published: '课程不存在或已下架', any: '课程不存在' },
  special: { published: '专题不存在或已下架', any: '专题不存在' },
}

/** Follow or collect: idempotent, so a double click or a hundred parallel calls leave one row and no error. */
async function link(kind: MemberLink, memberId: number, targetId: number) {
  if (!(await addMemberLink(kind, memberId, targetId, new Date(clock.now())))) throw new ApiError(Code.NOT_FOUND, NOT_FOUND[kind].published)
}

async function unlink(kind: MemberLink, memberId: number, targetId: number) {
  if (!(await removeMemberLink(kind, memberId, targetId))) throw new ApiError(Code.NOT_FOUND, NOT_FOUND[kind].any)
}

export async function followTeacher(memberId: number, teacherId: number) {
  await link('teacher', memberId, teacherId)
  return { isFollowed: true }
}

export async function unfollowTeacher(memberId: number, teacherId: number) {
  await unlink('teacher', memberId, teacherId)
  return { isFollowed: false }
}

export async function collectCourse(memberId: number, courseId: number) {
  await link('course', memberId, courseId)
  return { isCollected: true }
}

export async function uncollectCourse(memberId: number, courseId: number) {
  await unlink('course', memberId, courseId)
  return { isCollected: false }
}

export async function collectSpecial(memberId: number, specialId: number) {
  await link('special', memberId, specialId)
  return { isCollected: true }
}

export async function uncollectSpecial(memberId: number, specialId: number) {
  await unlink('special', memberId, specialId)
  return { isCollected: false }
}

export async function listFollowedTeachers(memberId: number, page: PageInput) {
  const where: Prisma.TeacherFollowWhereInput = { memberId, teacher: { isPublished: true } }
  const [total, rows] = await Promise.all([
    prisma.teacherFollow.count({ where }),
    prisma.teacherFollow.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...skipTake(page),
      select: { createdAt: true, teacher: { select: { id: true, name: true, photo: true, title: true } } },
    }),
  ])
  const list = rows.map(({ teacher, createdAt }) => ({
    id: teacher.id,
    name: teacher.name,
    img: teacher.photo,
    title: teacher.title,
    followedAt: createdAt.toISOString(),
  }))
  return toPage(list, total, page)
}

export async function listCollectedCourses(memberId: number, page: PageInput) {
  const where: Prisma.CourseCollectWhereInput = { memberId, course: { isPublished: true } }
  const [total, rows] = await Promise.all([
    prisma.courseCollect.count({ where }),
    prisma.courseCollect.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...skipTake(page),
      select: {
        createdAt: true,
        course: { select: { id: true, title: true, cover: true, teacher: { select: { id: true, name: true } } } },
      },
    }),
  ])
  const list = rows.map(({ course, createdAt }) => ({
    id: course.id,
    title: course.title,
    cover_img: course.cover,
    teacherId: course.teacher?.id ?? null,
    teacherName: course.teacher?.name ?? '',
    collectedAt: createdAt.toISOString(),
  }))
  return toPage(list, total, page)
}

export async function listCollectedSpecials(memberId: number, page: PageInput) {
  const where: Prisma.SpecialCollectWhereInput = { memberId, special: { isPublished: true } }
  const [total, rows] = await Promise.all([
    prisma.specialCollect.count({ where }),
    prisma.specialCollect.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...skipTake(page),
      select: { createdAt: true, special: { select: { id: true, title: true, cover: true, specialUrl: true } } },
    }),
  ])
  const list = rows.map(({ special, createdAt }) => ({
    id: special.id,
    title: special.title,
    cover_img: special.cover,
    special_url: special.specialUrl,
    collectedAt: createdAt.toISOString(),
  }))
  return toPage(list, total, page)
}

type Relation = 'teachers' | 'courses' | 'specials'

/** The footprint (足迹) word of each detail page markedPage serves. */
const FOOTPRINT_ENTITY: Partial<Record<ViewTable, RecentViewEntity>> = {
  Teacher: 'teacher',
  Course: 'course',
  Special: 'special',
}

/**
 * The cache policy of a page members can follow or collect: kept for every visitor, with its view
 * count and the viewer's mark (`isFollowed` / `isCollected`) added on each request.
 */
export function markedPage<M extends 'isFollowed' | 'isCollected'>(
  table: ViewTable,
  mark: M,
  relation: Relation,
  tags?: (input: { id: number }) => string[],
) {
  return {
    scope: 'shared',
    tags,
    live: {
      fields: ['views', mark],
      compute: async (_data: unknown, input: { id: number }, { member, preview }: ActionContext) => {
        const views = viewsOnAnswer(table, input.id, preview !== undefined)
        // 足迹: noted in memory and written with the next batch, so the answer never waits on it.
        const footprint = FOOTPRINT_ENTITY[table]
        if (member && !preview && footprint) noteRecentView(member.id, footprint, input.id)
        const isMarked = member ? (await memberRelations(member.id))[relation].has(input.id) : false
        // A computed key widens to string; the reply check (server/lib/action.ts) needs the mark's name.
        return { views, [mark]: isMarked } as { views: number } & Record<M, boolean>
      },
    },
  } as const
}
