import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type TeacherCourseParams = { teacherId: number; page: number; limit: number }

export const getTeacherCourses = (params: TeacherCourseParams) => post('/api/Teacher/teacherCourse', params)

export const teacherCoursesQuery = (params: TeacherCourseParams) =>
  queryOptions({
    queryKey: ['teacher', 'teacherCourse', params],
    queryFn: () => getTeacherCourses(params),
    placeholderData: keepPreviousData,
    enabled: params.teacherId > 0,
  })

export const useTeacherCourses = (params: TeacherCourseParams) => useQuery(teacherCoursesQuery(params))
