import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../http/envelope'
import { cached, memberTag } from '../../lib/cache'
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

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === 'P2002'

/**
 * Upsert, and a lost race on the unique index counts as success: a double click or a hundred
 * parallel calls leave exactly one row and no error.
 */
async function idempotent(write: () => Promise<unknown>) {
  try {
    await write()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
}

export async function followTeacher(memberId: number, teacherId: number) {
  const teacher = await prisma.teacher.findFirst({ where: { id: teacherId, isPublished: true }, select: { id: true } })
  if (!teacher) throw new ApiError(Code.NOT_FOUND, '名师不存在或已下架')
  await idempotent(() =>
    prisma.teacherFollow.upsert({ where: { memberId_teacherId: { memberId, teacherId } }, create: { memberId, teacherId }, update: {} }),
  )
  return { isFollowed: true }
}

// Cancelling works for unpublished items too; only an id that never existed is an error.
export async function unfollowTeacher(memberId: number, teacherId: number) {
  if (!(await prisma.teacher.count({ where: { id: teacherId } }))) throw new ApiError(Code.NOT_FOUND, '名师不存在')
  await prisma.teacherFollow.deleteMany({ where: { memberId, teacherId } })
  return { isFollowed: false }
}

export async function collectCourse(memberId: number, courseId: number) {
  const course = await prisma.course.findFirst({ where: { id: courseId, isPublished: true }, select: { id: true } })
  if (!course) throw new ApiError(Code.NOT_FOUND, '课程不存在或已下架')
  await idempotent(() =>
    prisma.courseCollect.upsert({ where: { memberId_courseId: { memberId, courseId } }, create: { memberId, courseId }, update: {} }),
  )
  return { isCollected: true }
}

export async function uncollectCourse(memberId: number, courseId: number) {
  if (!(await prisma.course.count({ where: { id: courseId } }))) throw new ApiError(Code.NOT_FOUND, '课程不存在')
  await prisma.courseCollect.deleteMany({ where: { memberId, courseId } })
  return { isCollected: false }
}

export async function collectSpecial(memberId: number, specialId: number) {
  const special = await prisma.special.findFirst({ where: { id: specialId, isPublished: true }, select: { id: true } })
  if (!special) throw new ApiError(Code.NOT_FOUND, '专题不存在或已下架')
  await idempotent(() =>
    prisma.specialCollect.upsert({ where: { memberId_specialId: { memberId, specialId } }, create: { memberId, specialId }, update: {} }),
  )
  return { isCollected: true }
}

export async function uncollectSpecial(memberId: number, specialId: number) {
  if (!(await prisma.special.count({ where: { id: specialId } }))) throw new ApiError(Code.NOT_FOUND, '专题不存在')
  await prisma.specialCollect.deleteMany({ where: { memberId, specialId } })
  return { isCollected: false }
}

// The lists show only what a visitor could still open; newest first.

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
