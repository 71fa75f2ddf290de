import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { courseCardSelect, courseCard, excerpt, specialCard, specialCardSelect, teacherCard, teacherCardSelect } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { cutText, stripMarkup } from '../../lib/sanitize'
import { withStreams } from '../video/video-assets.service'
import { commentCountsOf, countedCards, withCommentCounts } from '../comment/comment.service'
import type { HotTagInput, MenuSeoInput, TagListInput } from './index.schemas'

// Sizes fixed by the specification (section 9).
export const HOME = {
  navBeside: 3, // names beside a category in the teacher-library menu
  navPanelFrom: 3, // the hover panel lists the 3rd ...
  navPanelTo: 19, // ... up to the 19th name
  namesPerCategory: 14, // recommended-teacher block: names per category
  recommendTeachers: 15, // carousel, 5 per view
  specialCarousel: 5,
  specialList: 7,
  courses: 11, // hot and boutique tabs
  featuredVideos: 2,
  notices: 3,
  noticeIntroCut: 50,
  articles: 14,
  questions: 14,
  banners: 10,
  partners: 30,
  links: 50,
} as const

// Highest sort first, newest first among equals: the (…, sort) indexes read backwards.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]
// Categories keep their creation order among equal sorts.
const categoryOrder = [{ sort: 'desc' as const }, { id: 'asc' as const }]

/** Flagged rows first, then topped up with other published rows so a home block is never half empty. */
async function flaggedFirst<T extends { id: number }>(
  size: number,
  flagged: (take: number) => Promise<T[]>,
  others: (take: number, exclude: number[]) => Promise<T[]>,
): Promise<T[]> {
  const first = await flagged(size)
  if (first.length >= size) return first
  return [
    ...first,
    ...(await others(
      size - first.length,
      first.map((row) => row.id),
    )),
  ]
}

type NameCard = { id: number; name: string }
type CategoryNames = { id: number; name: string; teachers: NameCard[] }

async function teacherLibrary() {
  const categories = await prisma.teacherCategory.findMany({ select: { id: true, name: true }, orderBy: categoryOrder })
  const teachers = await Promise.all(
    categories.map((category) =>
      prisma.teacher.findMany({
        where: { categoryId: category.id, isPublished: true },
        select: teacherCardSelect,
        orderBy: bySort,
        take: HOME.navPanelTo,
      }),
    ),
  )
  const names = (from: number, to: number): CategoryNames[] =>
    categories.map((category, i) => ({
      ...category,
      teachers: teachers[i].slice(from, to).map(({ id, name }) => ({ id, name })),
    }))
  return {
    mingshiku: categories.map((category, i) => ({ ...category, teachers: teachers[i].map(teacherCard) })),
    mingshiku1: names(0, HOME.navBeside),
    mingshiku2: names(HOME.navPanelFrom - 1, HOME.navPanelTo),
    mingshiku3: names(0, HOME.namesPerCategory),
  }
}

async function hotSpecials() {
  const size = HOME.specialCarousel + HOME.specialList
  const list = await flaggedFirst(
    size,
    (take) => prisma.special.findMany({ where: { isPublished: true, isHot: true }, select: specialCardSelect, orderBy: bySort, take }),
    (take, exclude) =>
      prisma.special.findMany({ where: { isPublished: true, id: { notIn: exclude } }, select: specialCardSelect, orderBy: bySort, take }),
  )
  const cards = await withCommentCounts('special', list.map(specialCard))
  return { hot_special: cards, hot_special1: cards.slice(0, HOME.specialCarousel), hot_special2: cards.slice(HOME.specialCarousel) }
}

async function homeCourses() {
  const courses = (flag: 'isHot' | 'isSelected') =>
    flaggedFirst(
      HOME.courses,
      (take) => prisma.course.findMany({ where: { isPublished: true, [flag]: true }, select: courseCardSelect, orderBy: bySort, take }),
      (take, exclude) =>
        prisma.course.findMany({ where: { isPublished: true, id: { notIn: exclude } }, select: courseCardSelect, orderBy: bySort, take }),
    )
  const videoSelect = { id: true, title: true, cover: true, videoUrl: true } as const
  const [host, boutique, video] = await Promise.all([
    courses('isHot'),
    courses('isSelected'),
    flaggedFirst(
      HOME.featuredVideos,
      (take) =>
        prisma.course.findMany({
          where: { isPublished: true, isFeatured: true, videoUrl: { not: '' } },
          select: videoSelect,
          orderBy: bySort,
          take,
        }),
      (take, exclude) =>
        prisma.course.findMany({
          where: { isPublished: true, videoUrl: { not: '' }, id: { notIn: exclude } },
          select: videoSelect,
          orderBy: bySort,
          take,
        }),
    ),
  ])
  // Both tabs share most courses: one count for the two.
  const counts = await commentCountsOf(
    'course',
    [...host, ...boutique].map((c) => c.id),
  )
  return {
    host: countedCards(host.map(courseCard), counts),
    boutique: countedCards(boutique.map(courseCard), counts),
    video: await withStreams(video.map((c) => ({ id: c.id, title: c.title, cover_img: c.cover, videoUrl: c.videoUrl }))),
  }
}

async function homeArticles() {
  const select = { id: true, title: true, cover: true, intro: true, content: true, publishedAt: true } as const
  const where = { isPublished: true }
  const [activity, viewpoin] = await Promise.all([
    prisma.activity.findMany({ where, select, orderBy: bySort, take: HOME.articles }),
    prisma.viewpoint.findMany({ where, select, orderBy: bySort, take: HOME.articles }),
  ])
  // The spec names the text field `content`; on the home page it is a plain excerpt, never markup.
  const card = (a: (typeof activity)[number]) => ({
    id: a.id,
    title: a.title,
    cover_img: a.cover,
    content: excerpt(a.intro || a.content),
    publishedAt: a.publishedAt,
  })
  const [activityCards, viewpointCards] = await Promise.all([
    withCommentCounts('activity', activity.map(card)),
    withCommentCounts('viewpoint', viewpoin.map(card)),
  ])
  return { activity: activityCards, viewpoin: viewpointCards }
}

/** The home page aggregate (Index/indexList): exactly the keys the specification lists. */
export async function getHomeData() {
  const [banner, library, specials, recommended, course, notices, huodong_xueshu, questions, partners, links] = await Promise.all([
    prisma.banner.findMany({
      where: { position: 'home', isActive: true },
      select: { id: true, title: true, image: true, link: true },
      orderBy: bySort,
      take: HOME.banners,
    }),
    teacherLibrary(),
    hotSpecials(),
    prisma.teacher.findMany({
      where: { isPublished: true, isRecommended: true },
      select: teacherCardSelect,
      orderBy: bySort,
      take: HOME.recommendTeachers,
    }),
    homeCourses(),
    prisma.courseNotice.findMany({
      where: { isPublished: true },
      select: { id: true, name: true, cover: true, introduction: true, startAt: true, location: true },
      orderBy: bySort,
      take: HOME.notices,
    }),
    homeArticles(),
    prisma.question.findMany({ where: { isPublished: true }, select: { id: true, title: true }, orderBy: bySort, take: HOME.questions }),
    prisma.partner.findMany({ select: { id: true, name: true, logo: true, link: true }, orderBy: bySort, take: HOME.partners }),
    prisma.friendLink.findMany({ select: { id: true, name: true, url: true }, orderBy: bySort, take: HOME.links }),
  ])
  return {
    banner: banner.map((b) => ({ id: b.id, title: b.title, link: b.link, litpic: b.image })),
    ...library,
    ...specials,
    recommend_teacher: { teacher_img: recommended.map(teacherCard) },
    course,
    course_notice: notices.map((n) => ({
      id: n.id,
      name: n.name,
      cover_img: n.cover,
      introduction: cutText(stripMarkup(n.introduction), HOME.noticeIntroCut),
      startAt: n.startAt,
      location: n.location,
    })),
    huodong_xueshu,
    common_problem: questions,
    cooperative: partners,
    links: links.map((l) => ({ id: l.id, name: l.name, links: l.url })),
  }
}

const CONFIG_KEYS = ['btlogo', 'wx', 'fax', 'phone', 'mailbox', 'address', 'icp'] as const
const SITE_INFO_KEYS = ['logo', 'icon', 'keywords', 'description', 'title', 'phone', 'wx', 'company_name'] as const

/** Settings as one object with every key present (empty string when not configured). */
async function settings<K extends string>(keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await prisma.siteSetting.findMany({ where: { key: { in: [...keys] } }, select: { key: true, value: true } })
  const values = new Map(rows.map((row) => [row.key, row.value]))
  return Object.fromEntries(keys.map((key) => [key, values.get(key) ?? ''])) as Record<K, string>
}

export const getConfig = () => settings(CONFIG_KEYS)
export const getSiteInfo = () => settings(SITE_INFO_KEYS)

const menuSelect = { menu: true, name: true, title: true, keywords: true, description: true } as const

export async function getMenuSeo({ menu }: MenuSeoInput) {
  if (menu === undefined) return prisma.menuSeo.findMany({ select: menuSelect, orderBy: { menu: 'asc' } })
  const row = await prisma.menuSeo.findUnique({ where: { menu }, select: menuSelect })
  if (!row) throw new ApiError(Code.NOT_FOUND, '该栏目的 SEO 设置不存在')
  return row
}

const tagSelect = { id: true, name: true, hotness: true, isHot: true } as const

export async function listTags(input: TagListInput) {
  const [total, list] = await prisma.$transaction([
    prisma.tag.count(),
    prisma.tag.findMany({ select: tagSelect, orderBy: [{ hotness: 'desc' }, { id: 'asc' }], ...skipTake(input) }),
  ])
  return toPage(list, total, input)
}

/** Header hot tags: tags marked hot, hottest first. */
export function listHotTags({ limit }: HotTagInput) {
  return prisma.tag.findMany({ where: { isHot: true }, select: tagSelect, orderBy: [{ hotness: 'desc' }, { id: 'asc' }], take: limit })
}

export const listTeacherCategories = () => prisma.teacherCategory.findMany({ select: { id: true, name: true }, orderBy: categoryOrder })
export const listCourseCategories = () => prisma.courseCategory.findMany({ select: { id: true, name: true }, orderBy: categoryOrder })
export const listSpecialCategories = () => prisma.specialCategory.findMany({ select: { id: true, name: true }, orderBy: categoryOrder })
