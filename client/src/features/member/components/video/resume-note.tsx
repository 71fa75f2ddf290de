import { formatPlayTime } from '../../../../../../common/video'

/** 从 12:34 继续播放, with the way back to the beginning. */
export function ResumeNote({ at, onFromStart }: { at: number | null; onFromStart: () => void }) {
  if (at === null) return null
  return (
    <p className="video-resume" role="status">
      <span>从 {formatPlayTime(at)} 继续播放</span>
      <button type="button" className="video-resume__restart" onClick={onFromStart}>
        从头播放
      </button>
    </p>
  )
}
