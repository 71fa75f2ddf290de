// Turns a probed upload into an HLS ladder (one ffmpeg process encodes every rung, so the source
// is decoded once), then takes a poster and a few thumbnails with a second, cheap ffmpeg call.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { VideoRendition } from '../../../common/video'
import { ffmpegPath, runTool, ToolError } from './ffmpeg-tools'
import { chooseLadder, type LadderRung } from './ladder'
import type { VideoProbe } from './probe'

export type TranscodeOptions = {
  input: string
  /** A folder for this video alone: created when missing, cleared of our files when we fail. */
  outDir: string
  probe: VideoProbe
  signal?: AbortSignal
  /** 0..100, called when the whole percent changes; 100 once everything is written. */
  onProgress?: (percent: number) => void
  /** libx264's preset. */
  preset?: string
  /** Threads for decoding, scaling and each rung's encoder; 0 leaves the count to ffmpeg (about 1.5 per core). */
  threads?: number
}

export type TranscodeResult = {
  master: string
  poster: string
  thumbnails: string[]
  renditions: VideoRendition[]
  duration: number
  width: number
  height: number
  /** Every file written, relative to outDir, '/'-separated. */
  files: string[]
}

/** A transcode that did not finish: `message` is short Chinese for the member, `detail` is for logs. */
export class TranscodeError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly isAborted = false,
  ) {
    super(message)
    this.name = 'TranscodeError'
  }
}

const MASTER = 'master.m3u8'
const POSTER = 'poster.jpg'
const THUMBNAIL_COUNT = 5
const THUMBNAIL_WIDTH = 160
const POSTER_MAX_WIDTH = 1280
const SEGMENT_SECONDS = 4
// veryfast: on 2 cores speed decides whether a queue of uploads keeps up. For a 20-s 720p30 clip at
// the same quality target, medium took twice the CPU time (37 s against 19 s) for files no smaller.
const DEFAULT_PRESET = 'veryfast'
// The encoding pass reports up to here; the poster and thumbnails take the rest.
const ENCODING_SHARE = 95

/** Writes master.m3u8, one folder per rung (`360p/index.m3u8` and its segments), poster and thumbnails. */
export async function transcodeToHls(options: TranscodeOptions): Promise<TranscodeResult> {
  const { input, outDir, probe, signal, preset = DEFAULT_PRESET, threads = 0 } = options
  const ladder = chooseLadder(probe.width, probe.height)
  const thumbnails = Array.from({ length: THUMBNAIL_COUNT }, (_, i) => `thumb-${i + 1}.jpg`)
  const ownFiles = [MASTER, POSTER, ...thumbnails, ...ladder.map((rung) => rung.label)]
  const report = progressReporter(options.onProgress)
  let createdDir: string | undefined
  try {
    createdDir = await fs.mkdir(outDir, { recursive: true })
    await Promise.all(ladder.map((rung) => fs.mkdir(path.join(outDir, rung.label), { recursive: true })))
    const onLine = (line: string) => {
      const microseconds = /^out_time_us=(\d+)$/.exec(line)?.[1]
      if (microseconds) report((Number(microseconds) / 1e6 / probe.duration) * ENCODING_SHARE)
    }
    await runTool(ffmpegPath(), hlsArguments(input, outDir, ladder, probe.hasAudio, preset, threads), {
      signal,
      onLine,
      isBackground: true,
    })
    report(ENCODING_SHARE)
    const posterWidth = Math.min(ladder[ladder.length - 1].width, POSTER_MAX_WIDTH)
    await runTool(ffmpegPath(), imageArguments(input, outDir, probe.videoDuration, posterWidth, thumbnails), { signal, isBackground: true })
    // ffmpeg writes nothing, and says nothing, for a moment it finds no picture at.
    const images = await existingFiles(outDir, [POSTER, ...thumbnails])
    if (!images.includes(POSTER)) throw new TranscodeError('视频转码失败：无法截取封面', 'ffmpeg wrote no poster')
    const files = [MASTER, ...images, ...(await listRungFiles(outDir, ladder))]
    report(100)
    return {
      master: MASTER,
      poster: POSTER,
      thumbnails: images.filter((name) => name !== POSTER),
      renditions: ladder.map((rung) => ({ height: rung.height, label: rung.label })),
      duration: probe.duration,
      width: probe.width,
      height: probe.height,
      files,
    }
  } catch (error) {
    // A folder we made is ours to remove whole; in one we were given, only the names we write.
    if (createdDir) await fs.rm(outDir, { recursive: true, force: true })
    else await Promise.all(ownFiles.map((name) => fs.rm(path.join(outDir, name), { recursive: true, force: true })))
    throw toTranscodeError(error)
  }
}

// An absolute path cannot pass for an option or an address; only local files may be opened.
const inputArguments = (input: string) => ['-protocol_whitelist', 'file', '-i', path.resolve(input)]

function hlsArguments(input: string, outDir: string, ladder: LadderRung[], hasAudio: boolean, preset: string, threads: number) {
  const decoderThreads = threads > 0 ? ['-threads', String(threads)] : []
  const otherThreads = threads > 0 ? ['-filter_complex_threads', String(threads)] : []
  const encoderThreads = threads > 0 ? ['-threads', String(threads)] : []
  const splits = ladder.map((_, i) => `[s${i}]`).join('')
  // format=yuv420p: browsers play 8-bit 4:2:0 only (phones record 10-bit HDR, screen recorders 4:4:4).
  const scales = ladder.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height},setsar=1,format=yuv420p[v${i}]`)
  const streams = ladder.flatMap((rung, i) => [
    ...['-map', `[v${i}]`],
    // Quality-driven (CRF) under a cap: a still lecture costs few bytes, busy scenes no more than the rung allows.
    ...[`-maxrate:v:${i}`, `${rung.videoBitrate}k`, `-bufsize:v:${i}`, `${rung.videoBitrate * 2}k`],
    ...(hasAudio ? ['-map', '0:a:0', `-b:a:${i}`, `${rung.audioBitrate}k`] : []),
  ])
  const streamMap = ladder.map((rung, i) => (hasAudio ? `v:${i},a:${i},name:${rung.label}` : `v:${i},name:${rung.label}`))
  return [
    ...['-nostdin', '-hide_banner', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'],
    ...otherThreads,
    ...decoderThreads,
    ...inputArguments(input),
    ...['-filter_complex', [`[0:v:0]split=${ladder.length}${splits}`, ...scales].join(';')],
    ...streams,
    ...['-c:v', 'libx264', '-preset', preset, '-crf', '23', ...encoderThreads],
    // A key frame every 4 s of source time, whatever the frame rate, so every segment can start on one.
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...(hasAudio ? ['-c:a', 'aac', '-ac', '2'] : []),
    // Audio packets wait in this queue while the encoders start up; the default is too short for 4 of them.
    ...['-max_muxing_queue_size', '4096'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', path.join(outDir, '%v', 'segment-%d.ts')],
    ...['-master_pl_name', MASTER, '-var_stream_map', streamMap.join(' ')],
    path.join(outDir, '%v', 'index.m3u8'),
  ]
}

// Each picture is its own input seeked by -ss before -i, which jumps to the nearest key frame
// instead of decoding the video up to that point.
function imageArguments(input: string, outDir: string, duration: number, posterWidth: number, thumbnails: string[]) {
  const shots = [
    { at: duration * 0.1, width: posterWidth, name: POSTER, quality: '3' },
    ...thumbnails.map((name, i) => ({ at: (duration * (i + 0.5)) / thumbnails.length, width: THUMBNAIL_WIDTH, name, quality: '5' })),
  ]
  return [
    ...['-nostdin', '-hide_banner', '-y', '-loglevel', 'error'],
    ...shots.flatMap((shot) => ['-ss', shot.at.toFixed(3), ...inputArguments(input)]),
    ...shots.flatMap((shot, i) => [
      ...['-map', `${i}:v:0`, '-frames:v', '1', '-vf', `scale=${shot.width}:-2`, '-q:v', shot.quality],
      path.join(outDir, shot.name),
    ]),
  ]
}

async function existingFiles(dir: string, names: string[]) {
  const sizes = await Promise.all(
    names.map((name) =>
      fs.stat(path.join(dir, name)).then(
        (stat) => stat.size,
        () => 0,
      ),
    ),
  )
  return names.filter((_, i) => sizes[i] > 0)
}

async function listRungFiles(outDir: string, ladder: LadderRung[]) {
  const listings = await Promise.all(ladder.map((rung) => fs.readdir(path.join(outDir, rung.label))))
  return ladder.flatMap((rung, i) => listings[i].sort(byNumber).map((name) => `${rung.label}/${name}`))
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })

// Whole percents only, never backwards; a reporter that throws or rejects must not stop the transcode.
function progressReporter(onProgress: TranscodeOptions['onProgress']) {
  let last = -1
  return (value: number) => {
    const percent = Math.min(100, Math.floor(value))
    if (!onProgress || percent <= last) return
    last = percent
    try {
      const result: unknown = onProgress(percent)
      if (result instanceof Promise) result.catch(() => {})
    } catch {
      // Progress is advisory; the transcode's own outcome is what the caller acts on.
    }
  }
}

function toTranscodeError(error: unknown): TranscodeError {
  if (error instanceof TranscodeError) return error
  if (!(error instanceof ToolError)) return new TranscodeError('视频转码失败：无法写入转码文件', String(error))
  const detail = error.stderrTail.trim()
  if (error.isAborted) return new TranscodeError('视频转码已取消', detail, true)
  if (error.isMissing) return new TranscodeError('视频转码失败：服务器未安装 ffmpeg', error.message)
  if (/No space left on device/i.test(detail)) return new TranscodeError('视频转码失败：服务器磁盘空间不足', detail)
  if (/Decoder .*not found|Unsupported codec|unknown codec/i.test(detail)) {
    return new TranscodeError('视频转码失败：不支持该视频编码格式', detail)
  }
  if (/Invalid data|moov atom|corrupt|error while decoding|Invalid NAL|partial file|truncat/i.test(detail)) {
    return new TranscodeError('视频转码失败：文件数据损坏', detail)
  }
  return new TranscodeError('视频转码失败：无法处理该视频', detail || error.message)
}
