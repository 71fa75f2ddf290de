// Plays an HLS master playlist in whatever way the browser allows: hls.js over Media Source Extensions
// (loaded on demand, so pages without a ready stream never download it), the browser's own HLS (iOS
// Safari), or the uploaded original. hls.js needs MSE, so a browser without it skips the download.
import { useEffect, useRef, useState, type RefObject } from 'react'
import type Hls from 'hls.js'
import { whenIdle } from '../../lib/when-idle'

/** How the master is being played; 'loading' until the effect has decided. */
export type EngineMode = 'loading' | 'hls' | 'native' | 'fallback' | 'unsupported' | 'error'

export type StreamEngine = {
  mode: EngineMode
  /** hls.js levels by index (height in pixels); empty unless mode is 'hls'. */
  levelHeights: number[]
  /** The chosen level's index, -1 for automatic. */
  level: number
  chooseLevel: (index: number) => void
}

type Settled = { master: string; mode: Exclude<EngineMode, 'loading'>; levelHeights: number[]; level: number }

const HLS_TYPE = 'application/vnd.apple.mpegurl'

/** Seconds buffered before the first press on a page's main video: its first segment (4-6 s) of the lowest rung. */
const WARM_BUFFER_SECONDS = 4

function hasMediaSource(): boolean {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown; WebKitMediaSource?: unknown }
  return Boolean(scope.MediaSource ?? scope.ManagedMediaSource ?? scope.WebKitMediaSource)
}

/**
 * Attaches `master` (null: nothing to attach) to the video element. `startAt` is read when playback
 * starts: hls.js loads from there instead of loading the start first and seeking. `warm`: the page's
 * main video, whose first segment of the lowest rung is fetched once the page is idle, so the first
 * frame follows the press as it does for an MP4 the browser has begun; the rest waits for play.
 */
export function useStreamEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  master: string | null,
  hasFallback: boolean,
  startAt: number | undefined,
  warm = false,
): StreamEngine {
  const [settled, setSettled] = useState<Settled | null>(null)
  const hlsRef = useRef<Hls | null>(null)
  const startAtRef = useRef(startAt)
  useEffect(() => {
    startAtRef.current = startAt
  }, [startAt])

  useEffect(() => {
    const video = videoRef.current
    if (!master || !video) return
    let isCancelled = false
    let hls: Hls | null = null
    const settle = (mode: Settled['mode'], levelHeights: number[] = []) => {
      if (!isCancelled) setSettled({ master, mode, levelHeights, level: -1 })
    }
    const playNatively = () => settle(video.canPlayType(HLS_TYPE) ? 'native' : hasFallback ? 'fallback' : 'unsupported')
    const dropHls = () => {
      hls?.destroy()
      hls = null
      hlsRef.current = null
    }

    const loading = hasMediaSource() ? import('hls.js').then((module) => module.default) : Promise.resolve(null)
    loading.then(
      (HlsClass) => {
        if (isCancelled) return
        if (!HlsClass?.isSupported()) return playNatively()
        const instance = new HlsClass({ autoStartLoad: false })
        hls = instance
        hlsRef.current = instance
        // The manifest is fetched now (for the quality menu); segments wait for play, as preload="metadata" asks.
        let hasStarted = false
        let cancelWarmUp = () => {}
        const loadFrom = () => {
          const at = startAtRef.current
          instance.startLoad(at !== undefined && Number.isFinite(at) && at > 0 ? at : -1)
        }
        const { maxBufferLength, maxMaxBufferLength } = instance.config
        const start = () => {
          if (hasStarted) return
          hasStarted = true
          cancelWarmUp()
          // Warmed up: loading runs already, now with the whole buffer the player keeps while playing.
          if (isWarm) Object.assign(instance.config, { maxBufferLength, maxMaxBufferLength })
          else loadFrom()
        }
        let isWarm = false
        const warmUp = () => {
          if (hasStarted || isCancelled) return
          isWarm = true
          Object.assign(instance.config, { maxBufferLength: WARM_BUFFER_SECONDS, maxMaxBufferLength: WARM_BUFFER_SECONDS })
          instance.startLevel = 0
          loadFrom()
        }
        video.addEventListener('play', start, { once: true })
        instance.on(HlsClass.Events.DESTROYING, () => {
          video.removeEventListener('play', start)
          cancelWarmUp()
        })
        instance.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
          settle(
            'hls',
            data.levels.map((level) => level.height),
          )
          // Play was pressed before hls.js arrived: its 'play' event has passed, so loading starts now.
          if (!video.paused) start()
          else if (warm) cancelWarmUp = whenIdle(warmUp)
        })
        let hasRecovered = false
        instance.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return
          // A decoding error is often cured by re-creating the media buffers, once.
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !hasRecovered) {
            hasRecovered = true
            instance.recoverMediaError()
            return
          }
          dropHls()
          settle(hasFallback ? 'fallback' : 'error')
        })
        instance.loadSource(master)
        instance.attachMedia(video)
      },
      // The chunk did not arrive (offline, a new deployment): the browser may still play HLS itself.
      () => {
        if (!isCancelled) playNatively()
      },
    )
    return () => {
      isCancelled = true
      dropHls()
    }
  }, [videoRef, master, hasFallback, warm])

  const current = master && settled?.master === master ? settled : null
  return {
    mode: current?.mode ?? 'loading',
    levelHeights: current?.mode === 'hls' ? current.levelHeights : [],
    level: current?.level ?? -1,
    chooseLevel: (index) => {
      const hls = hlsRef.current
      if (!hls) return
      // nextLevel switches at the next segment (no stall); -1 hands the choice back to hls.js.
      hls.nextLevel = index
      setSettled((state) => (state ? { ...state, level: index } : state))
    },
  }
}
