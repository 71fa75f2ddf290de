import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getQuestionDetails = (id: number) => post('/api/Course/commonProblemDetails', { id })

export const questionDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['course', 'commonProblemDetails', id],
    queryFn: () => getQuestionDetails(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useQuestionDetails = (id: number) => useQuery(questionDetailsQuery(id))
