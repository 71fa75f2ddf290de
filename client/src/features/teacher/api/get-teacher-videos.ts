import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type TeacherVideoParams = { teacherId: number; page: number; limit: number }

export const getTeacherVideos = (params: TeacherVideoParams) => post('/api/Teacher/teacherVideo', params)

export const teacherVideosQuery = (params: TeacherVideoParams) =>
  queryOptions({
    queryKey: ['teacher', 'teacherVideo', params],
    queryFn: () => getTeacherVideos(params),
    placeholderData: keepPreviousData,
    enabled: params.teacherId > 0,
  })

export const useTeacherVideos = (params: TeacherVideoParams) => useQuery(teacherVideosQuery(params))
