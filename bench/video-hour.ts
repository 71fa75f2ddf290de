// bench/video.ts, part 3's videos: an hour-long lecture, as the issue measures playback start for, made
// in seconds from the test video instead of an hour of encoding. The MP4 repeats the original's
// streams up to an hour without re-encoding (+faststart, so its index, which grows with the length, comes
// first as a web-ready file's does). The HLS copy is the real ladder of the test video, made by the
// server's own transcodeToHls, with each rung's segments repeated as often into an hour-long playlist
// (stream copy: the rungs' key frames every 4 s keep the segments whole).
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { transcodeToHls } from '../server/features/video/transcode'
import { probeVideo } from '../server/features/video/probe'

const run = promisify(execFile)
const HOUR_SECONDS = 3600

export type HourLongVideo = {
  /** The hour-long MP4 under the upload folder (no streaming copy: the player plays it as it is). */
  mp4Key: string
  /** The same MP4 under a second name, whose streaming copy is the hour-long ladder below. */
  hlsKey: string
  /** The ladder's files, to be placed under the streaming copy's prefix. */
  ladderDir: string
  renditions: string
  duration: number
  width: number
  height: number
}

/** Makes both hour-long versions of `original` in `uploadDir/folder` (the MP4s) and `workDir/hour-ladder` (the ladder). */
export async function makeHourLongVideo(original: string, workDir: string, uploadDir: string, folder: string): Promise<HourLongVideo> {
  const probe = await probeVideo(original)
  const repeats = Math.round(HOUR_SECONDS / probe.duration)
  const mp4Key = `${folder}/hour.mp4`
  const hlsKey = `${folder}/hour-hls.mp4`
  const mp4 = path.join(uploadDir, mp4Key)
  await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-stream_loop', String(repeats - 1), '-i', original],
    ...['-c', 'copy', '-movflags', '+faststart', mp4],
  ])
  // A second name for the same bytes: the page with the streaming copy keeps an original to fall back on.
  fs.linkSync(mp4, path.join(uploadDir, hlsKey))

  const shortLadder = path.join(workDir, 'short-ladder')
  const made = await transcodeToHls({ input: original, outDir: shortLadder, probe })
  const ladderDir = path.join(workDir, 'hour-ladder')
  fs.mkdirSync(ladderDir, { recursive: true })
  for (const { label } of made.renditions) {
    const rungDir = path.join(shortLadder, label)
    const segments = fs
      .readFileSync(path.join(rungDir, 'index.m3u8'), 'utf8')
      .split('\n')
      .filter((line) => line.endsWith('.ts'))
    const list = path.join(workDir, `concat-${label}.txt`)
    const entries = segments.map((name) => `file '${path.join(rungDir, name)}'`).join('\n')
    fs.writeFileSync(list, Array.from({ length: repeats }, () => entries).join('\n') + '\n')
    const outDir = path.join(ladderDir, label)
    fs.mkdirSync(outDir)
    await run('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
      ...['-hls_segment_filename', path.join(outDir, 'segment-%d.ts'), path.join(outDir, 'index.m3u8')],
    ])
  }
  for (const name of [path.basename(made.master), path.basename(made.poster), ...made.thumbnails.map((file) => path.basename(file))])
    fs.copyFileSync(path.join(shortLadder, name), path.join(ladderDir, name))
  fs.rmSync(shortLadder, { recursive: true, force: true })
  return {
    mp4Key,
    hlsKey,
    ladderDir,
    renditions: JSON.stringify(made.renditions),
    duration: made.duration * repeats,
    width: made.width,
    height: made.height,
  }
}
