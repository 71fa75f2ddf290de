import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { ContributionDetail } from '../types'
import { contributionKeys } from './keys'

export const getContribution = (id: number) => post<ContributionDetail>('/api/Member/getContribution', { id })

export const useContribution = (id: number | null) =>
  useQuery({
    queryKey: contributionKeys.contribution(id ?? 0),
    queryFn: () => getContribution(id as number),
    enabled: id !== null,
    staleTime: 0,
  })
