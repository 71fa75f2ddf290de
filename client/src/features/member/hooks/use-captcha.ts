import { useQuery } from '@tanstack/react-query'
import { getCaptcha } from '../api/get-captcha'
import type { SmsPurpose } from '../types'

/**
 * One image challenge per form. The server accepts a single guess per image, so the form asks
 * for a new one after every send attempt; an image about to expire is replaced on its own.
 * `enabled: false` draws none until the form needs one (login asks only after failures).
 */
export function useCaptcha(purpose: SmsPurpose | 'login', { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: ['member', 'captcha', purpose],
    queryFn: getCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchInterval: (q) => Math.max(30, (q.state.data?.expiresIn ?? 300) - 10) * 1000,
  })
  return { captcha: query.data, isLoading: query.isFetching, isError: query.isError, refresh: () => void query.refetch() }
}
