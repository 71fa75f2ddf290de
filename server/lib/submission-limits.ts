// Per-member caps on what waits for an editor (contributions, teacher videos). They bound the review
// queue one account can fill and the work (sanitizing, storing) it can make the server do in a day.
import { ApiError, Code } from './api-error'

export type SubmissionLimits = {
  /** Submissions still waiting for review. */
  pending: number
  /** Submissions in any 24 hours, reviewed or not. */
  perDay: number
  /** How the messages count them: 篇投稿, 个视频. */
  unit: string
  noun: string
}

export const CONTRIBUTION_LIMITS: SubmissionLimits = { pending: 5, perDay: 10, unit: '篇', noun: '投稿' }
export const TEACHER_VIDEO_LIMITS: SubmissionLimits = { pending: 5, perDay: 10, unit: '个', noun: '视频' }

export const SUBMISSION_WINDOW_MS = 24 * 60 * 60 * 1000

/** Refuses (429) one more submission when the member is at either cap. */
export function assertSubmissionRoom(counts: { pending: number; today: number }, limits: SubmissionLimits) {
  const { pending, perDay, unit, noun } = limits
  if (counts.pending >= pending) {
    throw new ApiError(Code.RATE_LIMITED, `您已有 ${pending} ${unit}${noun}正在等待审核，请审核后再提交`)
  }
  if (counts.today >= perDay) throw new ApiError(Code.RATE_LIMITED, `24 小时内最多提交 ${perDay} ${unit}${noun}，请稍后再试`)
}
