import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { ContributionKind, ContributionStatus } from '../types'
import { memberKeys } from '../../member'
import { contributionKeys } from './keys'

export type AddContributionParams = { title: string; kind: ContributionKind; content: string; attachmentIds: number[] }

export const addContribution = (params: AddContributionParams) =>
  post<{ id: number; status: ContributionStatus; statusText?: string }>('/api/Member/addContribution', params)

export function useAddContribution() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addContribution,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contributionKeys.contributions() })
      void queryClient.invalidateQueries({ queryKey: memberKeys.navigation() })
    },
  })
}
