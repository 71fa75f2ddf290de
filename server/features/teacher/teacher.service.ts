import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { articleCard, articleCardSelect, courseCard, courseCardSelect, excerpt, teacherCard, teacherCardSelect } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { readCounted } from '../../data/views'
import { publishedUnless, seoSelect, type DetailOptions } from '../../lib/preview-grant'
import { withDraftFields } from '../lifecycle/content-state.service'
import { streamOfUrl } from '../video/video-assets.service'
import { withCommentCounts } from '../comment/comment.service'
import type { ArticleListInput, RecommendTeacherInput, TeacherAllInput, TeacherItemsInput, TeacherListInput } from './teacher.schemas'

// Highest sort first, newest first among equals: exactly the order of the (…, sort) indexes
// read backwards, so lists never need a sort step.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]
/** Cache tag of a teacher's page (its follower count): a follow refreshes that page only. */
export const teacherTag = (teacherId: number) => `teacher:${teacherId}`

const teacherNotFound = () => new ApiError(Code.NOT_FOUND, '名师不存在或已下架')

async function assertTeacher(id: number) {
  const teacher = await prisma.teacher.findFirst({ where: { id, isPublished: true }, select: { id: true } })
  if (!teacher) throw teacherNotFound()
}

/** One page of published teachers, optionally of one category. */
export async function listTeachers({ cid, ...page }: TeacherListInput) {
  if (cid !== undefined && !(await prisma.teacherCategory.count({ where: { id: cid } })))
    throw new ApiError(Code.NOT_FOUND, '名师分类不存在')
  const where: Prisma.TeacherWhereInput = { isPublished: true, categoryId: cid }
  const [total, rows] = await Promise.all([
    prisma.teacher.count({ where }),
    prisma.teacher.findMany({ where, select: { ...teacherCardSelect, intro: true }, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(
    rows.map((t) => ({ ...teacherCard(t), intro: excerpt(t.intro) })),
    total,
    page,
  )
}

/** Categories with their first teachers and a count, for the navigation menu. */
export async function listTeachersByCategory({ perCategory }: TeacherAllInput) {
  const categories = await prisma.teacherCategory.findMany({
    select: { id: true, name: true, _count: { select: { teachers: { where: { isPublished: true } } } } },
    orderBy: [{ sort: 'desc' }, { id: 'asc' }],
  })
  return Promise.all(
    categories.map(async ({ _count, ...category }) => ({
      ...category,
      total: _count.teachers,
      teachers: (
        await prisma.teacher.findMany({
          where: { categoryId: category.id, isPublished: true },
          select: teacherCardSelect,
          orderBy: bySort,
          take: perCategory,
        })
      ).map(teacherCard),
    })),
  )
}

/** A teacher's page as every visitor sees it; the view count and the viewer's mark are added per request. */
export async function getTeacherDetails(id: number, options: DetailOptions = {}) {
  const teacher = await readCounted('Teacher', id, () =>
    withDraftFields(
      prisma.teacher.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: {
          ...seoSelect,
          ...teacherCardSelect,
          intro: true,
          content: true,
          views: true,
          category: { select: { id: true, name: true } },
          tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tagId: 'asc' } },
        },
      }),
      'teacher',
      id,
      options,
    ),
  )
  if (!teacher) throw teacherNotFound()
  // Counted apart: Prisma's filtered `_count` scans every published course (~6 ms on 50,000), these use indexes.
  const [followers, courseCount] = await Promise.all([
    prisma.teacherFollow.count({ where: { teacherId: id } }),
    prisma.course.count({ where: { teacherId: id, isPublished: true } }),
  ])
  return {
    ...teacherCard(teacher),
    intro: teacher.intro,
    content: teacher.content,
    views: teacher.views,
    categoryId: teacher.category.id,
    categoryName: teacher.category.name,
    tags: teacher.tags.map((t) => t.tag),
    followers,
    courseCount,
    seoTitle: teacher.seoTitle,
    seoDescription: teacher.seoDescription,
    seoKeywords: teacher.seoKeywords,
  }
}

export async function listTeacherCourses({ teacherId, ...page }: TeacherItemsInput) {
  await assertTeacher(teacherId)
  const where: Prisma.CourseWhereInput = { teacherId, isPublished: true }
  const [total, rows] = await prisma.$transaction([
    prisma.course.count({ where }),
    prisma.course.findMany({ where, select: courseCardSelect, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(await withCommentCounts('course', rows.map(courseCard)), total, page)
}

const videoSelect = { id: true, title: true, cover: true, intro: true, views: true, createdAt: true } as const
type VideoRow = Prisma.TeacherVideoGetPayload<{ select: typeof videoSelect }>
const videoCard = (v: VideoRow) => ({
  id: v.id,
  title: v.title,
  cover_img: v.cover,
  intro: v.intro,
  views: v.views,
  createdAt: v.createdAt,
})

export async function listTeacherVideos({ teacherId, ...page }: TeacherItemsInput) {
  await assertTeacher(teacherId)
  // Member uploads stay hidden until approved.
  const where: Prisma.TeacherVideoWhereInput = { teacherId, status: 'approved' }
  const [total, rows] = await prisma.$transaction([
    prisma.teacherVideo.count({ where }),
    prisma.teacherVideo.findMany({ where, select: videoSelect, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(rows.map(videoCard), total, page)
}

export async function getTeacherVideoDetails(id: number) {
  const video = await readCounted('TeacherVideo', id, () =>
    prisma.teacherVideo.findFirst({
      where: { id, status: 'approved', teacher: { isPublished: true } },
      select: { ...videoSelect, videoUrl: true, teacher: { select: teacherCardSelect } },
    }),
  )
  if (!video) throw new ApiError(Code.NOT_FOUND, '视频不存在或未通过审核')
  return { ...videoCard(video), videoUrl: video.videoUrl, stream: await streamOfUrl(video.videoUrl), teacher: teacherCard(video.teacher) }
}

export async function listRecommendedTeachers({ limit }: RecommendTeacherInput) {
  const rows = await prisma.teacher.findMany({
    where: { isPublished: true, isRecommended: true },
    select: teacherCardSelect,
    orderBy: bySort,
    take: limit,
  })
  return rows.map(teacherCard)
}

// Activities (教学活动) and viewpoints (学术观点) have the same columns; the two Prisma delegates
// are passed in so the list/detail logic, including previous/next links, is written once.
type ArticleDelegate = Pick<typeof prisma.activity, 'count' | 'findMany' | 'findFirst' | 'findUnique'>
type ArticleKind = { table: 'Activity' | 'Viewpoint'; word: 'activity' | 'viewpoint'; delegate: () => ArticleDelegate; notFound: string }

const articleKinds = {
  activity: { table: 'Activity', word: 'activity', delegate: () => prisma.activity, notFound: '活动不存在或已下架' },
  viewpoint: {
    table: 'Viewpoint',
    word: 'viewpoint',
    delegate: () => prisma.viewpoint as unknown as ArticleDelegate,
    notFound: '文章不存在或已下架',
  },
} satisfies Record<string, ArticleKind>

async function listArticles(kind: ArticleKind, { teacherId, ...page }: ArticleListInput) {
  if (teacherId !== undefined) await assertTeacher(teacherId)
  const where = { isPublished: true, teacherId }
  const delegate = kind.delegate()
  const [total, rows] = await Promise.all([
    delegate.count({ where }),
    delegate.findMany({ where, select: articleCardSelect, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(
    await withCommentCounts(
      kind.word,
      rows.map((a) => ({ ...articleCard(a), intro: excerpt(a.intro) })),
    ),
    total,
    page,
  )
}

async function getArticleDetails(kind: ArticleKind, id: number, options: DetailOptions) {
  const delegate = kind.delegate()
  const article = await readCounted(kind.table, id, () =>
    withDraftFields(
      delegate.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: { ...articleCardSelect, ...seoSelect, content: true, sort: true, teacher: { select: teacherCardSelect } },
      }),
      kind.word,
      id,
      options,
    ),
  )
  if (!article) throw new ApiError(Code.NOT_FOUND, kind.notFound)
  const { sort } = article
  const link = { id: true, title: true } as const
  // Previous = the item listed just before this one (higher sort, or same sort and newer).
  const [prev, next] = await Promise.all([
    delegate.findFirst({
      where: { isPublished: true, OR: [{ sort: { gt: sort } }, { sort, id: { gt: id } }] },
      select: link,
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    }),
    delegate.findFirst({
      where: { isPublished: true, OR: [{ sort: { lt: sort } }, { sort, id: { lt: id } }] },
      select: link,
      orderBy: bySort,
    }),
  ])
  return {
    ...articleCard(article),
    teacher: article.teacher ? teacherCard(article.teacher) : null,
    content: article.content,
    prev,
    next,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    seoKeywords: article.seoKeywords,
  }
}

export const listActivities = (input: ArticleListInput) => listArticles(articleKinds.activity, input)
export const getActivityDetails = (id: number, options: DetailOptions = {}) => getArticleDetails(articleKinds.activity, id, options)
export const listViewpoints = (input: ArticleListInput) => listArticles(articleKinds.viewpoint, input)
export const getViewpointDetails = (id: number, options: DetailOptions = {}) => getArticleDetails(articleKinds.viewpoint, id, options)
