import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export const getNoticeDetails = (id: number) => post('/api/Course/courseNoticeDetails', { id })

export const noticeDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['course', 'courseNoticeDetails', id],
    queryFn: () => getNoticeDetails(id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useNoticeDetails = (id: number) => useQuery(noticeDetailsQuery(id))
