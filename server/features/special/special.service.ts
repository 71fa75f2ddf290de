import { prisma, type Prisma } from '../../db'
import type { AuthedMember } from '../../http/auth'
import { ApiError, Code } from '../../http/envelope'
import { excerpt, specialCard, specialCardSelect } from '../../lib/cards'
import { listPage, rowExists } from '../../lib/sql-list'
import { cleanRichText } from '../../lib/rich-text-cache'
import { countView } from '../../lib/views'
import type { BannerInput, HotLabelInput, HotSpecialInput, SpecialListInput } from './special.schemas'

// Highest sort first, newest first among equals: the (…, sort) indexes read backwards.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]
const specialNotFound = () => new ApiError(Code.NOT_FOUND, '专题不存在或已下架')

type SpecialListRow = { id: number; title: string; cover: string; specialUrl: string; intro: string; views: number }

// A prepared statement on the (categoryId, isPublished, sort) or (isPublished, sort) index read
// backwards, like the other public lists (see server/lib/sqlite.ts for why not Prisma).
export function listSpecials({ cid, ...page }: SpecialListInput) {
  if (cid !== undefined && !rowExists('SpecialCategory', cid)) throw new ApiError(Code.NOT_FOUND, '专题分类不存在')
  const where = ['s."isPublished" = 1']
  const params: unknown[] = []
  if (cid !== undefined) {
    where.push('s."categoryId" = ?')
    params.push(cid)
  }
  return listPage(
    {
      from: '"Special" s',
      countFrom: '"Special" s',
      columns: 's."id", s."title", s."cover", s."specialUrl", s."intro", s."views"',
      where,
      params,
      orderBy: 's."sort" DESC, s."id" DESC',
    },
    page,
    (s: SpecialListRow) => ({ ...specialCard(s), intro: excerpt(s.intro) }),
  )
}

export async function getSpecialDetails(id: number, viewer: AuthedMember | null) {
  const views = countView('Special', id)
  if (views === null) throw specialNotFound()
  const special = await prisma.special.findUnique({
    where: { id },
    select: {
      ...specialCardSelect,
      content: true,
      createdAt: true,
      category: { select: { id: true, name: true } },
      tags: { select: { tag: { select: { id: true, name: true } } } },
    },
  })
  if (!special) throw specialNotFound()
  const isCollected = viewer ? (await prisma.specialCollect.count({ where: { memberId: viewer.id, specialId: id } })) > 0 : false
  return {
    ...specialCard(special),
    views,
    content: cleanRichText(special.content),
    categoryId: special.category.id,
    categoryName: special.category.name,
    tags: special.tags.map((t) => t.tag),
    createdAt: special.createdAt,
    isCollected,
  }
}

export async function listHotSpecials({ limit }: HotSpecialInput) {
  const rows = await prisma.special.findMany({
    where: { isPublished: true, isHot: true },
    select: specialCardSelect,
    orderBy: bySort,
    take: limit,
  })
  return rows.map(specialCard)
}

const tagOrder = [{ hotness: 'desc' as const }, { id: 'asc' as const }]

/** Tags attached to at least one published topic, hottest first. */
export function listSpecialLabels({ limit }: HotLabelInput) {
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
