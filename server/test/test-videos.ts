// Small videos made at test time with ffmpeg's generated sources (testsrc2 pictures, a sine tone),
// plus the broken and wrong files members upload. Everything stays tiny so the tests stay fast.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { ffmpegPath, runTool } from '../features/video/ffmpeg-tools'

export type TestVideoOptions = {
  seconds?: number
  width?: number
  height?: number
  /** Frames per second; '1/3600' makes hours-long files of a few frames. */
  fps?: number | string
  hasAudio?: boolean
  /** Writes the mp4 index (moov) before the data, as web-ready files do. */
  isIndexFirst?: boolean
  /** An ffmpeg video encoder: libx264 (default), mpeg4, ... */
  codec?: string
  /** The file name inside `dir`; its extension picks the container. */
  name?: string
}

const ffmpeg = (args: string[]) => runTool(ffmpegPath(), ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args])

/** A clip of moving test pictures, with a tone unless `hasAudio` is false; returns its path. */
export async function makeTestVideo(dir: string, options: TestVideoOptions = {}): Promise<string> {
  const { seconds = 2, width = 320, height = 180, fps = 15, hasAudio = true, codec = 'libx264', isIndexFirst } = options
  const file = path.join(dir, options.name ?? `clip-${width}x${height}-${seconds}s-${crypto.randomUUID()}.mp4`)
  const picture = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`]
  const tone = hasAudio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`] : []
  const encoder = codec === 'libx264' ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] : ['-c:v', codec]
  const audio = hasAudio ? ['-c:a', 'aac', '-b:a', '64k'] : []
  const index = isIndexFirst ? ['-movflags', '+faststart'] : []
  await ffmpeg([...picture, ...tone, ...encoder, ...audio, ...index, '-shortest', file])
  return file
}

/** A valid mp4 cut in half, as an interrupted upload leaves it; with `isIndexFirst` its index survives. */
export async function makeTruncatedVideo(dir: string, isIndexFirst = false): Promise<string> {
  const whole = await makeTestVideo(dir, { seconds: 2, isIndexFirst })
  const bytes = await fs.readFile(whole)
  const file = path.join(dir, `truncated-${crypto.randomUUID()}.mp4`)
  await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)))
  return file
}

/**
 * Random-looking bytes named .mp4, the same every run: truly random ones are now and then probed as
 * something (1 in 40 read as a subtitle stream), which made the refusal's wording vary.
 */
export async function makeRandomBytesVideo(dir: string): Promise<string> {
  const file = path.join(dir, `random-${crypto.randomUUID()}.mp4`)
  const blocks = Array.from({ length: 2048 }, (_, i) => crypto.createHash('sha256').update(`not a video ${i}`).digest())
  await fs.writeFile(file, Buffer.concat(blocks))
  return file
}

/** Sound without pictures, in an .mp4 or .m4a file. */
export async function makeAudioOnlyFile(dir: string, extension: 'mp4' | 'm4a' = 'm4a'): Promise<string> {
  const file = path.join(dir, `audio-${crypto.randomUUID()}.${extension}`)
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', '-b:a', '64k', file])
  return file
}

/** A PNG picture renamed .mp4. */
export async function makeImageAsVideo(dir: string): Promise<string> {
  const png = path.join(dir, `picture-${crypto.randomUUID()}.png`)
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', png])
  const file = png.replace(/\.png$/, '.mp4')
  await fs.rename(png, file)
  return file
}

/** An 8K (7680x4320) clip of one flat frame shown for a second: above the 4K limit, yet quick to make. */
export function make8kVideo(dir: string): Promise<string> {
  const file = path.join(dir, `8k-${crypto.randomUUID()}.mp4`)
  const picture = ['-f', 'lavfi', '-i', 'color=c=gray:size=7680x4320:rate=1:duration=1']
  return ffmpeg([...picture, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]).then(() => file)
}

/** A video of a single frame: no playing time at all. */
export function makeOneFrameVideo(dir: string): Promise<string> {
  const file = path.join(dir, `one-frame-${crypto.randomUUID()}.mp4`)
  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25']
  return ffmpeg([...picture, '-frames:v', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]).then(() => file)
}

/** An HLS playlist named .mp4 that points at `target`: ffmpeg would follow it to other files. */
export async function makePlaylistAsVideo(dir: string, target: string): Promise<string> {
  const file = path.join(dir, `playlist-${crypto.randomUUID()}.mp4`)
  await fs.writeFile(file, `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n${target}\n#EXT-X-ENDLIST\n`)
  return file
}
