import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../http/envelope'
import { courseCard, courseCardSelect, excerpt, teacherCard, teacherCardSelect } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { cutText, stripMarkup } from '../../lib/sanitize'
import { readCounted } from '../../lib/views'
import type {
  CooperationListInput,
  CourseListInput,
  HotCourseInput,
  NoticeListInput,
  ProblemListInput,
  RelevantCourseInput,
} from './course.schemas'

// Highest sort first, newest first among equals: the (…, sort) indexes read backwards.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]
const courseNotFound = () => new ApiError(Code.NOT_FOUND, '课程不存在或已下架')

/** One page of published courses, optionally of one category or teacher. */
export async function listCourses({ cid, teacherId, ...page }: CourseListInput) {
  if (cid !== undefined && !(await prisma.courseCategory.count({ where: { id: cid } })))
    throw new ApiError(Code.NOT_FOUND, '课程分类不存在')
  const where: Prisma.CourseWhereInput = { isPublished: true, categoryId: cid, teacherId }
  const [total, rows] = await Promise.all([
    prisma.course.count({ where }),
    prisma.course.findMany({ where, select: courseCardSelect, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(
    rows.map((c) => ({ ...courseCard(c), intro: excerpt(c.intro) })),
    total,
    page,
  )
}

/** A course page as every visitor sees it; the view count and the viewer's mark are added per request. */
export async function getCourseDetails(id: number) {
  const course = await readCounted('Course', id, () =>
    prisma.course.findFirst({
      where: { id, isPublished: true },
      select: {
        id: true,
        title: true,
        cover: true,
        intro: true,
        content: true,
        videoUrl: true,
        views: true,
        createdAt: true,
        categoryId: true,
        category: { select: { name: true } },
        teacher: { select: teacherCardSelect },
        tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tagId: 'asc' } },
      },
    }),
  )
  if (!course) throw courseNotFound()
  return {
    id: course.id,
    title: course.title,
    cover_img: course.cover,
    intro: course.intro,
    teacher: course.teacher && teacherCard(course.teacher),
    content: course.content,
    videoUrl: course.videoUrl,
    categoryId: course.categoryId,
    categoryName: course.category.name,
    tags: course.tags.map((t) => t.tag),
    createdAt: course.createdAt,
    views: course.views,
  }
}

/** Courses of the same category (the same teacher's first), excluding the course itself. */
export async function listRelevantCourses({ id, limit }: RelevantCourseInput) {
  const course = await prisma.course.findFirst({ where: { id, isPublished: true }, select: { categoryId: true, teacherId: true } })
  if (!course) throw courseNotFound()
  const sameTeacher = course.teacherId
    ? await prisma.course.findMany({
        where: { isPublished: true, teacherId: course.teacherId, categoryId: course.categoryId, id: { not: id } },
        select: courseCardSelect,
        orderBy: bySort,
        take: limit,
      })
    : []
  const others =
    sameTeacher.length < limit
      ? await prisma.course.findMany({
          where: { isPublished: true, categoryId: course.categoryId, id: { notIn: [id, ...sameTeacher.map((c) => c.id)] } },
          select: courseCardSelect,
          orderBy: bySort,
          take: limit - sameTeacher.length,
        })
      : []
  return [...sameTeacher, ...others].map(courseCard)
}

export async function listHotCourses({ limit }: HotCourseInput) {
  const rows = await prisma.course.findMany({
    where: { isPublished: true, isHot: true },
    select: courseCardSelect,
    orderBy: bySort,
    take: limit,
  })
  return rows.map(courseCard)
}

// ---------- business cooperation ----------

const typeSelect = { id: true, name: true, intro: true, cover: true } as const
type TypeRow = Prisma.CooperationTypeGetPayload<{ select: typeof typeSelect }>
const typeCard = (t: TypeRow) => ({ id: t.id, name: t.name, intro: t.intro, cover_img: t.cover })

async function findType(id: number) {
  const type = await prisma.cooperationType.findUnique({ where: { id }, select: { ...typeSelect, content: true } })
  if (!type) throw new ApiError(Code.NOT_FOUND, '合作类型不存在')
  return type
}

export async function listCooperationTypes() {
  const types = await prisma.cooperationType.findMany({ select: typeSelect, orderBy: [{ sort: 'desc' }, { id: 'asc' }] })
  return types.map(typeCard)
}

export async function listCooperations({ type: typeId, ...page }: CooperationListInput) {
  const type = await findType(typeId)
  const where: Prisma.CooperationWhereInput = { typeId, isPublished: true }
  const [total, rows] = await prisma.$transaction([
    prisma.cooperation.count({ where }),
    prisma.cooperation.findMany({
      where,
      select: { id: true, title: true, cover: true, intro: true, views: true },
      orderBy: bySort,
      ...skipTake(page),
    }),
  ])
  const list = rows.map((r) => ({ id: r.id, title: r.title, cover_img: r.cover, intro: excerpt(r.intro), views: r.views }))
  return { type: typeCard(type), ...toPage(list, total, page) }
}

/** The page of one cooperation type (the /cooperation/detail/{id,name} route). */
export async function getCooperationType(id: number) {
  const type = await findType(id)
  return { ...typeCard(type), content: type.content }
}

/** One cooperation entry within a type. */
export async function getCooperationDetails(id: number) {
  const entry = await readCounted('Cooperation', id, () =>
    prisma.cooperation.findFirst({
      where: { id, isPublished: true },
      select: {
        id: true,
        title: true,
        cover: true,
        intro: true,
        content: true,
        views: true,
        createdAt: true,
        type: { select: { id: true, name: true } },
      },
    }),
  )
  if (!entry) throw new ApiError(Code.NOT_FOUND, '合作项目不存在或已下架')
  return {
    id: entry.id,
    title: entry.title,
    cover_img: entry.cover,
    intro: entry.intro,
    content: entry.content,
    views: entry.views,
    createdAt: entry.createdAt,
    type: entry.type,
  }
}

export async function listPartners() {
  return prisma.partner.findMany({ select: { id: true, name: true, logo: true, link: true }, orderBy: bySort })
}

// ---------- about pages ----------

export type AboutKey = 'intro' | 'terms' | 'privacy' | 'statement' | 'contact' | 'service'

export async function getAboutPage(key: AboutKey) {
  const page = await prisma.aboutPage.findUnique({
    where: { key },
    select: { key: true, title: true, content: true, version: true, updatedAt: true },
  })
  if (!page) throw new ApiError(Code.NOT_FOUND, '页面内容暂未设置')
  return page
}

// ---------- course notices (课程预告) and common problems (常见问题) ----------

const NOTICE_INTRO_CUT = 50

export async function listNotices(page: NoticeListInput) {
  const where = { isPublished: true }
  const [total, rows] = await prisma.$transaction([
    prisma.courseNotice.count({ where }),
    prisma.courseNotice.findMany({
      where,
      select: {
        id: true,
        name: true,
        cover: true,
        introduction: true,
        startAt: true,
        location: true,
        views: true,
        teacher: { select: { id: true, name: true } },
      },
      orderBy: bySort,
      ...skipTake(page),
    }),
  ])
  const list = rows.map(({ cover, introduction, ...n }) => ({
    ...n,
    cover_img: cover,
    introduction: cutText(stripMarkup(introduction), NOTICE_INTRO_CUT),
  }))
  return toPage(list, total, page)
}

export async function getNoticeDetails(id: number) {
  const found = await readCounted('CourseNotice', id, () =>
    prisma.courseNotice.findFirst({
      where: { id, isPublished: true },
      select: {
        id: true,
        name: true,
        cover: true,
        introduction: true,
        startAt: true,
        location: true,
        views: true,
        createdAt: true,
        teacher: { select: teacherCardSelect },
      },
    }),
  )
  if (!found) throw new ApiError(Code.NOT_FOUND, '课程预告不存在或已下架')
  const { cover, teacher, ...notice } = found
  return { ...notice, cover_img: cover, teacher: teacher ? teacherCard(teacher) : null }
}

export async function listProblems(page: ProblemListInput) {
  const where = { isPublished: true }
  const [total, list] = await prisma.$transaction([
    prisma.question.count({ where }),
    prisma.question.findMany({
      where,
      select: { id: true, title: true, views: true, createdAt: true },
      orderBy: bySort,
      ...skipTake(page),
    }),
  ])
  return toPage(list, total, page)
}

export async function getProblemDetails(id: number) {
  const question = await readCounted('Question', id, () =>
    prisma.question.findFirst({
      where: { id, isPublished: true },
      select: { id: true, title: true, content: true, views: true, createdAt: true },
    }),
  )
  if (!question) throw new ApiError(Code.NOT_FOUND, '问题不存在或已下架')
  return question
}
