import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { memberKeys } from '../../member'
import { notificationKeys } from './keys'

type Changed = { unread: number }

/** After any change: the inbox's pages, the bell (getUserInfo) and the tab's count (getNavigation) refresh. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.userInfo() }),
      queryClient.invalidateQueries({ queryKey: memberKeys.navigation() }),
    ])
}

export function useReadNotifications() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (ids: number[]) => post<Changed & { updated: number }>('/api/Member/notificationRead', { ids }, { silent: true }),
    onSettled: refresh,
  })
}

export function useReadAllNotifications() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: () => post<Changed & { updated: number }>('/api/Member/notificationReadAll', {}),
    onSuccess: refresh,
  })
}

export function useDeleteNotifications() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (ids: number[]) => post<Changed & { deleted: number }>('/api/Member/notificationDelete', { ids }),
    onSuccess: refresh,
  })
}
