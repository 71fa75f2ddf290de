// What a page knows about a video's streaming copy (issue 24): the server's job turns an upload into
// an HLS ladder (server/features/video/), the player (client/src/components/video/) plays it.

/** One rung of the ladder: its height in pixels and the name the quality menu shows. */
export type VideoRendition = { height: number; label: string }

/** The streaming copy's state as a page receives it. */
export type VideoStream =
  /** Transcoded: `master` is the HLS master playlist, `poster` a frame of the video. */
  | {
      state: 'ready'
      master: string
      poster: string
      /** Seconds. */
      duration: number
      width: number
      height: number
      renditions: VideoRendition[]
    }
  /** Waiting for or inside its transcoding job; the original plays meanwhile when there is one. */
  | { state: 'queued' | 'running'; percent: number }
  /** The job gave up: `reason` is Chinese and says what was wrong with the file. */
  | { state: 'failed'; reason: string }

export const VIDEO_STATE_TEXT = { queued: '等待转码', running: '转码中', ready: '可播放', failed: '转码失败' } as const

/** 754.2 → "12:34", 3723 → "1:02:03": how a position is offered back ("从 12:34 继续播放"). */
export function formatPlayTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = whole % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`
}
