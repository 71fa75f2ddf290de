import { useEffect, useRef, type SyntheticEvent } from 'react'

/** Seconds of playback between two reports while the video plays. */
export const PROGRESS_INTERVAL_S = 10

// A timeupdate comes every 15-250 ms of playback; a larger jump between two of them is a seek, which
// is not time watched.
const MAX_PLAYBACK_STEP_S = 2

type Report = (seconds: number, duration: number) => void

/**
 * The video's timeupdate, pause and ended handlers that call `onProgress` after every 10 s of playback
 * and whenever playback stops, never once per timeupdate. `knownDuration` stands in while the element
 * does not know its duration yet.
 */
export function useProgressReport(onProgress: Report | undefined, knownDuration: number | undefined) {
  const reportRef = useRef(onProgress)
  const durationRef = useRef(knownDuration)
  useEffect(() => {
    reportRef.current = onProgress
    durationRef.current = knownDuration
  }, [onProgress, knownDuration])
  const lastTimeRef = useRef(0)
  const playedRef = useRef(0)
  const lastReportedRef = useRef<number | null>(null)

  const report = (video: HTMLVideoElement) => {
    playedRef.current = 0
    const seconds = video.currentTime
    // 'pause' and 'ended' both fire when the video ends: one report for the one position.
    if (lastReportedRef.current === seconds) return
    lastReportedRef.current = seconds
    const duration = Number.isFinite(video.duration) ? video.duration : (durationRef.current ?? 0)
    reportRef.current?.(seconds, duration)
  }

  return {
    onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => {
      const video = event.currentTarget
      const now = video.currentTime
      const step = now - lastTimeRef.current
      lastTimeRef.current = now
      if (step > 0 && step <= MAX_PLAYBACK_STEP_S) playedRef.current += step
      if (playedRef.current >= PROGRESS_INTERVAL_S) report(video)
    },
    onPause: (event: SyntheticEvent<HTMLVideoElement>) => report(event.currentTarget),
    onEnded: (event: SyntheticEvent<HTMLVideoElement>) => report(event.currentTarget),
  }
}
