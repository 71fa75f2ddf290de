import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type TeacherListParams = { page: number; limit: number; cid?: number }

export const getTeacherList = (params: TeacherListParams) => post('/api/Teacher/teacherList', params)

export const teacherListQuery = (params: TeacherListParams) =>
  queryOptions({ queryKey: ['teacher', 'teacherList', params], queryFn: () => getTeacherList(params), placeholderData: keepPreviousData })

export const useTeacherList = (params: TeacherListParams, enabled = true) => useQuery({ ...teacherListQuery(params), enabled })
