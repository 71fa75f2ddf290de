import { VideoPlayer, type VideoPlayerProps } from '../../../../components/video'
import { useVideoResume } from '../../hooks/use-video-resume'
import type { WatchedKind } from '../../api/video-progress'
import { ResumeNote } from './resume-note'

type WatchedVideoProps = Omit<VideoPlayerProps, 'startAt' | 'onProgress'> & { kind: WatchedKind; id: number }

/**
 * The shared player for a video a member may come back to (a teacher video, a course's): it starts
 * where they left off, offers 从头播放, and saves their position as they watch.
 */
export function WatchedVideo({ kind, id, ...player }: WatchedVideoProps) {
  const resume = useVideoResume(kind, id)
  return (
    <>
      {/* Keyed by video and resume point: switching videos resets the player instead of continuing the old source. */}
      <VideoPlayer key={resume.key} {...player} startAt={resume.startAt} onProgress={resume.onProgress} />
      <ResumeNote at={resume.resumeAt} onFromStart={resume.playFromStart} />
    </>
  )
}
