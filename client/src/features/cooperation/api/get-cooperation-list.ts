import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { CooperationEntry, CooperationType } from '../types'

export type CooperationListParams = { type: number; page: number; limit: number }

export const getCooperationList = (params: CooperationListParams) =>
  post<Paged<CooperationEntry> & { type: CooperationType }>('/api/Course/cooperationList', params)

export const useCooperationList = (params: CooperationListParams, enabled = true) =>
  useQuery({
    queryKey: ['cooperation', 'cooperationList', params],
    queryFn: () => getCooperationList(params),
    placeholderData: keepPreviousData,
    enabled,
  })
