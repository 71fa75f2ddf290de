import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SpecialDetail } from '../types'

export const getSpecialDetails = (id: number) => post<SpecialDetail>('/api/Special/specialDetails', { id })

export const useSpecialDetails = (id: number) =>
  useQuery({
    queryKey: ['special', 'specialDetails', id],
    queryFn: () => getSpecialDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
