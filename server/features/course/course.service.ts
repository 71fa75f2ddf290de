import { prisma, type Prisma } from '../../db'
import type { AuthedMember } from '../../http/auth'
import { ApiError, Code } from '../../http/envelope'
import { courseCard, courseCardSelect, excerpt, teacherCard, teacherCardSelect } from '../../lib/cards'
import { cachedValue } from '../../lib/content-cache'
import { prepareSheet, SheetAnswer } from '../../lib/fast-json'
import { skipTake, toPage } from '../../lib/pagination'
import { listPage, rowExists } from '../../lib/sql-list'
import { isoDate, prepared } from '../../lib/sqlite'
import { cleanRichText } from '../../lib/rich-text-cache'
import { cutText, stripMarkup } from '../../lib/sanitize'
import { countView } from '../../lib/views'
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

type CourseListRow = {
  id: number
  title: string
  cover: string
  intro: string
  views: number
  teacherId: number | null
  teacherName: string | null
}

const courseItem = (c: CourseListRow) => ({
  id: c.id,
  title: c.title,
  cover_img: c.cover,
  intro: excerpt(c.intro),
  views: c.views,
  teacher: c.teacherId === null ? null : { id: c.teacherId, name: c.teacherName ?? '' },
})

// Busy paths (this list and courseDetails) use prepared statements on the (…, isPublished, sort)
// indexes read backwards; see server/lib/sqlite.ts for why not Prisma.
export function listCourses({ cid, teacherId, ...page }: CourseListInput) {
  if (cid !== undefined && !rowExists('CourseCategory', cid)) throw new ApiError(Code.NOT_FOUND, '课程分类不存在')
  const where = ['c."isPublished" = 1']
  const params: unknown[] = []
  if (cid !== undefined) {
    where.push('c."categoryId" = ?')
    params.push(cid)
  }
  if (teacherId !== undefined) {
    where.push('c."teacherId" = ?')
    params.push(teacherId)
  }
  return listPage(
    {
      from: '"Course" c LEFT JOIN "Teacher" t ON t."id" = c."teacherId"',
      countFrom: '"Course" c',
      columns: 'c."id", c."title", c."cover", c."intro", c."views", t."id" AS "teacherId", t."name" AS "teacherName"',
      where,
      params,
      orderBy: 'c."sort" DESC, c."id" DESC',
    },
    page,
    courseItem,
  )
}

type CourseDetailRow = {
  id: number
  title: string
  cover: string
  intro: string
  content: string
  videoUrl: string
  createdAt: string
  teacherId: number | null
  categoryId: number
}
type CourseContextRow = { categoryName: string; tId: number | null; tName: string | null; tPhoto: string | null; tTitle: string | null }

/** What a course page shows to every visitor: read and sanitized once per content change. */
function courseSheet(id: number) {
  const course = prepared<[number], CourseDetailRow>(
    'SELECT "id", "title", "cover", "intro", "content", "videoUrl", "createdAt", "teacherId", "categoryId" FROM "Course" WHERE "id" = ?',
  ).get(id)
  if (!course) return null
  const context = prepared<[number | null, number], CourseContextRow>(
    `SELECT k."name" AS "categoryName", t."id" AS "tId", t."name" AS "tName", t."photo" AS "tPhoto", t."title" AS "tTitle"
     FROM "CourseCategory" k LEFT JOIN "Teacher" t ON t."id" = ? WHERE k."id" = ?`,
  ).get(course.teacherId, course.categoryId)
  const tags = prepared<[number], { id: number; name: string }>(
    'SELECT g."id", g."name" FROM "CourseTag" x JOIN "Tag" g ON g."id" = x."tagId" WHERE x."courseId" = ? ORDER BY x."tagId"',
  ).all(id)
  return {
    id: course.id,
    title: course.title,
    cover_img: course.cover,
    intro: course.intro,
    teacher:
      context?.tId == null ? null : { id: context.tId, name: context.tName ?? '', img: context.tPhoto ?? '', title: context.tTitle ?? '' },
    content: cleanRichText(course.content),
    videoUrl: course.videoUrl,
    categoryId: course.categoryId,
    categoryName: context?.categoryName ?? '',
    tags,
    createdAt: isoDate(course.createdAt),
  }
}

export async function getCourseDetails(id: number, viewer: AuthedMember | null) {
  const views = countView('Course', id)
  if (views === null) throw courseNotFound()
  // The busiest detail page: its visitor-independent part is read, sanitized, serialized and
  // compressed once per content change; each visit only adds its view count and collected mark.
  const sheet = cachedValue(`Course/details/${id}`, () => {
    const found = courseSheet(id)
    return found && prepareSheet(found)
  })
  if (!sheet) throw courseNotFound()
  const isCollected = viewer
    ? prepared<[number, number], unknown>('SELECT 1 FROM "CourseCollect" WHERE "memberId" = ? AND "courseId" = ?').get(viewer.id, id) !==
      undefined
    : false
  return new SheetAnswer({ views, isCollected }, sheet)
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
  return { ...typeCard(type), content: cleanRichText(type.content) }
}

/** One cooperation entry within a type. */
export async function getCooperationDetails(id: number) {
  const views = countView('Cooperation', id)
  if (views === null) throw new ApiError(Code.NOT_FOUND, '合作项目不存在或已下架')
  const entry = await prisma.cooperation.findUniqueOrThrow({
    where: { id },
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
  })
  return {
    id: entry.id,
    title: entry.title,
    cover_img: entry.cover,
    intro: entry.intro,
    content: cleanRichText(entry.content),
    views,
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
  return { ...page, content: cleanRichText(page.content) }
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
  const views = countView('CourseNotice', id)
  if (views === null) throw new ApiError(Code.NOT_FOUND, '课程预告不存在或已下架')
  const { cover, introduction, teacher, ...notice } = await prisma.courseNotice.findUniqueOrThrow({
    where: { id },
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
  })
  return { ...notice, views, cover_img: cover, introduction: cleanRichText(introduction), teacher: teacher ? teacherCard(teacher) : null }
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
  const views = countView('Question', id)
  if (views === null) throw new ApiError(Code.NOT_FOUND, '问题不存在或已下架')
  const question = await prisma.question.findUniqueOrThrow({
    where: { id },
    select: { id: true, title: true, content: true, views: true, createdAt: true },
  })
  return { ...question, views, content: cleanRichText(question.content) }
}
