import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'
import type { CourseDetail } from '../types'

export const getCourseDetails = (id: number) => post<CourseDetail>('/api/Course/courseDetails', { id })

export const courseDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['course', 'courseDetails', id],
    queryFn: () => getCourseDetails(id),
    ...freshOnEveryVisit(true),
    enabled: id > 0,
  })

export const useCourseDetails = (id: number) => useQuery(courseDetailsQuery(id))
