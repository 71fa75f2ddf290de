import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getCourseDetails = (id: number) => post('/api/Course/courseDetails', { id })

export const courseDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['course', 'courseDetails', id],
    queryFn: () => getCourseDetails(id),
    ...freshOnEveryVisit(true),
    enabled: id > 0,
  })

export const useCourseDetails = (id: number) => useQuery(courseDetailsQuery(id))
