import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { ReleaseSummary } from '../types'
import { contributionKeys } from './keys'

export type MyReleaseParams = { page: number; limit: number }

export const getMyRelease = (params: MyReleaseParams) => post<Paged<ReleaseSummary>>('/api/Member/myRelease', params)

// Like the other "my" lists: always the server's current state.
export const useMyRelease = (params: MyReleaseParams) =>
  useQuery({
    queryKey: contributionKeys.releases(params),
    queryFn: () => getMyRelease(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
