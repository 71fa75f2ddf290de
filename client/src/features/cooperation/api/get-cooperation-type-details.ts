import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { CooperationTypeDetail } from '../types'

// cooperationDetails is the page of a type (ids 1-5); cooperationDetails2 is one entry of a type.
export const getCooperationTypeDetails = (id: number) => post<CooperationTypeDetail>('/api/Course/cooperationDetails', { id })

export const useCooperationTypeDetails = (id: number) =>
  useQuery({
    queryKey: ['cooperation', 'cooperationDetails', id],
    queryFn: () => getCooperationTypeDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
