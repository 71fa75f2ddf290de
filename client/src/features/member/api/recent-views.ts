import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { RecentView } from '../../../../../common/api/member'
import type { Paged } from '../../../lib/use-page-param'

export type { RecentView }

export const recentViewKeys = {
  list: (params?: object) => (params ? (['member', 'recentViewList', params] as const) : (['member', 'recentViewList'] as const)),
}

/** 足迹 (Member/recentViewList): teachers, courses and topics the member opened, newest first. */
export const useRecentViews = (params: { page: number; limit: number }) =>
  useQuery({
    queryKey: recentViewKeys.list(params),
    queryFn: () => post<Paged<RecentView>>('/api/Member/recentViewList', params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Clears every footprint, or one item when given. */
export function useClearRecentViews() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (item?: { entity: RecentView['entity']; id: number }) =>
      post<{ cleared: number }>('/api/Member/recentViewClear', item ?? {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recentViewKeys.list() }),
  })
}
