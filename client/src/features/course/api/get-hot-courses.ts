import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getHotCourses = () => post('/api/Course/hotCourse', {})

export const hotCoursesQuery = () => queryOptions({ queryKey: ['course', 'hotCourse'], queryFn: getHotCourses })

export const useHotCourses = () => useQuery(hotCoursesQuery())
