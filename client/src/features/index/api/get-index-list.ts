import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { HomeData } from '../types'

export const getIndexList = () => post<HomeData>('/api/Index/indexList')

/** The home aggregate; the layout's teacher-library menu reads the same cache entry. */
export const useIndexList = (enabled = true) => useQuery({ queryKey: ['index', 'indexList'], queryFn: getIndexList, enabled, staleTime: 5 * 60_000 })
