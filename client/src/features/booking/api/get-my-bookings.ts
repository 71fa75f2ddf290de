import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { bookingKeys } from './keys'

export type MyBookingsParams = { page: number; limit: number }

export const getMyBookings = (params: MyBookingsParams) => post('/api/Member/bookingList', params)

export const useMyBookings = (params: MyBookingsParams) =>
  useQuery({ queryKey: [...bookingKeys.mine, params], queryFn: () => getMyBookings(params), placeholderData: keepPreviousData })
