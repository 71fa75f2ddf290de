import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SubmissionStatus } from '../../../../../common/rules'
import type { VideoStream } from '../../../../../common/video'
import type { Paged } from '../../../lib/use-page-param'
import { contributionKeys, type ContributionKind } from '../../contribution'
import { memberKeys } from '../../member'
import type { Attachment } from '../../upload'

// Admin-only review actions (server/features/review); a member without a staff role gets 403 仅管理员、编辑和审核员可以审核内容.
export type ReviewStatus = SubmissionStatus
export type ReviewAuthor = { nickname: string; member_no: string } | null

export type ReviewContributionItem = {
  id: number
  kind: ContributionKind
  kindText: string
  title: string
  content: string
  status: ReviewStatus
  statusText: string
  reviewNote: string
  createdAt: string
  reviewedAt: string | null
  member: ReviewAuthor
  attachments: Attachment[]
  publishedId: number | null
}

export type ReviewVideoItem = {
  id: number
  title: string
  intro: string
  /** Signed, short-lived addresses until the video is approved (see Attachment). */
  cover_img: string
  videoUrl: string
  /** The streaming copy, as the public page will play it (signed addresses while the video is private). */
  stream?: VideoStream | null
  status: ReviewStatus
  statusText: string
  reviewNote: string
  createdAt: string
  reviewedAt: string | null
  teacher: { id: number; name: string }
  member: ReviewAuthor
}

export type ReviewListParams = { status: ReviewStatus; page: number; limit: number }
export type ReviewDecision = { id: number; approve: boolean; note?: string }
export type ContributionVerdict = { id: number; status: ReviewStatus; statusText: string; publishedId: number | null }
export type VideoVerdict = { id: number; status: ReviewStatus; statusText: string }

export const reviewKeys = {
  contributions: (params?: ReviewListParams) =>
    params ? (['member', 'reviewContributions', params] as const) : (['member', 'reviewContributions'] as const),
  videos: (params?: ReviewListParams) => (params ? (['member', 'reviewVideos', params] as const) : (['member', 'reviewVideos'] as const)),
}

export const getReviewContributions = (params: ReviewListParams) =>
  post<Paged<ReviewContributionItem>>('/api/Member/reviewContributions', params)
export const getReviewVideos = (params: ReviewListParams) => post<Paged<ReviewVideoItem>>('/api/Member/reviewVideos', params)
export const reviewContribution = (decision: ReviewDecision) => post<ContributionVerdict>('/api/Member/reviewContribution', decision)
export const reviewVideo = (decision: ReviewDecision) => post<VideoVerdict>('/api/Member/reviewVideo', decision)

// Another admin may review the same item at any moment, so the lists are never taken from cache.
const listOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const

export const useReviewContributions = (params: ReviewListParams, isEnabled = true) =>
  useQuery({
    queryKey: reviewKeys.contributions(params),
    queryFn: () => getReviewContributions(params),
    enabled: isEnabled,
    ...listOptions,
  })
export const useReviewVideos = (params: ReviewListParams, isEnabled = true) =>
  useQuery({ queryKey: reviewKeys.videos(params), queryFn: () => getReviewVideos(params), enabled: isEnabled, ...listOptions })

/**
 * A decision changes the lists, the pending badge in the navigation and (for the admin's own
 * items) "my contributions". A refusal such as 该投稿已审核 means the list is stale, so it refreshes too.
 */
function useReviewMutation<T>(mutationFn: (decision: ReviewDecision) => Promise<T>, listKey: readonly unknown[]) {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: listKey })
    void queryClient.invalidateQueries({ queryKey: memberKeys.navigation() })
    void queryClient.invalidateQueries({ queryKey: contributionKeys.contributions() })
  }
  return useMutation({ mutationFn, onSuccess: refresh, onError: refresh })
}

export const useReviewContribution = () => useReviewMutation(reviewContribution, reviewKeys.contributions())
export const useReviewVideo = () => useReviewMutation(reviewVideo, reviewKeys.videos())
