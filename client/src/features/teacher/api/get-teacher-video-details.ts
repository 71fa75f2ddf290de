import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getTeacherVideoDetails = (id: number) => post('/api/Teacher/teacherVideoDetails', { id })

export const teacherVideoDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['teacher', 'teacherVideoDetails', id],
    queryFn: () => getTeacherVideoDetails(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useTeacherVideoDetails = (id: number) => useQuery(teacherVideoDetailsQuery(id))
