import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { courseCard, courseCardSelect, excerpt, teacherCard, teacherCardSelect } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { cutText, stripMarkup } from '../../lib/sanitize'
import { readCounted } from '../../data/views'
import { publishedUnless, seoSelect, type DetailOptions } from '../../lib/preview-grant'
import { withDraftFields } from '../lifecycle/content-state.service'
import { streamOfUrl } from '../video/video-assets.service'
import { withCommentCounts } from '../comment/comment.service'
import type { CourseListInput, HotCourseInput, NoticeListInput, QuestionListInput, RelevantCourseInput } from './course.schemas'

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
    await withCommentCounts(
      'course',
      rows.map((c) => ({ ...courseCard(c), intro: excerpt(c.intro) })),
    ),
    total,
    page,
  )
}

/** A course page as every visitor sees it; the view count and the viewer's mark are added per request. */
export async function getCourseDetails(id: number, options: DetailOptions = {}) {
  const course = await readCounted('Course', id, () =>
    withDraftFields(
      prisma.course.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: {
          ...seoSelect,
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
      'course',
      id,
      options,
    ),
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
    stream: await streamOfUrl(course.videoUrl),
    categoryId: course.categoryId,
    categoryName: course.category.name,
    tags: course.tags.map((t) => t.tag),
    createdAt: course.createdAt,
    views: course.views,
    seoTitle: course.seoTitle,
    seoDescription: course.seoDescription,
    seoKeywords: course.seoKeywords,
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
  return withCommentCounts('course', [...sameTeacher, ...others].map(courseCard))
}

export async function listHotCourses({ limit }: HotCourseInput) {
  const rows = await prisma.course.findMany({
    where: { isPublished: true, isHot: true },
    select: courseCardSelect,
    orderBy: bySort,
    take: limit,
  })
  return withCommentCounts('course', rows.map(courseCard))
}

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

export async function getNoticeDetails(id: number, options: DetailOptions = {}) {
  const found = await readCounted('CourseNotice', id, () =>
    withDraftFields(
      prisma.courseNotice.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: {
          ...seoSelect,
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
      'notice',
      id,
      options,
    ),
  )
  if (!found) throw new ApiError(Code.NOT_FOUND, '课程预告不存在或已下架')
  const { cover, teacher, ...notice } = found
  return { ...notice, cover_img: cover, teacher: teacher ? teacherCard(teacher) : null }
}

export async function listQuestions(page: QuestionListInput) {
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

export async function getQuestionDetails(id: number, options: DetailOptions = {}) {
  const question = await readCounted('Question', id, () =>
    withDraftFields(
      prisma.question.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: { id: true, title: true, content: true, views: true, createdAt: true },
      }),
      'question',
      id,
      options,
    ),
  )
  if (!question) throw new ApiError(Code.NOT_FOUND, '问题不存在或已下架')
  return question
}
