import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { CooperationEntryDetail } from '../types'

export const getCooperationEntry = (id: number) => post<CooperationEntryDetail>('/api/Course/cooperationDetails2', { id })

export const useCooperationEntry = (id: number) =>
  useQuery({
    queryKey: ['cooperation', 'cooperationDetails2', id],
    queryFn: () => getCooperationEntry(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
