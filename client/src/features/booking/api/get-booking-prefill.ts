import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getBookingPrefill = () => post('/api/Member/bookingPrefill', {}, { silent: true })

/** A signed-in member's organisation, name and phone from their last request (else the profile). */
export const useBookingPrefill = (isMember: boolean) =>
  useQuery({ queryKey: ['booking', 'bookingPrefill'], queryFn: getBookingPrefill, enabled: isMember, staleTime: 0 })
