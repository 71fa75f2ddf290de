import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getBookingCaptcha = () => post('/api/Member/captcha', {}, { silent: true })

/**
 * The visitor's image challenge, drawn only once someone starts filling the form in (a page view
 * costs none). One guess per image: the form asks for a new one after every send.
 */
export function useBookingCaptcha(isWanted: boolean) {
  const query = useQuery({
    queryKey: ['booking', 'captcha'],
    queryFn: getBookingCaptcha,
    enabled: isWanted,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (q) => Math.max(30, (q.state.data?.expiresIn ?? 300) - 10) * 1000,
  })
  return { captcha: query.data, isLoading: query.isFetching, isError: query.isError, refresh: () => void query.refetch() }
}
