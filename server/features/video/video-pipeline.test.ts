// The video pipeline end to end on the real database (SQLite here, PostgreSQL in server-pg): a stored
// video's streaming copy is asked for, a durable job transcodes it with ffmpeg, the copy is served
// with the original's visibility; two worker processes run each job once, and a worker killed
// mid-transcode leaves its job to the next one.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { startJobWorker } from '../../data/job-worker'
import { jobHandlers } from '../../jobs'
import { killTree, projectBin } from '../../test/server-process'
import { projectRoot } from '../../lib/database-url'
import { makeRandomBytesVideo, makeTestVideo } from '../../test/test-videos'
import { until } from '../../test/until'
import { createMember } from '../../test/factories'
import { requestStreamingCopy, streamOfUrl } from './video-assets.service'
import { signedStreamUrl, uploadUrl } from '../upload/upload-access.service'
import { rerunJob } from '../../data/jobs'

const app = createApp()
const folder = `test-videos/${crypto.randomBytes(4).toString('hex')}`
const dir = path.join(env.UPLOAD_DIR, folder)
fs.mkdirSync(dir, { recursive: true })

/** A small clip stored under uploads/, answered as its key. */
async function storedVideo(options: Parameters<typeof makeTestVideo>[1] = {}): Promise<string> {
  const file = await makeTestVideo(dir, { seconds: 2, width: 320, height: 180, ...options })
  return `${folder}/${path.basename(file)}`
}

/** Runs a job worker in this process until `isDone` holds. */
async function workUntil(isDone: () => Promise<boolean>) {
  const worker = startJobWorker({ handlers: jobHandlers, pollMs: 100 })
  try {
    await until(isDone, 60_000, 100)
  } finally {
    await worker.stop()
  }
}

const assetOf = (source: string) => prisma.videoAsset.findUniqueOrThrow({ where: { source } })
const jobOf = async (source: string) => prisma.job.findUniqueOrThrow({ where: { id: (await assetOf(source)).jobId! } })

describe('a stored video gets its streaming copy', () => {
  test('the job transcodes it; the page gets the ladder, and the copy is served cached for good', async () => {
    const source = await storedVideo({ width: 640, height: 360 })
    await requestStreamingCopy(source)
    expect(await streamOfUrl(uploadUrl(source))).toEqual({ state: 'queued', percent: 0 })

    await workUntil(async () => (await assetOf(source)).state === 'ready')

    const stream = await streamOfUrl(uploadUrl(source))
    expect(stream).toMatchObject({ state: 'ready', width: 640, height: 360, renditions: [{ height: 360, label: '360p' }] })
    if (stream?.state !== 'ready') throw new Error('not ready')
    expect(stream.duration).toBeCloseTo(2, 0)
    const master = await request(app).get(stream.master)
    expect(master.status).toBe(200)
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl')
    expect(master.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const rung = master.text.split('\n').find((line) => line.endsWith('.m3u8'))!
    const playlist = await request(app).get(stream.master.replace('master.m3u8', rung))
    const segment = playlist.text.split('\n').find((line) => line.endsWith('.ts'))!
    const segmentAnswer = await request(app).get(stream.master.replace('master.m3u8', path.posix.join(path.posix.dirname(rung), segment)))
    expect(segmentAnswer.status).toBe(200)
    expect(segmentAnswer.headers['content-type']).toBe('video/mp2t')
    expect((await request(app).get(stream.poster)).headers['content-type']).toBe('image/jpeg')
    expect(await jobOf(source)).toMatchObject({ state: 'done', attempts: 1, percent: 100 })

    // Asked for again: nothing new is queued for a ready copy.
    await requestStreamingCopy(source)
    expect(await prisma.job.count({ where: { payload: JSON.stringify({ source }) } })).toBe(1)
  })

  test('asked for eight times at once (parallel submissions of one upload): one asset, one job, no request fails', async () => {
    const source = await storedVideo()
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => requestStreamingCopy(source)))
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([])
    expect(await prisma.videoAsset.count({ where: { source } })).toBe(1)
    expect(await prisma.job.count({ where: { payload: JSON.stringify({ source }) } })).toBe(1)
    expect((await assetOf(source)).jobId).toBe((await prisma.job.findFirstOrThrow({ where: { payload: JSON.stringify({ source }) } })).id)
  })

  test('a file that is no video fails at once with a Chinese reason, and the page says so', async () => {
    const file = await makeRandomBytesVideo(dir)
    const source = `${folder}/${path.basename(file)}`
    await requestStreamingCopy(source)
    await workUntil(async () => (await assetOf(source)).state === 'failed')
    const stream = await streamOfUrl(uploadUrl(source))
    expect(stream).toMatchObject({ state: 'failed' })
    expect(stream?.state === 'failed' && stream.reason).toMatch(/[\u4e00-\u9fa5]/)
    expect(await jobOf(source)).toMatchObject({ state: 'failed', attempts: 1 })
  })

  test("a private member video's copy is served by no plain address; its signed folder address plays it", async () => {
    const source = await storedVideo()
    const member = await createMember()
    await prisma.upload.create({ data: { memberId: member.id, path: source, kind: 'video', mime: 'video/mp4', size: 1, sha256: 'x' } })
    await requestStreamingCopy(source)
    await workUntil(async () => (await assetOf(source)).state === 'ready')
    const { prefix } = await assetOf(source)
    expect((await request(app).get(uploadUrl(`${prefix}master.m3u8`))).status).toBe(404)
    expect((await request(app).get(uploadUrl(`${prefix}poster.jpg`))).status).toBe(404)
    expect((await request(app).get(signedStreamUrl(`${prefix}master.m3u8`))).status).toBe(200)
  })

  test('with VIDEO_KEEP_ORIGINALS=0 the original goes once its copy is made; a failed re-run leaves that copy playing', async () => {
    env.VIDEO_KEEP_ORIGINALS = false
    onTestFinished(() => {
      env.VIDEO_KEEP_ORIGINALS = true
    })
    const source = await storedVideo()
    await requestStreamingCopy(source)
    await workUntil(async () => (await assetOf(source)).state === 'ready')
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, source))).toBe(false)

    const job = await jobOf(source)
    await rerunJob(job.id)
    await workUntil(async () => (await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).state === 'failed')
    expect(await assetOf(source)).toMatchObject({ state: 'ready', error: '原视频文件不存在，无法转码' })
    expect(await streamOfUrl(uploadUrl(source))).toMatchObject({ state: 'ready' })
  })
})

describe('worker processes', () => {
  const workers: ChildProcess[] = []
  const startWorker = (extraEnv: Record<string, string> = {}) => {
    const child = spawn(projectBin('tsx'), ['scripts/worker.ts'], {
      cwd: projectRoot,
      env: { ...process.env, JWT_SECRET: env.jwtSecret, JOB_CONCURRENCY: '1', LOG_LEVEL: 'warn', ...extraEnv },
      stdio: 'ignore',
    })
    workers.push(child)
    return child
  }
  // Each test's workers go with it: a worker left polling from the test before could take the next
  // test's job ahead of the one that test means to kill (it did once in CI: attempts 1, not 2).
  afterEach(() => workers.splice(0).forEach((child) => child.pid && killTree(child.pid)))

  test('two workers share the queue and run each job exactly once', async () => {
    const sources = await Promise.all([1, 2, 3, 4].map(() => storedVideo({ seconds: 1, width: 160, height: 90 })))
    for (const source of sources) await requestStreamingCopy(source)
    startWorker()
    startWorker()

    const jobIds = async () => (await prisma.videoAsset.findMany({ where: { source: { in: sources } } })).map((asset) => asset.jobId!)
    await until(async () => (await prisma.job.count({ where: { id: { in: await jobIds() }, state: 'done' } })) === 4, 90_000, 100)

    for (const source of sources) {
      expect(await assetOf(source)).toMatchObject({ state: 'ready' })
      expect(await jobOf(source)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null })
    }
  }, 120_000)

  test('a worker killed mid-transcode leaves its job to the next once the lease runs out; nothing half-made is served', async () => {
    const source = await storedVideo({ seconds: 12, width: 640, height: 360 })
    await requestStreamingCopy(source)
    // The first worker's ffmpeg stalls before encoding, so the kill lands mid-transcode however fast the machine is.
    const stalledFfmpeg = path.join(dir, 'stalled-ffmpeg.sh')
    fs.writeFileSync(stalledFfmpeg, '#!/bin/sh\nsleep 60\nexec ffmpeg "$@"\n', { mode: 0o755 })
    const first = startWorker({ FFMPEG_PATH: stalledFfmpeg, FFPROBE_PATH: 'ffprobe' })
    await until(async () => (await assetOf(source)).state === 'running', 60_000, 100)
    const exited = new Promise((resolve) => first.once('exit', resolve))
    killTree(first.pid!)
    await exited
    expect(await streamOfUrl(uploadUrl(source))).toMatchObject({ state: 'running' })
    // The lease a dead worker stops renewing runs out (60 s): moved to now rather than waited for.
    await prisma.job.update({ where: { id: (await assetOf(source)).jobId! }, data: { lockedUntil: new Date(Date.now() - 1) } })

    startWorker()
    await until(async () => (await jobOf(source)).state === 'done', 90_000, 100)
    expect(await jobOf(source)).toMatchObject({ attempts: 2 })
    expect(await assetOf(source)).toMatchObject({ state: 'ready' })
  }, 150_000)
})
