import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { ContributionDetail } from '../types'
import { memberKeys } from './keys'

export const getContribution = (id: number) => post<ContributionDetail>('/api/Member/getContribution', { id })

export const useContribution = (id: number | null) =>
  useQuery({ queryKey: memberKeys.contribution(id ?? 0), queryFn: () => getContribution(id as number), enabled: id !== null, staleTime: 0 })
