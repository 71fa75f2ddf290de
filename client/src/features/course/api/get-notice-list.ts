import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type NoticeListParams = { page: number; limit: number }

export const getNoticeList = (params: NoticeListParams) => post('/api/Course/courseNoticeList', params)

export const noticeListQuery = (params: NoticeListParams) =>
  queryOptions({
    queryKey: ['course', 'courseNoticeList', params],
    queryFn: () => getNoticeList(params),
    placeholderData: keepPreviousData,
  })

export const useNoticeList = (params: NoticeListParams) => useQuery(noticeListQuery(params))
