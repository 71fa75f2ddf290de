import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { NotificationItem } from '../../../../../common/notifications'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import { notificationKeys } from './keys'

export type NotificationFilter = 'all' | 'unread'
export type NotificationListParams = { page: number; limit: number; filter: NotificationFilter }
export type NotificationPage = Paged<NotificationItem> & { unread: number }

export const getNotificationList = (params: NotificationListParams) => post<NotificationPage>('/api/Member/notificationList', params)

export const useNotificationList = (params: NotificationListParams) =>
  useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: () => getNotificationList(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
