import { prisma } from '../../db'
import { skipTake, toPage, type PageInput } from '../../lib/pagination'
import { labelOf, SUBMISSION_STATUS_TEXT } from '../../../common/rules'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { withLock } from '../../data/lease'
import { assertSubmissionRoom, SUBMISSION_WINDOW_MS, TEACHER_VIDEO_LIMITS } from '../../lib/submission-limits'
import type { AddTeacherVideoInput } from './upload.schemas'
import { uploadUrl, viewUrl } from './upload-access.service'
import { requestStreamingCopiesOf, streamsOfUrls } from '../video/video-assets.service'
import { alertStaff } from '../alert/alert.service'

async function ownUpload(memberId: number, id: number, kind: 'video' | 'image', message: string) {
  const upload = await prisma.upload.findFirst({ where: { id, memberId, kind }, select: { path: true } })
  if (!upload) throw new ApiError(Code.BAD_PARAMS, message)
  return uploadUrl(upload.path)
}

async function assertVideoRoom(memberId: number) {
  const since = new Date(clock.now() - SUBMISSION_WINDOW_MS)
  const [pending, today] = await Promise.all([
    prisma.teacherVideo.count({ where: { memberId, status: 'pending' } }),
    prisma.teacherVideo.count({ where: { memberId, createdAt: { gte: since } } }),
  ])
  assertSubmissionRoom({ pending, today }, TEACHER_VIDEO_LIMITS)
}

/** A member's video for a teacher's page; it waits for review before anyone else sees it. */
export async function addTeacherVideo(memberId: number, input: AddTeacherVideoInput) {
  const teacher = await prisma.teacher.findFirst({ where: { id: input.teacherId, isPublished: true }, select: { id: true, name: true } })
  if (!teacher) throw new ApiError(Code.NOT_FOUND, '名师不存在或已下架')
  const videoUrl = await ownUpload(memberId, input.videoUploadId, 'video', '视频文件不存在，请先上传 mp4 视频')
  const cover = input.coverUploadId ? await ownUpload(memberId, input.coverUploadId, 'image', '封面图片不存在，请先上传图片') : ''
  // One member's check-then-insert runs one at a time under a database lock, so parallel requests
  // (in any number of processes) cannot pass the caps together.
  const video = await withLock(`teacher-video:${memberId}`, async () => {
    await assertVideoRoom(memberId)
    return prisma.teacherVideo.create({
      data: {
        teacherId: teacher.id,
        memberId,
        title: input.title,
        intro: input.intro,
        videoUrl,
        cover,
        status: 'pending',
        createdAt: new Date(clock.now()),
      },
      select: { id: true, status: true },
    })
  })
  // Transcoded while it waits for review, so it streams from the moment it is approved.
  await requestStreamingCopiesOf([videoUrl])
  await alertStaff({ kind: 'video', title: `《${input.title}》（名师：${teacher.name}）`, link: '/admin/review/video' })
  return { id: video.id, status: video.status, statusText: labelOf(SUBMISSION_STATUS_TEXT, video.status) }
}

/** The member's own video submissions with their review state, newest first. */
export async function listMyTeacherVideos(memberId: number, page: PageInput) {
  const where = { memberId }
  const [total, rows] = await Promise.all([
    prisma.teacherVideo.count({ where }),
    prisma.teacherVideo.findMany({
      where,
      select: {
        id: true,
        title: true,
        cover: true,
        videoUrl: true,
        status: true,
        reviewNote: true,
        reviewedAt: true,
        createdAt: true,
        teacher: { select: { id: true, name: true } },
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      ...skipTake(page),
    }),
  ])
  // How far each one's streaming copy is (转码中, 转码失败 with the reason), shown beside its review state.
  const streams = await streamsOfUrls(
    rows.map((row) => row.videoUrl),
    rows.map((row) => row.status !== 'approved'),
  )
  // Until approval the files are private: the member sees them through signed URLs.
  const list = rows.map(({ cover, videoUrl, reviewedAt, createdAt, ...row }, i) => ({
    ...row,
    stream: streams[i],
    videoUrl: viewUrl(videoUrl, row.status !== 'approved'),
    cover_img: viewUrl(cover, row.status !== 'approved'),
    statusText: labelOf(SUBMISSION_STATUS_TEXT, row.status),
    reviewedAt: reviewedAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  }))
  return toPage(list, total, page)
}
