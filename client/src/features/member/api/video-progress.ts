import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { RecentVideo, VideoProgress } from '../../../../../common/api/member'
import type { Paged } from '../../../lib/use-page-param'
import { memberKeys } from './keys'

export type { RecentVideo, VideoProgress }
export type WatchedKind = RecentVideo['kind']

export const videoProgressKeys = {
  one: (kind: WatchedKind, id: number) => ['member', 'videoProgress', kind, id] as const,
  recent: (params?: object) => (params ? (['member', 'recentVideos', params] as const) : (['member', 'recentVideos'] as const)),
}

/** Where the signed-in member stopped in this video (null: never played); asked only when signed in. */
export const useVideoProgress = (kind: WatchedKind, id: number, isSignedIn: boolean) =>
  useQuery({
    queryKey: videoProgressKeys.one(kind, id),
    queryFn: () => post<VideoProgress>('/api/Member/videoProgress', { kind, id }, { silent: true }),
    enabled: isSignedIn,
    staleTime: 0,
  })

/** Saves a position; silent: a lost save costs at most the last 10 s of a resume offer. */
export const saveVideoProgress = (kind: WatchedKind, id: number, position: number, duration: number) =>
  post('/api/Member/videoProgressSave', { kind, id, position, duration }, { silent: true }).catch(() => undefined)

export const useRecentVideos = (params: { page: number; limit: number }) =>
  useQuery({
    queryKey: videoProgressKeys.recent(params),
    queryFn: () => post<Paged<RecentVideo>>('/api/Member/recentVideos', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useClearRecentVideos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => post<{ cleared: number }>('/api/Member/recentVideosClear', {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: videoProgressKeys.recent() })
      void queryClient.invalidateQueries({ queryKey: memberKeys.navigation() })
    },
  })
}
