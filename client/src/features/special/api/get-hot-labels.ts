import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { HotLabel } from '../types'

export const getHotLabels = () => post<HotLabel[]>('/api/Special/hotLabel', {})

export const hotLabelsQuery = () => queryOptions({ queryKey: ['special', 'hotLabel'], queryFn: getHotLabels })

export const useHotLabels = () => useQuery(hotLabelsQuery())
