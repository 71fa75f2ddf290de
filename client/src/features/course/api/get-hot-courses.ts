import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { CourseSummary } from '../types'

export const getHotCourses = () => post<CourseSummary[]>('/api/Course/hotCourse', {})

export const hotCoursesQuery = () => queryOptions({ queryKey: ['course', 'hotCourse'], queryFn: getHotCourses })

export const useHotCourses = () => useQuery(hotCoursesQuery())
