import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getTeacherDetails = (id: number) => post('/api/Teacher/teacherDetails', { id })

// Detail pages fetch fresh on every visit (spec §2): nothing is kept once the page is left.
export const teacherDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['teacher', 'teacherDetails', id],
    queryFn: () => getTeacherDetails(id),
    ...freshOnEveryVisit(true),
    enabled: id > 0,
  })

export const useTeacherDetails = (id: number) => useQuery(teacherDetailsQuery(id))
