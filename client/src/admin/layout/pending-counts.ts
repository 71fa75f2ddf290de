// The badges of the console's menu: what waits for staff (Admin/pendingCounts), asked again every
// minute and when the window regains focus, so a new contribution shows without a reload.
import { useQuery } from '@tanstack/react-query'
import { adminAction, adminKey } from '../api/admin-client'

export type PendingCounts = {
  contributions: number
  videos: number
  comments: number
  /** New booking requests (预约管理). */
  bookings: number
  /** Of them, those with no reply for more than 24 hours. */
  bookingsOverdue: number
}
export type PendingKind = keyof PendingCounts

const REFRESH_MS = 60_000

export function usePendingCounts() {
  return useQuery({
    queryKey: adminKey('pending', 'pendingCounts'),
    queryFn: () => adminAction<PendingCounts | null>('pendingCounts'),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  }).data
}
