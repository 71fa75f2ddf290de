// 足迹 (Member/recentViewList, recentViewClear): the teachers, courses and topics the member opened,
// newest first. Footprints are noted by the detail answers (collect.service.ts markedPage) and written
// in batches (server/data/recent-views.ts); a list first writes what is still waiting, so a page just
// opened is there. Items unpublished since are left out (they stay stored and come back if republished).
import { contentTypes } from '../../../common/content-types/registry'
import { prisma } from '../../db'
import { dropPendingRecentViews, flushRecentViews, RECENT_VIEWS_KEPT, type RecentViewEntity } from '../../data/recent-views'
import { toPage } from '../../lib/pagination'
import type { RecentViewClearInput, RecentViewListInput } from './recent-view.schemas'

const ENTITY_TEXT: Record<RecentViewEntity, string> = { teacher: '名师', course: '课程', special: '专题' }
const linkOf = (entity: RecentViewEntity, id: number) => `${contentTypes.find((type) => type.word === entity)?.publicPath ?? ''}/${id}`

type Item = { title: string; cover_img: string; subtitle: string }

async function publishedItems(rows: { entity: string; recordId: number }[]) {
  const idsOf = (entity: RecentViewEntity) => rows.filter((row) => row.entity === entity).map((row) => row.recordId)
  const [teachers, courses, specials] = await Promise.all([
    prisma.teacher.findMany({
      where: { id: { in: idsOf('teacher') }, isPublished: true },
      select: { id: true, name: true, photo: true, title: true },
    }),
    prisma.course.findMany({
      where: { id: { in: idsOf('course') }, isPublished: true },
      select: { id: true, title: true, cover: true, teacher: { select: { name: true } } },
    }),
    prisma.special.findMany({ where: { id: { in: idsOf('special') }, isPublished: true }, select: { id: true, title: true, cover: true } }),
  ])
  return new Map<string, Item>([
    ...teachers.map((row) => [`teacher:${row.id}`, { title: row.name, cover_img: row.photo, subtitle: row.title }] as const),
    ...courses.map(
      (row) =>
        [`course:${row.id}`, { title: row.title, cover_img: row.cover, subtitle: row.teacher ? `主讲：${row.teacher.name}` : '' }] as const,
    ),
    ...specials.map((row) => [`special:${row.id}`, { title: row.title, cover_img: row.cover, subtitle: '' }] as const),
  ])
}

export async function listRecentViews(memberId: number, page: RecentViewListInput) {
  await flushRecentViews()
  // A member keeps about RECENT_VIEWS_KEPT rows: read them all, so the total counts only what can be shown.
  const rows = await prisma.recentView.findMany({
    where: { memberId },
    orderBy: [{ viewedAt: 'desc' }, { entity: 'asc' }, { recordId: 'desc' }],
    take: RECENT_VIEWS_KEPT * 2,
  })
  const items = await publishedItems(rows)
  const visible = rows.flatMap((row) => {
    const item = items.get(`${row.entity}:${row.recordId}`)
    if (!item) return []
    const entity = row.entity as RecentViewEntity
    return [
      {
        entity,
        entityText: ENTITY_TEXT[entity],
        id: row.recordId,
        ...item,
        link: linkOf(entity, row.recordId),
        viewedAt: row.viewedAt.toISOString(),
      },
    ]
  })
  const start = (page.page - 1) * page.limit
  return toPage(visible.slice(start, start + page.limit), visible.length, page)
}

export async function clearRecentViews(memberId: number, { entity, id }: RecentViewClearInput) {
  await flushRecentViews()
  dropPendingRecentViews(memberId, entity, id)
  const { count } = await prisma.recentView.deleteMany({ where: { memberId, ...(entity && id ? { entity, recordId: id } : {}) } })
  return { cleared: count }
}
