import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type CooperationListParams = { type: number; page: number; limit: number }

export const getCooperationList = (params: CooperationListParams) => post('/api/Course/cooperationList', params)

export const cooperationListQuery = (params: CooperationListParams) =>
  queryOptions({
    queryKey: ['cooperation', 'cooperationList', params],
    queryFn: () => getCooperationList(params),
    placeholderData: keepPreviousData,
  })

export const useCooperationList = (params: CooperationListParams, enabled = true) => useQuery({ ...cooperationListQuery(params), enabled })
