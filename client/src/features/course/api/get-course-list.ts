import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type CourseListParams = { page: number; limit: number; cid?: number }

export const getCourseList = (params: CourseListParams) => post('/api/Course/courseList', params)

export const courseListQuery = (params: CourseListParams) =>
  queryOptions({ queryKey: ['course', 'courseList', params], queryFn: () => getCourseList(params), placeholderData: keepPreviousData })

export const useCourseList = (params: CourseListParams, enabled = true) => useQuery({ ...courseListQuery(params), enabled })
