import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { NoticeSummary } from '../types'

export type NoticeListParams = { page: number; limit: number }

export const getNoticeList = (params: NoticeListParams) => post<Paged<NoticeSummary>>('/api/Course/courseNoticeList', params)

export const useNoticeList = (params: NoticeListParams) =>
  useQuery({ queryKey: ['course', 'courseNoticeList', params], queryFn: () => getNoticeList(params), placeholderData: keepPreviousData })
