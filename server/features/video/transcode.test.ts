import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  make8kVideo,
  makeAudioOnlyFile,
  makeImageAsVideo,
  makeOneFrameVideo,
  makePlaylistAsVideo,
  makeRandomBytesVideo,
  makeTestVideo,
  makeTruncatedVideo,
} from '../../test/test-videos'
import { env } from '../../env'
import { ffprobePath, runTool, transcodeThreads } from './ffmpeg-tools'
import { probeVideo, VideoRefusal } from './probe'
import { transcodeToHls, TranscodeError } from './transcode'

// Generated clips are tiny and low frame rate, and tests encode with ultrafast, to keep the file quick.
const preset = 'ultrafast'
let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(process.env.TEST_DIR ?? os.tmpdir(), 'video-'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

async function refusalOf(file: Promise<string>, maxDurationSeconds?: number) {
  const error = await probeVideo(await file, maxDurationSeconds).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(VideoRefusal)
  return (error as VideoRefusal).reason
}

const playlistDurations = async (file: string) =>
  [...(await fs.readFile(file, 'utf8')).matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]))

async function isJpeg(file: string) {
  const bytes = await fs.readFile(file)
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}

async function streamsOf(file: string) {
  const args = ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height', '-print_format', 'json', file]
  return (JSON.parse(await runTool(ffprobePath(), args)) as { streams: object[] }).streams
}

describe('probeVideo', () => {
  test('reads duration, size, codec and sound of a video', async () => {
    const file = await makeTestVideo(dir, { seconds: 2, width: 320, height: 180 })

    expect(await probeVideo(file)).toEqual({
      duration: 2,
      videoDuration: 2,
      width: 320,
      height: 180,
      rotation: 0,
      videoCodec: 'h264',
      hasAudio: true,
    })
  })

  test('refuses a playlist named .mp4, which would make ffmpeg open other files', async () => {
    const target = await makeTestVideo(dir, { seconds: 2, hasAudio: false, name: 'target.ts' })
    expect(await refusalOf(makePlaylistAsVideo(dir, target))).toBe('无法识别该文件，请上传视频文件')
  })

  test('refuses random bytes and a cut-off mp4 as unreadable', async () => {
    const unreadable = '无法读取该文件：不是视频文件，或文件不完整、已损坏'
    expect(await refusalOf(makeRandomBytesVideo(dir))).toBe(unreadable)
    expect(await refusalOf(makeTruncatedVideo(dir))).toBe(unreadable)
  })

  test('refuses a cut-off mp4 whose index survived as incomplete', async () => {
    expect(await refusalOf(makeTruncatedVideo(dir, true))).toBe('视频文件不完整，可能上传时中断了，请重新上传')
  })

  test('refuses sound without pictures', async () => {
    expect(await refusalOf(makeAudioOnlyFile(dir, 'm4a'))).toBe('文件只有声音没有画面，请上传视频文件')
    expect(await refusalOf(makeAudioOnlyFile(dir, 'mp4'))).toBe('文件只有声音没有画面，请上传视频文件')
  })

  test('refuses a picture renamed .mp4', async () => {
    expect(await refusalOf(makeImageAsVideo(dir))).toBe('这是一张图片，不是视频，请上传视频文件')
  })

  test('refuses a video of one frame as too short', async () => {
    expect(await refusalOf(makeOneFrameVideo(dir))).toBe('视频太短，时长不足 1 秒')
  })

  test('refuses 8K', async () => {
    expect(await refusalOf(make8kVideo(dir))).toBe('视频分辨率超过 4K（4096×2160），请缩小后再上传')
  })

  test('refuses a video longer than 4 hours, or than the limit given', async () => {
    // Five frames an hour apart: a five-hour file of a few kilobytes.
    const long = makeTestVideo(dir, { seconds: 5 * 3600, fps: '1/3600', width: 32, height: 32, hasAudio: false })
    expect(await refusalOf(long)).toBe('视频时长超过 4 小时')
    expect(await refusalOf(makeTestVideo(dir, { seconds: 2, hasAudio: false }), 1)).toBe('视频时长超过 1 秒')
  })
})

describe('transcodeToHls', () => {
  test('gives a 360p source one 360p rung, a poster and thumbnails', async () => {
    const input = await makeTestVideo(dir, { seconds: 3, width: 640, height: 360, fps: 10 })
    const outDir = path.join(dir, 'small')
    const percents: number[] = []

    const result = await transcodeToHls({ input, outDir, probe: await probeVideo(input), preset, onProgress: (p) => percents.push(p) })

    expect(result).toMatchObject({
      master: 'master.m3u8',
      poster: 'poster.jpg',
      thumbnails: ['thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg', 'thumb-4.jpg', 'thumb-5.jpg'],
      renditions: [{ height: 360, label: '360p' }],
      duration: 3,
      width: 640,
      height: 360,
    })
    const master = await fs.readFile(path.join(outDir, 'master.m3u8'), 'utf8')
    expect(master.match(/#EXT-X-STREAM-INF:.*/g)).toEqual([expect.stringContaining('RESOLUTION=640x360')])
    expect(master).toContain('360p/index.m3u8')
    expect(await fs.readdir(outDir, { recursive: true })).toHaveLength(result.files.length + 1) // + the 360p folder
    for (const image of [result.poster, ...result.thumbnails]) expect(await isJpeg(path.join(outDir, image))).toBe(true)
    expect(await streamsOf(path.join(outDir, 'thumb-1.jpg'))).toEqual([expect.objectContaining({ width: 160, height: 90 })])
    expect(percents.at(-1)).toBe(100)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
  })

  test('gives a 720p source 360p, 540p and 720p in playable segments of 4 s', async () => {
    const input = await makeTestVideo(dir, { seconds: 9, width: 1280, height: 720, fps: 5 })
    const outDir = path.join(dir, 'hd')

    const result = await transcodeToHls({ input, outDir, probe: await probeVideo(input), preset })

    expect(result.renditions).toEqual([
      { height: 360, label: '360p' },
      { height: 540, label: '540p' },
      { height: 720, label: '720p' },
    ])
    for (const label of ['360p', '540p', '720p']) {
      expect(await playlistDurations(path.join(outDir, label, 'index.m3u8'))).toEqual([4, 4, 1])
    }
    expect(await streamsOf(path.join(outDir, '540p', 'segment-1.ts'))).toEqual([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 960, height: 540 }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
    ])
    expect(await streamsOf(path.join(outDir, 'poster.jpg'))).toEqual([expect.objectContaining({ width: 1280, height: 720 })])
  })

  test('takes the poster and thumbnails while there are pictures, when the sound runs on', async () => {
    const input = await makeTestVideo(dir, { seconds: 2, hasAudio: false })
    const outDir = path.join(dir, 'short-pictures')
    const probe = { ...(await probeVideo(input)), duration: 10 }

    const result = await transcodeToHls({ input, outDir, probe, preset })

    expect(result.thumbnails).toHaveLength(5)
  })

  test('transcodes a source without sound', async () => {
    const input = await makeTestVideo(dir, { seconds: 2, width: 320, height: 180, fps: 10, hasAudio: false })
    const outDir = path.join(dir, 'silent')

    const result = await transcodeToHls({ input, outDir, probe: await probeVideo(input), preset })

    expect(result.renditions).toEqual([{ height: 180, label: '180p' }])
    expect(await streamsOf(path.join(outDir, '180p', 'segment-0.ts'))).toEqual([expect.objectContaining({ codec_type: 'video' })])
  })

  test('stops when aborted, removes what it wrote and rejects', async () => {
    const input = await makeTestVideo(dir, { seconds: 6, width: 1280, height: 720, fps: 5 })
    const outDir = path.join(dir, 'aborted')
    const controller = new AbortController()
    // Any report short of 100 comes before the last file is written.
    const onProgress = (percent: number) => percent < 100 && controller.abort()

    const transcode = transcodeToHls({ input, outDir, probe: await probeVideo(input), preset, signal: controller.signal, onProgress })

    await expect(transcode).rejects.toMatchObject({ name: 'TranscodeError', message: '视频转码已取消', isAborted: true })
    await expect(fs.access(outDir)).rejects.toThrow()
  })

  test('fails with a short Chinese message and keeps files it did not write', async () => {
    const good = await makeTestVideo(dir, { seconds: 2, hasAudio: false })
    const outDir = path.join(dir, 'broken')
    await fs.mkdir(outDir)
    await fs.writeFile(path.join(outDir, 'notes.txt'), 'not ours')

    const transcode = transcodeToHls({ input: await makeRandomBytesVideo(dir), outDir, probe: await probeVideo(good), preset })

    await expect(transcode).rejects.toBeInstanceOf(TranscodeError)
    await expect(transcode).rejects.toThrow('视频转码失败：文件数据损坏')
    expect(await fs.readdir(outDir)).toEqual(['notes.txt'])
  })
})

test('a thread cap reaches the decoder, the scaler and every encoder; without one ffmpeg chooses', async () => {
  const input = await makeTestVideo(dir, { seconds: 2, width: 640, height: 360, fps: 10 })
  // ffmpeg behind a wrapper that writes down the arguments of each call.
  const log = path.join(dir, 'ffmpeg-args.txt')
  const wrapper = path.join(dir, 'ffmpeg-recording.sh')
  await fs.writeFile(wrapper, `#!/bin/sh\necho "$@" >> ${log}\nexec ffmpeg "$@"\n`, { mode: 0o755 })
  const before = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH }
  Object.assign(env, { FFMPEG_PATH: wrapper, FFPROBE_PATH: 'ffprobe' })
  try {
    const probe = await probeVideo(input)
    await transcodeToHls({ input, outDir: path.join(dir, 'capped'), probe, preset, threads: 1 })
    const [capped] = (await fs.readFile(log, 'utf8')).split('\n')
    expect(capped).toContain('-filter_complex_threads 1')
    expect(capped.match(/-threads 1 /g)).toHaveLength(2)
    await fs.rm(log)
    await transcodeToHls({ input, outDir: path.join(dir, 'uncapped'), probe, preset })
    expect(await fs.readFile(log, 'utf8')).not.toContain('threads')
  } finally {
    Object.assign(env, { FFMPEG_PATH: before.ffmpeg, FFPROBE_PATH: before.ffprobe })
  }
})

test('beside a web process a transcode leaves one core to it; a worker-only process and TRANSCODE_THREADS decide otherwise', () => {
  const before = env.TRANSCODE_THREADS
  try {
    env.TRANSCODE_THREADS = undefined
    expect(transcodeThreads(true)).toBe(Math.max(1, os.availableParallelism() - 1))
    expect(transcodeThreads(false)).toBe(0)
    env.TRANSCODE_THREADS = 3
    expect([transcodeThreads(true), transcodeThreads(false)]).toEqual([3, 3])
  } finally {
    env.TRANSCODE_THREADS = before
  }
})

describe('runTool', () => {
  /** The policy and niceness background work runs at under each TRANSCODE_PRIORITY. */
  async function backgroundAt(priority: typeof env.TRANSCODE_PRIORITY) {
    const before = env.TRANSCODE_PRIORITY
    env.TRANSCODE_PRIORITY = priority
    try {
      return await runTool('/bin/sh', ['-c', 'chrt -p $$; sleep 0.2; cut -d " " -f 19 /proc/$$/stat'], { isBackground: true })
    } finally {
      env.TRANSCODE_PRIORITY = before
    }
  }

  test('runs background work under SCHED_IDLE by default, from its first instruction, so requests come first', async () => {
    expect(await backgroundAt('idle')).toContain('SCHED_IDLE')
  })

  test('TRANSCODE_PRIORITY=low runs it at niceness 19, normal as an equal', async () => {
    const low = await backgroundAt('low')
    expect(low).toContain('SCHED_OTHER')
    expect(low.trim().split('\n').at(-1)?.trim()).toBe('19')
    const normal = await backgroundAt('normal')
    expect(normal).toContain('SCHED_OTHER')
    expect(normal.trim().split('\n').at(-1)?.trim()).toBe('0')
  })

  test('runs other tools at the normal policy', async () => {
    expect(await runTool('/bin/sh', ['-c', 'chrt -p $$'])).toContain('SCHED_OTHER')
  })
})
