import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { bookingKeys } from './keys'

export const getMyBooking = (id: number) => post('/api/Member/bookingDetail', { id })

export const useMyBooking = (id: number) =>
  useQuery({ queryKey: bookingKeys.detail(id), queryFn: () => getMyBooking(id), enabled: id > 0, refetchOnMount: 'always' })
