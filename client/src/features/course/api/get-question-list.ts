import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type QuestionListParams = { page: number; limit: number }

export const getQuestionList = (params: QuestionListParams) => post('/api/Course/commonProblem', params)

export const questionListQuery = (params: QuestionListParams) =>
  queryOptions({ queryKey: ['course', 'commonProblem', params], queryFn: () => getQuestionList(params), placeholderData: keepPreviousData })

export const useQuestionList = (params: QuestionListParams) => useQuery(questionListQuery(params))
