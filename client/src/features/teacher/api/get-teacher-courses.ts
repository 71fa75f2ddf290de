import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'

export type TeacherCourse = { id: number; title: string; cover_img: string; views?: number }
export type TeacherCourseParams = { teacherId: number; page: number; limit: number }

export const getTeacherCourses = (params: TeacherCourseParams) => post<Paged<TeacherCourse>>('/api/Teacher/teacherCourse', params)

export const teacherCoursesQuery = (params: TeacherCourseParams) =>
  queryOptions({
    queryKey: ['teacher', 'teacherCourse', params],
    queryFn: () => getTeacherCourses(params),
    placeholderData: keepPreviousData,
    enabled: params.teacherId > 0,
  })

export const useTeacherCourses = (params: TeacherCourseParams) => useQuery(teacherCoursesQuery(params))
