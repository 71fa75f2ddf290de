import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SpecialSummary } from '../types'

export const getHotSpecials = () => post<SpecialSummary[]>('/api/Special/hotSpecial', {})

export const hotSpecialsQuery = () => queryOptions({ queryKey: ['special', 'hotSpecial'], queryFn: getHotSpecials })

export const useHotSpecials = () => useQuery(hotSpecialsQuery())
