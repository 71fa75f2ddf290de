import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { excerpt } from '../../lib/cards'
import { skipTake, toPage } from '../../lib/pagination'
import { readCounted } from '../../data/views'
import type { CooperationListInput } from './cooperation.schemas'

// Highest sort first, newest first among equals.
const bySort = [{ sort: 'desc' as const }, { id: 'desc' as const }]

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
