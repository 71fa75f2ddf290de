import { useState } from 'react'
import { saveVideoProgress, useVideoProgress, type WatchedKind } from '../api/video-progress'
import { useSession } from './use-session'

/** A saved position worth going back to: past the first seconds and short of the end. */
const resumableAt = (saved: { position: number; duration: number } | null | undefined): number | null =>
  saved && saved.position >= 3 && (saved.duration === 0 || saved.position < saved.duration - 2) ? saved.position : null

/**
 * Resume where the member left off: the player starts at the saved position (the page offers 从头播放),
 * and saves as it plays (the player reports every 10 s of playback, on pause and at the end).
 * `key` changes once the saved position is known, so the page's player starts there.
 */
export function useVideoResume(kind: WatchedKind, id: number) {
  const session = useSession()
  const progress = useVideoProgress(kind, id, session !== null)
  const [isFromStart, setIsFromStart] = useState(false)
  const resumeAt = isFromStart ? null : resumableAt(progress.data)
  return {
    resumeAt,
    startAt: resumeAt ?? undefined,
    key: `${kind}-${id}-${resumeAt ?? 'start'}`,
    playFromStart: () => setIsFromStart(true),
    onProgress: session ? (seconds: number, duration: number) => void saveVideoProgress(kind, id, seconds, duration) : undefined,
  }
}
