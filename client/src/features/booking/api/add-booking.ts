import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BookingRequest } from '../../../../../common/rules'
import { post } from '../../../lib/api-client'
import { bookingKeys } from './keys'

/** The form's request; a visitor adds the image captcha, a signed-in member needs none. */
export type BookingPayload = Omit<BookingRequest, 'consent'> & { consent: true; captchaId?: string; captchaCode?: string }

// Silent: the form shows the server's message beside the button instead of a toast.
export const addBooking = (payload: BookingPayload) => post('/api/Course/addBooking', payload, { silent: true })

export function useAddBooking() {
  const client = useQueryClient()
  return useMutation({ mutationFn: addBooking, onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.mine }) })
}
