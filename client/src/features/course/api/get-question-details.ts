import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { QuestionDetail } from '../types'

export const getQuestionDetails = (id: number) => post<QuestionDetail>('/api/Course/commonProblemDetails', { id })

export const useQuestionDetails = (id: number) =>
  useQuery({
    queryKey: ['course', 'commonProblemDetails', id],
    queryFn: () => getQuestionDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
