import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { bookingKeys } from './keys'

export const cancelBooking = (payload: { id: number; reason?: string }) => post('/api/Member/bookingCancel', payload)

export function useCancelBooking() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (view) => {
      client.setQueryData(bookingKeys.detail(view.id), view)
      void client.invalidateQueries({ queryKey: bookingKeys.mine })
    },
  })
}
