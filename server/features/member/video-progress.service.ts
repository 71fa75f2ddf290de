// Where a member stopped in each video: saved every 10 s of playback at most, offered back on return
// (从 12:34 继续播放) and listed under 最近观看. Only videos anyone may watch are recorded.
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { skipTake, toPage } from '../../lib/pagination'
import type { RecentVideosInput, VideoKind, VideoProgressSaveInput, VideoRefInput } from './video-progress.schemas'

/** A video a visitor may watch now: an approved teacher video of a published teacher, a published course with a video. */
async function isWatchable(kind: VideoKind, id: number): Promise<boolean> {
  const found =
    kind === 'teacherVideo'
      ? await prisma.teacherVideo.findFirst({ where: { id, status: 'approved', teacher: { isPublished: true } }, select: { id: true } })
      : await prisma.course.findFirst({ where: { id, isPublished: true, videoUrl: { not: '' } }, select: { id: true } })
  return found !== null
}

export async function saveVideoProgress(memberId: number, { kind, id, position, duration }: VideoProgressSaveInput) {
  if (!(await isWatchable(kind, id))) throw new ApiError(Code.NOT_FOUND, '视频不存在或已下架')
  const key = { memberId_kind_itemId: { memberId, kind, itemId: id } }
  await prisma.videoProgress.upsert({
    where: key,
    create: { memberId, kind, itemId: id, position, duration },
    update: { position, duration },
  })
  return { kind, id, position, duration }
}

/** Where the member stopped in this video, or null when never watched (or watched to the end). */
export async function getVideoProgress(memberId: number, { kind, id }: VideoRefInput) {
  const row = await prisma.videoProgress.findUnique({
    where: { memberId_kind_itemId: { memberId, kind, itemId: id } },
    select: { position: true, duration: true, updatedAt: true },
  })
  return row && { position: row.position, duration: row.duration, updatedAt: row.updatedAt.toISOString() }
}

/** 最近观看: the videos the member played, the last one first, with where they stopped; gone ones drop out. */
export async function listRecentVideos(memberId: number, page: RecentVideosInput) {
  const where = { memberId }
  const [total, rows] = await Promise.all([
    prisma.videoProgress.count({ where }),
    prisma.videoProgress.findMany({ where, orderBy: [{ updatedAt: 'desc' }, { itemId: 'desc' }], ...skipTake(page) }),
  ])
  const idsOf = (kind: VideoKind) => rows.filter((row) => row.kind === kind).map((row) => row.itemId)
  const [videos, courses] = await Promise.all([
    prisma.teacherVideo.findMany({
      where: { id: { in: idsOf('teacherVideo') }, status: 'approved', teacher: { isPublished: true } },
      select: { id: true, title: true, cover: true, teacher: { select: { name: true } } },
    }),
    prisma.course.findMany({
      where: { id: { in: idsOf('course') }, isPublished: true },
      select: { id: true, title: true, cover: true, teacher: { select: { name: true } } },
    }),
  ])
  const items = new Map<string, { title: string; cover: string; teacher: { name: string } | null }>([
    ...videos.map((video) => [`teacherVideo:${video.id}`, video] as const),
    ...courses.map((course) => [`course:${course.id}`, course] as const),
  ])
  const list = rows.flatMap((row) => {
    const item = items.get(`${row.kind}:${row.itemId}`)
    if (!item) return []
    return [
      {
        kind: row.kind as VideoKind,
        id: row.itemId,
        title: item.title,
        cover_img: item.cover,
        teacherName: item.teacher?.name ?? '',
        position: row.position,
        duration: row.duration,
        watchedAt: row.updatedAt.toISOString(),
      },
    ]
  })
  return toPage(list, total, page)
}

/** Clears 最近观看 (and with it every offer to continue). */
export async function clearRecentVideos(memberId: number) {
  const { count } = await prisma.videoProgress.deleteMany({ where: { memberId } })
  return { cleared: count }
}
