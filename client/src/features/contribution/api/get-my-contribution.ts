import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { ContributionSummary } from '../types'
import { contributionKeys } from './keys'

export type MyContributionParams = { page: number; limit: number }

export const getMyContribution = (params: MyContributionParams) => post<Paged<ContributionSummary>>('/api/Member/myContribution', params)

// Like the other "my" lists: always the server's current review state.
export const useMyContribution = (params: MyContributionParams) =>
  useQuery({
    queryKey: contributionKeys.contributions(params),
    queryFn: () => getMyContribution(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
