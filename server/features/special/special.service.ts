import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { courseCard, courseCardSelect, excerpt, specialCard, specialCardSelect } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { readCounted } from '../../data/views'
import { publishedUnless, seoSelect, type DetailOptions } from '../../lib/preview-grant'
import { withDraftFields } from '../lifecycle/content-state.service'
import { withCommentCounts } from '../comment/comment.service'
import type { BannerInput, HotLabelInput, HotSpecialInput, SpecialListInput } from './special.schemas'

// Highest sort first, newest first among equals: the (…, sort) indexes read backwards.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]
const specialNotFound = () => new ApiError(Code.NOT_FOUND, '专题不存在或已下架')

/** One page of published specials, optionally of one category. */
export async function listSpecials({ cid, ...page }: SpecialListInput) {
  if (cid !== undefined && !(await prisma.specialCategory.count({ where: { id: cid } })))
    throw new ApiError(Code.NOT_FOUND, '专题分类不存在')
  const where: Prisma.SpecialWhereInput = { isPublished: true, categoryId: cid }
  const [total, rows] = await Promise.all([
    prisma.special.count({ where }),
    prisma.special.findMany({ where, select: specialCardSelect, orderBy: bySort, ...skipTake(page) }),
  ])
  return toPage(
    await withCommentCounts(
      'special',
      rows.map((s) => ({ ...specialCard(s), intro: excerpt(s.intro) })),
    ),
    total,
    page,
  )
}

/** A special's page as every visitor sees it; the view count and the viewer's mark are added per request. */
export async function getSpecialDetails(id: number, options: DetailOptions = {}) {
  const special = await readCounted('Special', id, () =>
    withDraftFields(
      prisma.special.findFirst({
        where: { id, isPublished: publishedUnless(options) },
        select: {
          ...seoSelect,
          ...specialCardSelect,
          content: true,
          createdAt: true,
          category: { select: { id: true, name: true } },
          tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tagId: 'asc' } },
          // The special's courses in the order the editors gave; unpublished ones are left out.
          courses: {
            where: { course: { isPublished: true } },
            select: { course: { select: courseCardSelect } },
            orderBy: { position: 'asc' },
          },
        },
      }),
      'special',
      id,
      options,
    ),
  )
  if (!special) throw specialNotFound()
  return {
    ...specialCard(special),
    content: special.content,
    categoryId: special.category.id,
    categoryName: special.category.name,
    tags: special.tags.map((t) => t.tag),
    courses: await withCommentCounts(
      'course',
      special.courses.map((link) => courseCard(link.course)),
    ),
    createdAt: special.createdAt,
    seoTitle: special.seoTitle,
    seoDescription: special.seoDescription,
    seoKeywords: special.seoKeywords,
  }
}

export async function listHotSpecials({ limit }: HotSpecialInput) {
  const rows = await prisma.special.findMany({
    where: { isPublished: true, isHot: true },
    select: specialCardSelect,
    orderBy: bySort,
    take: limit,
  })
  return withCommentCounts('special', rows.map(specialCard))
}

const tagOrder = [{ hotness: 'desc' as const }, { id: 'asc' as const }]

/** Tags attached to at least one published special, hottest first. */
export function listSpecialTags({ limit }: HotLabelInput) {
  return prisma.tag.findMany({
    where: { specials: { some: { special: { isPublished: true } } } },
    select: { id: true, name: true, hotness: true },
    orderBy: tagOrder,
    take: limit,
  })
}

/** The home tag cloud: tags marked hot first, then by hotness. */
export function listTagCloud({ limit }: HotLabelInput) {
  return prisma.tag.findMany({
    select: { id: true, name: true, hotness: true },
    orderBy: [{ isHot: 'desc' }, ...tagOrder],
    take: limit,
  })
}

export async function listBanners({ position }: BannerInput) {
  const rows = await prisma.banner.findMany({
    where: { position, isActive: true },
    select: { id: true, title: true, image: true, link: true },
    orderBy: bySort,
  })
  return rows.map((b) => ({ id: b.id, title: b.title, link: b.link, litpic: b.image }))
}
