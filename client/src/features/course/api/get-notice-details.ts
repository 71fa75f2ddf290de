import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { NoticeDetail } from '../types'

export const getNoticeDetails = (id: number) => post<NoticeDetail>('/api/Course/courseNoticeDetails', { id })

export const useNoticeDetails = (id: number) =>
  useQuery({
    queryKey: ['course', 'courseNoticeDetails', id],
    queryFn: () => getNoticeDetails(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
