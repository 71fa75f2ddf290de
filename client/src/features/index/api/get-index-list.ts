import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getIndexList = () => post('/api/Index/indexList')

export const indexListQuery = () => queryOptions({ queryKey: ['index', 'indexList'], queryFn: getIndexList, staleTime: 5 * 60_000 })

/** The home aggregate; the layout's teacher-library menu reads the same cache entry. */
export const useIndexList = (enabled = true) => useQuery({ ...indexListQuery(), enabled })
