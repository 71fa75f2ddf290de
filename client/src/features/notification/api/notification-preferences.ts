import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationKind } from '../../../../../common/notifications'
import { post } from '../../../lib/api-client'
import { notificationKeys } from './keys'

export type NotificationPreferences = {
  kinds: { kind: NotificationKind; label: string; hint: string; enabled: boolean }[]
  teachers: { teacherId: number; name: string; photo: string; enabled: boolean }[]
  smsAccount: boolean
  smsAvailable: boolean
}
export type PreferenceChange = { key: string; enabled: boolean }

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => post<NotificationPreferences>('/api/Member/notificationPreferences', {}),
    staleTime: 0,
  })

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (items: PreferenceChange[]) => post<NotificationPreferences>('/api/Member/notificationPreferenceSave', { items }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  })
}
