import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type SpecialListParams = { page: number; limit: number; cid?: number }

export const getSpecialList = (params: SpecialListParams) => post('/api/Special/specialList', params)

export const specialListQuery = (params: SpecialListParams) =>
  queryOptions({ queryKey: ['special', 'specialList', params], queryFn: () => getSpecialList(params), placeholderData: keepPreviousData })

export const useSpecialList = (params: SpecialListParams, enabled = true) => useQuery({ ...specialListQuery(params), enabled })
