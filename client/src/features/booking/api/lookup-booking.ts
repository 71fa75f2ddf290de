import { useMutation } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type BookingLookupPayload = { referenceNo: string; phone: string }

// Silent: a wrong pair is answered beside the form, not in a toast.
export const lookupBooking = (payload: BookingLookupPayload) => post('/api/Course/bookingLookup', payload, { silent: true })

export const useBookingLookup = () => useMutation({ mutationFn: lookupBooking })
