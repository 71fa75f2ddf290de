// The one video player of the public pages (teacher video, course, home). It plays a video's streaming
// copy (common/video.ts) when the transcoding job has made one, and the uploaded original meanwhile, with
// the job's state said in Chinese. The box keeps its aspect ratio from the first paint, so nothing moves
// when the video or a message arrives.
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { VIDEO_STATE_TEXT, type VideoRendition, type VideoStream } from '../../../../common/video'
import { mediaAddress } from '../../lib/media-address'
import { posterUrl } from '../ui/responsive-image'
import { useProgressReport } from './use-progress-report'
import { useStreamEngine, type EngineMode } from './use-stream-engine'
import './video-player.css'

export type VideoPlayerProps = {
  /** The video's title: the player is labelled "视频：<title>". */
  title: string
  /** The streaming copy; null or undefined when the video has none (yet). */
  stream: VideoStream | null | undefined
  /** The uploaded MP4, played when there is no ready stream (or the stream cannot play here). */
  original?: string
  /** A picture shown before playback; a ready stream's own poster wins. */
  poster?: string
  /** Seconds to start from (a saved position), applied once the video can play. */
  startAt?: number
  /** Called after every 10 s of playback and on pause and end, to save the position. */
  onProgress?: (seconds: number, duration: number) => void
  className?: string
  /**
   * 'none' where several players share a page and most are never played (the home page): nothing is
   * fetched, hls.js included, until the viewer presses play. 'auto' for the page's main video (a
   * course, a teacher video): a stream's first segment is fetched once the page is idle.
   */
  preload?: 'none' | 'metadata' | 'auto'
}

type QualityOption = { index: number; label: string }

/** hls.js levels as menu entries, highest first, named by the stream's renditions where they match. */
function qualityOptions(levelHeights: number[], renditions: VideoRendition[]): QualityOption[] {
  const byHeight = new Map<number, number>()
  // One entry per height (the first level of it): two bitrates of one height are one choice to a viewer.
  levelHeights.forEach((height, index) => {
    if (height > 0 && !byHeight.has(height)) byHeight.set(height, index)
  })
  return [...byHeight]
    .sort(([a], [b]) => b - a)
    .map(([height, index]) => ({ index, label: renditions.find((r) => r.height === height)?.label ?? `${height}p` }))
}

/** Starts playback; a refusal (a browser that wants the tap itself) leaves the controls for a second press. */
function tryPlay(video: HTMLVideoElement) {
  Promise.resolve(video.play()).catch(() => undefined)
}

const percentOf = (percent: number) => `${Math.min(100, Math.max(0, Math.round(percent)))}%`

const ENGINE_MESSAGE: Partial<Record<EngineMode, string>> = {
  unsupported: '当前浏览器无法播放此视频，请换用其他浏览器',
  error: '视频加载失败，请稍后再试',
}

export function VideoPlayer({ title, stream, original, poster, startAt, onProgress, className, preload = 'metadata' }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const selectId = useId()
  const ready = stream?.state === 'ready' ? stream : null
  const master = ready ? mediaAddress(ready.master) : null
  const originalSrc = original ? mediaAddress(original) : ''
  // Until the first play the poster and one large play button show; with preload 'none' the stream is
  // not even attached (hls.js not downloaded) before that.
  const [isStarted, setStarted] = useState(false)
  const wantsPlayRef = useRef(false)
  const isAttached = master !== null && (preload !== 'none' || isStarted)
  const engine = useStreamEngine(videoRef, isAttached ? master : null, Boolean(originalSrc), startAt, preload === 'auto')
  const progress = useProgressReport(onProgress, ready?.duration)
  const seekedSourceRef = useRef<string | null>(null)

  // The job's frame is drawn as stored (nothing makes WebP copies of it); a cover picture has copies.
  const posterAddress = ready?.poster ? mediaAddress(ready.poster) : poster ? posterUrl(poster) : undefined
  const boxStyle: CSSProperties | undefined =
    ready && ready.width > 0 && ready.height > 0 ? { aspectRatio: `${ready.width} / ${ready.height}` } : undefined
  const boxClass = ['video-player', className].filter(Boolean).join(' ')

  // What the <video> element plays: hls.js attaches itself (no src), the others are plain addresses.
  let src: string | undefined
  let isPlayable: boolean
  if (master && !isAttached) {
    src = undefined
    isPlayable = true
  } else if (master) {
    src = engine.mode === 'native' ? master : engine.mode === 'fallback' ? originalSrc : undefined
    isPlayable = !ENGINE_MESSAGE[engine.mode]
  } else {
    src = originalSrc || undefined
    isPlayable = Boolean(originalSrc)
  }

  // Play once there is something to play: at once for a file, when hls.js has parsed the playlist
  // for a stream (its 'play' listener then starts loading segments).
  const canPlayNow = Boolean(src) || engine.mode === 'hls'
  useEffect(() => {
    const video = videoRef.current
    if (!wantsPlayRef.current || !video || !canPlayNow) return
    wantsPlayRef.current = false
    tryPlay(video)
  }, [canPlayNow, src])

  const start = () => {
    setStarted(true)
    wantsPlayRef.current = true
    const video = videoRef.current
    // Inside the press, for browsers that allow sound only then; a stream still loading plays from the effect.
    if (video && canPlayNow) {
      wantsPlayRef.current = false
      tryPlay(video)
    }
    video?.focus()
  }

  if (!isPlayable) {
    return (
      <div className={`${boxClass} video-player--message`} style={boxStyle}>
        {posterAddress && <img className="video-player__backdrop" src={posterAddress} alt="" decoding="async" />}
        <Message stream={stream} engineMode={engine.mode} />
      </div>
    )
  }

  const sourceKey = master ?? originalSrc
  const options = engine.mode === 'hls' ? qualityOptions(engine.levelHeights, ready?.renditions ?? []) : []
  const badge = !stream || stream.state === 'ready' ? null : stream.state === 'failed' ? '转码失败，正在播放原视频' : progressText(stream)

  return (
    <div className={boxClass} style={boxStyle} data-mode={master ? engine.mode : 'file'}>
      <video
        key={sourceKey}
        ref={videoRef}
        className="video-player__video"
        src={src}
        poster={posterAddress}
        // An MP4 is never fetched whole ahead of a press: 'auto' warms up a stream only.
        preload={preload === 'auto' ? 'metadata' : preload}
        playsInline
        controls={isStarted}
        tabIndex={isStarted ? undefined : -1}
        aria-label={`视频：${title}`}
        onPlay={() => setStarted(true)}
        onLoadedMetadata={(event) => {
          // hls.js starts loading at startAt itself; a file or native HLS seeks once it knows its length.
          if (engine.mode === 'hls' || seekedSourceRef.current === sourceKey) return
          seekedSourceRef.current = sourceKey
          const video = event.currentTarget
          const at = startAt ?? 0
          const isPastEnd = Number.isFinite(video.duration) && at >= video.duration - 1
          if (Number.isFinite(at) && at > 0 && !isPastEnd) video.currentTime = at
        }}
        {...progress}
      >
        您的浏览器不支持视频播放。
      </video>
      {!isStarted && (
        <button type="button" className="video-player__start" onClick={start} aria-label={`播放「${title}」`}>
          <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </button>
      )}
      {badge && (
        <p className={`video-player__badge${stream?.state === 'failed' ? ' video-player__badge--warning' : ''}`} role="status">
          {badge}
        </p>
      )}
      {options.length > 1 && (
        <div className="video-player__quality">
          <label htmlFor={selectId}>清晰度</label>
          <select id={selectId} value={engine.level} onChange={(event) => engine.chooseLevel(Number(event.target.value))}>
            <option value={-1}>自动</option>
            {options.map((option) => (
              <option key={option.index} value={option.index}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}

function progressText(stream: { state: 'queued' | 'running'; percent: number }): string {
  return stream.state === 'queued' ? VIDEO_STATE_TEXT.queued : `${VIDEO_STATE_TEXT.running} ${percentOf(stream.percent)}`
}

/** The box's words when nothing can play: the job's state, or why the stream cannot play here. */
function Message({ stream, engineMode }: { stream: VideoStream | null | undefined; engineMode: EngineMode }) {
  if (stream?.state === 'queued' || stream?.state === 'running') {
    return (
      <div className="video-player__message" role="status">
        <p className="video-player__headline">视频转码中，请稍后再来</p>
        <p className="video-player__detail">{progressText(stream)}</p>
        {stream.state === 'running' && (
          <span className="video-player__meter" aria-hidden="true">
            <span style={{ width: percentOf(stream.percent) }} />
          </span>
        )}
      </div>
    )
  }
  const text =
    stream?.state === 'failed'
      ? `视频转码失败：${stream.reason}`
      : stream?.state === 'ready'
        ? (ENGINE_MESSAGE[engineMode] ?? '视频暂不可播放')
        : '视频暂不可播放'
  return (
    <div className="video-player__message" role="status">
      <p className="video-player__headline">{text}</p>
    </div>
  )
}
