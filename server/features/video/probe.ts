// What ffprobe says about an upload, and the refusals a member sees when it is not a video we can
// stream: each reason is a Chinese sentence shown as is (common/video.ts, state 'failed').
import path from 'node:path'
import { ffprobePath, runTool, ToolError } from './ffmpeg-tools'

export type VideoProbe = {
  /** Seconds, the longest stream's. */
  duration: number
  /** Seconds the pictures last: shorter than `duration` when the sound runs on. */
  videoDuration: number
  /** As displayed: after rotation and non-square pixels. */
  width: number
  height: number
  /** Degrees clockwise the player turns the stored picture: 0, 90, 180 or 270. */
  rotation: number
  videoCodec: string
  hasAudio: boolean
}

/** An upload we will not transcode; `reason` says why in Chinese, for the member. */
export class VideoRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'VideoRefusal'
  }
}

export const DEFAULT_MAX_DURATION_SECONDS = 4 * 3600
const MIN_DURATION_SECONDS = 1
// 4K as DCI defines it; a portrait video may be 2160 wide and 4096 tall.
const MAX_LONG_SIDE = 4096
const MAX_SHORT_SIDE = 2160
// A file whose streams claim more bytes than it holds lost its end (an interrupted upload whose index
// came first). Some slack: containers round their bit rates.
const TRUNCATED_SHARE = 0.9
const STILL_IMAGE = '这是一张图片，不是视频，请上传视频文件'
const UNRECOGNIZED = '无法识别该文件，请上传视频文件'
// Playlists and lists of files make ffmpeg open other files or addresses: an upload must be the video itself.
const REFERENCING_FORMATS = /^(hls|applehttp|dash|concat|ffconcat|webm_dash_manifest|sdp|rtsp|tee)$/
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'jpeg2000', 'bmp', 'gif', 'webp', 'tiff', 'apng'])

type ProbeStream = {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  duration?: string
  nb_frames?: string
  bit_rate?: string
  sample_aspect_ratio?: string
  disposition?: { attached_pic?: number }
  tags?: { rotate?: string }
  side_data_list?: { rotation?: number }[]
}
type ProbeOutput = { format?: { format_name?: string; duration?: string; size?: string }; streams?: ProbeStream[] }

/** Reads `file` with ffprobe; throws VideoRefusal when it is not a video we can stream. */
export async function probeVideo(file: string, maxDurationSeconds = DEFAULT_MAX_DURATION_SECONDS): Promise<VideoProbe> {
  const output = await readProbe(file)
  if (REFERENCING_FORMATS.test(output.format?.format_name ?? '')) throw new VideoRefusal(UNRECOGNIZED)
  const streams = output.streams ?? []
  // A cover picture inside a music file is a video stream too, flagged attached_pic.
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  const hasAudio = streams.some((stream) => stream.codec_type === 'audio')
  if (!video) throw new VideoRefusal(hasAudio ? '文件只有声音没有画面，请上传视频文件' : UNRECOGNIZED)
  const duration = Number(output.format?.duration ?? video.duration)
  if (isStillImage(video, output.format?.format_name, duration)) throw new VideoRefusal(STILL_IMAGE)
  if (!Number.isFinite(duration) || !video.width || !video.height) throw new VideoRefusal('视频文件已损坏，无法读取，请重新上传')
  if (duration < MIN_DURATION_SECONDS) throw new VideoRefusal('视频太短，时长不足 1 秒')
  if (duration > maxDurationSeconds) throw new VideoRefusal(`视频时长超过 ${describeDuration(maxDurationSeconds)}`)
  if (isTruncated(streams, Number(output.format?.size), duration)) throw new VideoRefusal('视频文件不完整，可能上传时中断了，请重新上传')
  const rotation = rotationOf(video)
  const storedWidth = Math.round(video.width * pixelAspect(video.sample_aspect_ratio))
  const [width, height] = rotation % 180 ? [video.height, storedWidth] : [storedWidth, video.height]
  if (Math.max(width, height) > MAX_LONG_SIDE || Math.min(width, height) > MAX_SHORT_SIDE) {
    throw new VideoRefusal('视频分辨率超过 4K（4096×2160），请缩小后再上传')
  }
  // A single picture held for a while, e.g. a photo exported as mp4.
  if (Number(video.nb_frames) === 1) throw new VideoRefusal(STILL_IMAGE)
  const videoDuration = Math.min(duration, Number(video.duration) || duration)
  return { duration, videoDuration, width, height, rotation, videoCodec: video.codec_name ?? 'unknown', hasAudio }
}

async function readProbe(file: string): Promise<ProbeOutput> {
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', path.resolve(file)]
  try {
    return JSON.parse(await runTool(ffprobePath(), args)) as ProbeOutput
  } catch (error) {
    // Not a media file, or one too damaged to open (a cut-off mp4 loses its index, the moov atom).
    if (error instanceof ToolError && !error.isMissing && !error.isAborted) {
      throw new VideoRefusal('无法读取该文件：不是视频文件，或文件不完整、已损坏')
    }
    throw error
  }
}

// A picture renamed .mp4 opens as a "video" read by an image demuxer, or with no playing time.
function isStillImage(video: ProbeStream, formatName = '', duration: number) {
  if (/_pipe$|^image2$/.test(formatName)) return true
  return IMAGE_CODECS.has(video.codec_name ?? '') && (!Number.isFinite(duration) || Number(video.nb_frames) <= 1)
}

// Each stream over its own length: sound may run on after the pictures end.
function isTruncated(streams: ProbeStream[], fileBytes: number, duration: number) {
  const claimedBytes = streams.reduce(
    (sum, stream) => sum + ((Number(stream.bit_rate) || 0) * (Number(stream.duration) || duration)) / 8,
    0,
  )
  return fileBytes > 0 && fileBytes < claimedBytes * TRUNCATED_SHARE
}

// Phones store portrait video as landscape plus a display matrix (ffmpeg 5+) or a rotate tag (older).
function rotationOf(video: ProbeStream) {
  const matrix = video.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation
  const degrees = matrix !== undefined ? -matrix : Number(video.tags?.rotate ?? 0)
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360
}

// "4:3" on a 720x576 DVD frame: its pixels are wider than tall.
function pixelAspect(ratio = '1:1') {
  const [x, y] = ratio.split(':').map(Number)
  return x > 0 && y > 0 ? x / y : 1
}

function describeDuration(seconds: number) {
  if (seconds % 3600 === 0) return `${seconds / 3600} 小时`
  if (seconds % 60 === 0) return `${seconds / 60} 分钟`
  return `${seconds} 秒`
}
