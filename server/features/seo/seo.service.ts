// What the sitemaps list: every published page with the time it last changed, as plain data. The
// published rules are the detail actions' own (an item they answer 404 for is never listed).
import { prisma } from '../../db'

export type SitemapEntry = { path: string; lastmod: Date }

/** The sitemap sections, in the order the index lists them. */
export const SITEMAP_SECTIONS = ['pages', 'teachers', 'courses', 'topics', 'notices', 'activities', 'articles', 'questions'] as const
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number]

const published = { where: { isPublished: true }, select: { id: true, updatedAt: true }, orderBy: { id: 'asc' } } as const

/** Published rows, or only those changed after `changedAfter` (the Baidu push's "what is new"). */
const publishedSince = (changedAfter?: Date) =>
  changedAfter ? { ...published, where: { isPublished: true, updatedAt: { gt: changedAfter } } } : published

const entries = (rows: { id: number; updatedAt: Date }[], path: (id: number) => string): SitemapEntry[] =>
  rows.map((row) => ({ path: path(row.id), lastmod: row.updatedAt }))

const newest = (dates: Date[]) => new Date(Math.max(0, ...dates.map((date) => date.getTime())))

/** The about tabs with a text of their own (client/src/features/about/sections.ts); tab 4 lists partners. */
const ABOUT_TABS: Record<string, number> = { intro: 1, terms: 2, privacy: 3, contact: 5, statement: 6 }

/** The list, category, about and cooperation pages, each as new as the newest thing it shows. */
async function sitePages(): Promise<SitemapEntry[]> {
  const [teachers, courses, specials, notices, activities, viewpoints, questions, about, partners, types, cooperations, settings] =
    await Promise.all([
      prisma.teacherCategory.findMany({ select: { id: true, updatedAt: true, teachers: { ...published, select: { updatedAt: true } } } }),
      prisma.courseCategory.findMany({ select: { id: true, updatedAt: true, courses: { ...published, select: { updatedAt: true } } } }),
      prisma.specialCategory.findMany({ select: { id: true, updatedAt: true, specials: { ...published, select: { updatedAt: true } } } }),
      prisma.courseNotice.aggregate({ where: { isPublished: true }, _max: { updatedAt: true } }),
      prisma.activity.aggregate({ where: { isPublished: true }, _max: { updatedAt: true } }),
      prisma.viewpoint.aggregate({ where: { isPublished: true }, _max: { updatedAt: true } }),
      prisma.question.aggregate({ where: { isPublished: true }, _max: { updatedAt: true } }),
      prisma.aboutPage.findMany({ select: { key: true, updatedAt: true } }),
      prisma.partner.aggregate({ _max: { updatedAt: true } }),
      prisma.cooperationType.findMany({ select: { id: true, name: true, updatedAt: true }, orderBy: { id: 'asc' } }),
      prisma.cooperation.findMany({ ...published, select: { id: true, typeId: true, updatedAt: true } }),
      prisma.siteSetting.aggregate({ _max: { updatedAt: true } }),
    ])
  const section = (path: string, categories: { id: number; updatedAt: Date; items: { updatedAt: Date }[] }[]) => {
    const pages = categories.map((category) => ({
      path: `${path}/${category.id}`,
      lastmod: newest([category.updatedAt, ...category.items.map((item) => item.updatedAt)]),
    }))
    return [{ path, lastmod: newest(pages.map((page) => page.lastmod)) }, ...pages]
  }
  const lists = [
    ...section(
      '/teacher',
      teachers.map((category) => ({ ...category, items: category.teachers })),
    ),
    ...section(
      '/course',
      courses.map((category) => ({ ...category, items: category.courses })),
    ),
    ...section(
      '/subject',
      specials.map((category) => ({ ...category, items: category.specials })),
    ),
    { path: '/notice', lastmod: notices._max.updatedAt },
    { path: '/schooling', lastmod: activities._max.updatedAt },
    { path: '/article', lastmod: viewpoints._max.updatedAt },
    { path: '/question', lastmod: questions._max.updatedAt },
  ].filter((page): page is SitemapEntry => page.lastmod !== null)
  const aboutPages = about
    .filter((page) => ABOUT_TABS[page.key])
    .map((page) => ({ path: ABOUT_TABS[page.key] === 1 ? '/about' : `/about?tab=${ABOUT_TABS[page.key]}`, lastmod: page.updatedAt }))
  if (partners._max.updatedAt) aboutPages.push({ path: '/about?tab=4', lastmod: partners._max.updatedAt })
  // /cooperation/detail/{a}: {a} is the type's {id, name} as encoded JSON (spec §2).
  const typePath = (type: { id: number; name: string }) =>
    `/cooperation/detail/${encodeURIComponent(JSON.stringify({ id: type.id, name: type.name }))}`
  const cooperationPages = types.flatMap((type) => {
    const own = cooperations.filter((entry) => entry.typeId === type.id)
    return [
      { path: typePath(type), lastmod: newest([type.updatedAt, ...own.map((entry) => entry.updatedAt)]) },
      ...own.map((entry) => ({ path: `${typePath(type)}?entry=${entry.id}`, lastmod: entry.updatedAt })),
    ]
  })
  const cooperation = { path: '/cooperation', lastmod: newest(cooperationPages.map((page) => page.lastmod)) }
  const home = { path: '/', lastmod: newest([...lists, cooperation].map((page) => page.lastmod).concat(settings._max.updatedAt ?? [])) }
  return [home, ...lists, cooperation, ...cooperationPages, ...aboutPages]
}

/** The entries of one section; with `changedAfter`, only the items changed since (not the 'pages' section's). */
export async function listSitemapEntries(section: SitemapSection, { changedAfter }: { changedAfter?: Date } = {}): Promise<SitemapEntry[]> {
  const rows = publishedSince(changedAfter)
  switch (section) {
    case 'pages':
      return sitePages()
    case 'teachers': {
      const [teachers, videos] = await Promise.all([
        prisma.teacher.findMany(rows),
        prisma.teacherVideo.findMany({
          where: { status: 'approved', teacher: { isPublished: true }, ...(changedAfter && { updatedAt: { gt: changedAfter } }) },
          select: { id: true, updatedAt: true },
          orderBy: { id: 'asc' },
        }),
      ])
      return [...entries(teachers, (id) => `/teacher/detail/${id}`), ...entries(videos, (id) => `/teacher/video/${id}`)]
    }
    case 'courses':
      return entries(await prisma.course.findMany(rows), (id) => `/course/detail/${id}`)
    case 'topics':
      return entries(await prisma.special.findMany(rows), (id) => `/subject/detail/${id}`)
    case 'notices':
      return entries(await prisma.courseNotice.findMany(rows), (id) => `/notice/detail/${id}`)
    case 'activities':
      return entries(await prisma.activity.findMany(rows), (id) => `/schooling/detail/${id}`)
    case 'articles':
      return entries(await prisma.viewpoint.findMany(rows), (id) => `/article/detail/${id}`)
    case 'questions':
      return entries(await prisma.question.findMany(rows), (id) => `/question/detail/${id}`)
  }
}
