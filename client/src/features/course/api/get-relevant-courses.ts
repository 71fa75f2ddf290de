import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getRelevantCourses = (id: number) => post('/api/Course/relevantCourse', { id, limit: 8 })

export const relevantCoursesQuery = (id: number) =>
  queryOptions({ queryKey: ['course', 'relevantCourse', id], queryFn: () => getRelevantCourses(id), enabled: id > 0 })

export const useRelevantCourses = (id: number) => useQuery(relevantCoursesQuery(id))
