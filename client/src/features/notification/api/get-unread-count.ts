import { useQuery } from '@tanstack/react-query'
import { getUserInfo, memberKeys } from '../../member'

/**
 * The signed-in member's unread notices, from getUserInfo (the same query the user centre reads, so
 * one request serves both); asked again every minute while the page is open. A background call: a
 * session that ended shows the bar signed out, without sending the reader of a public page to sign in.
 */
export function useUnreadCount(isSignedIn: boolean): number | undefined {
  const info = useQuery({
    queryKey: memberKeys.userInfo(),
    queryFn: () => getUserInfo({ isBackground: true }),
    enabled: isSignedIn,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  })
  return isSignedIn ? info.data?.unreadCount : undefined
}
