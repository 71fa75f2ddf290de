// The streaming copy of every stored video: asked for when a video is stored, made by a durable job
// (server/jobs.ts runs `transcodeVideoJob`), read by the pages that show the video. A page keeps
// playing the original until the copy is ready; a file that is no video fails with its reason.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { VideoRendition, VideoStream } from '../../../common/video'
import { prisma } from '../../db'
import { env } from '../../env'
import { enqueueJob, JobRefusal } from '../../data/jobs'
import type { JobContext } from '../../data/job-worker'
import { logger } from '../../lib/logger'
import { storage } from '../../lib/storage'
import { STREAM_ROOT, uploadTempDir } from '../../lib/uploads'
import { signedStreamUrl, uploadPathOf, uploadUrl } from '../upload/upload-access.service'
import { probeVideo, VideoRefusal } from './probe'
import { tellMember } from '../notification/notification.service'
import { transcodeToHls } from './transcode'
import { transcodeThreads } from './ffmpeg-tools'

export const TRANSCODE_JOB = 'video.transcode'

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
}

/**
 * The asset row of `source`, made when missing. Two requests for one file (parallel submissions of
 * the same upload) can both miss it and race to insert on PostgreSQL: the loser reads the winner's.
 */
async function assetRowOf(source: string) {
  const select = { id: true, state: true, jobId: true } as const
  try {
    return await prisma.videoAsset.upsert({ where: { source }, create: { source }, update: {}, select })
  } catch (error) {
    if ((error as { code?: string }).code !== 'P2002') throw error
    return prisma.videoAsset.findUniqueOrThrow({ where: { source }, select })
  }
}

/** Asks for the streaming copy of the stored video at `source` (a key under uploads/); idempotent. */
export async function requestStreamingCopy(source: string): Promise<void> {
  const asset = await assetRowOf(source)
  if (asset.state === 'ready') return
  const jobId = await enqueueJob(TRANSCODE_JOB, { source }, { uniqueKey: `${TRANSCODE_JOB}:${source}`, maxAttempts: 3 })
  // Written only when it changes: a write drops the public pages' cache (a console save asks again).
  if (jobId === asset.jobId && asset.state !== 'failed') return
  await prisma.videoAsset.update({
    where: { id: asset.id },
    data: { jobId, ...(asset.state === 'failed' ? { state: 'queued', error: '' } : {}) },
  })
}

/** A local file holding the original: the file itself on local storage, a download from a bucket. */
async function localOriginal(source: string, workDir: string): Promise<string> {
  const onDisk = storage().localPath(source)
  const missing = () => new JobRefusal('原视频文件不存在，无法转码')
  if (onDisk) {
    if (!fs.existsSync(onDisk)) throw missing()
    return onDisk
  }
  const body = await storage().get(source)
  if (!body) throw missing()
  const file = path.join(workDir, `original${path.extname(source)}`)
  await pipeline(body, fs.createWriteStream(file))
  return file
}

/** The job: probe, transcode into a work folder, store every file, then switch the asset to the new copy. */
export async function transcodeVideoJob(payload: unknown, context: JobContext): Promise<void> {
  const { source } = payload as { source: string }
  const asset = await prisma.videoAsset.findUnique({ where: { source } })
  if (!asset) return
  const workDir = path.join(uploadTempDir(), `transcode-${context.jobId}-${crypto.randomBytes(4).toString('hex')}`)
  fs.mkdirSync(workDir, { recursive: true })
  try {
    const input = await localOriginal(source, workDir)
    const probe = await probeVideo(input).catch((error: unknown) => {
      throw error instanceof VideoRefusal ? new JobRefusal(error.reason) : error
    })
    if (asset.state !== 'running') await prisma.videoAsset.update({ where: { id: asset.id }, data: { state: 'running', error: '' } })
    const outDir = path.join(workDir, 'out')
    const made = await transcodeToHls({
      input,
      outDir,
      probe,
      signal: context.signal,
      onProgress: context.progress,
      threads: transcodeThreads(context.besideServing ?? false),
    })
    const prefix = `${STREAM_ROOT}/${asset.id}/${crypto.randomBytes(8).toString('hex')}/`
    for (const file of made.files) {
      await storage().putFile(prefix + file, path.join(outDir, file), {
        contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      })
    }
    await prisma.videoAsset.update({
      where: { id: asset.id },
      data: {
        state: 'ready',
        error: '',
        prefix,
        duration: made.duration,
        width: made.width,
        height: made.height,
        renditions: JSON.stringify(made.renditions),
      },
    })
    if (!asset.prefix) await tellUploader(source, true)
    if (asset.prefix && asset.prefix !== prefix) await removeStored(asset.prefix)
    // VIDEO_KEEP_ORIGINALS=0: the copy replaces the original (no re-transcoding, no fallback file).
    if (!env.VIDEO_KEEP_ORIGINALS) await storage().delete(source)
  } catch (error) {
    // Stopped or taken over: the job runs again, so the page keeps saying 转码中.
    if (context.signal.aborted) throw error
    if (error instanceof JobRefusal || context.isLastAttempt) {
      const reason = error instanceof Error ? error.message : '视频转码失败'
      // A failed re-run leaves an earlier copy playing; the reason is kept for the staff's job list.
      await prisma.videoAsset.update({ where: { id: asset.id }, data: { state: asset.prefix ? 'ready' : 'failed', error: reason } })
      if (!asset.prefix) await tellUploader(source, false, reason)
    }
    throw error
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

/** The member who uploaded the video at `source` hears how its first transcode ended (staff's own videos tell no one). */
async function tellUploader(source: string, isReady: boolean, reason = '') {
  const video = await prisma.teacherVideo.findFirst({
    where: { videoUrl: uploadUrl(source), memberId: { not: null } },
    select: { memberId: true, title: true },
  })
  if (!video) return
  await tellMember(
    video.memberId,
    isReady
      ? { kind: 'video', title: `您上传的视频「${video.title}」已转码完成`, body: '已生成多种清晰度，播放更流畅', link: '/user?tab=6' }
      : { kind: 'video', title: `您上传的视频「${video.title}」转码失败`, body: reason, link: '/user?tab=6' },
  )
}

async function removeStored(prefix: string) {
  try {
    for await (const key of storage().list(prefix)) await storage().delete(key)
  } catch (error) {
    logger.warn({ err: error, prefix }, 'an old streaming copy could not be removed')
  }
}

type AssetRow = {
  source: string
  state: string
  error: string
  prefix: string
  duration: number | null
  width: number | null
  height: number | null
  renditions: string
  jobId: number | null
}

function streamOf(row: AssetRow, percent: number, urlOf: (key: string) => string): VideoStream {
  if (row.state === 'ready')
    return {
      state: 'ready',
      master: urlOf(`${row.prefix}master.m3u8`),
      poster: urlOf(`${row.prefix}poster.jpg`),
      duration: row.duration ?? 0,
      width: row.width ?? 0,
      height: row.height ?? 0,
      renditions: JSON.parse(row.renditions) as VideoRendition[],
    }
  if (row.state === 'failed') return { state: 'failed', reason: row.error || '视频转码失败' }
  return { state: row.state === 'running' ? 'running' : 'queued', percent }
}

/**
 * The streaming copies of the stored videos at `sources` (keys under uploads/), by key; a video with
 * none asked for is absent. `urlOf` turns a key into the address a page shows.
 */
export async function streamsOf(sources: readonly string[], urlOf: (key: string) => string): Promise<Map<string, VideoStream>> {
  const wanted = [...new Set(sources.filter(Boolean))]
  if (!wanted.length) return new Map()
  const rows = await prisma.videoAsset.findMany({
    where: { source: { in: wanted } },
    select: {
      source: true,
      state: true,
      error: true,
      prefix: true,
      duration: true,
      width: true,
      height: true,
      renditions: true,
      jobId: true,
    },
  })
  const running = rows.filter((row) => row.state === 'running' && row.jobId).map((row) => row.jobId!)
  const percents = new Map(
    running.length
      ? (await prisma.job.findMany({ where: { id: { in: running } }, select: { id: true, percent: true } })).map((job) => [
          job.id,
          job.percent,
        ])
      : [],
  )
  return new Map(rows.map((row) => [row.source, streamOf(row, percents.get(row.jobId ?? 0) ?? 0, urlOf)]))
}

/** Every stored video the content and the uploads name (`npm run media:transcode`): the copies not made yet are asked for. */
export async function requestAllStreamingCopies(): Promise<number> {
  const [teacherVideos, courses, uploads] = await Promise.all([
    prisma.teacherVideo.findMany({ select: { videoUrl: true } }),
    prisma.course.findMany({ where: { videoUrl: { not: '' } }, select: { videoUrl: true } }),
    prisma.upload.findMany({ where: { kind: 'video' }, select: { path: true } }),
  ])
  const sources = new Set([
    ...[...teacherVideos, ...courses].map((row) => uploadPathOf(row.videoUrl)).filter((key): key is string => !!key),
    ...uploads.map((row) => row.path),
  ])
  for (const source of sources) await requestStreamingCopy(source)
  return sources.size
}

/** Asks for the streaming copies of the stored videos at these addresses (/uploads/...); others are left alone. */
export async function requestStreamingCopiesOf(urls: readonly string[]): Promise<void> {
  for (const url of new Set(urls)) {
    const source = uploadPathOf(url)
    if (source?.toLowerCase().endsWith('.mp4')) await requestStreamingCopy(source)
  }
}

/**
 * The streaming copies of the videos at these addresses, in order: null for one with none (or outside
 * /uploads/). `isPrivate[i]` marks a video only its owner and staff may see (not yet approved): its
 * copy's addresses are signed (signedStreamUrl), for the owner's or the reviewer's answer only.
 */
export async function streamsOfUrls(urls: readonly string[], isPrivate: readonly boolean[] = []): Promise<(VideoStream | null)[]> {
  const sources = urls.map((url) => uploadPathOf(url))
  const known = sources.filter((source): source is string => !!source)
  const privateSources = new Set(sources.filter((source, i): source is string => !!source && !!isPrivate[i]))
  const [open, signed] = await Promise.all([
    streamsOf(
      known.filter((source) => !privateSources.has(source)),
      uploadUrl,
    ),
    streamsOf([...privateSources], signedStreamUrl),
  ])
  return sources.map((source) => (source && (open.get(source) ?? signed.get(source))) || null)
}

export const streamOfUrl = async (url: string): Promise<VideoStream | null> => (await streamsOfUrls([url]))[0]

/** Each item with the streaming copy of its `videoUrl` as `stream`. */
export async function withStreams<T extends { videoUrl: string }>(items: T[]): Promise<(T & { stream: VideoStream | null })[]> {
  const streams = await streamsOfUrls(items.map((item) => item.videoUrl))
  return items.map((item, i) => ({ ...item, stream: streams[i] }))
}
