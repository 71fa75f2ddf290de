import { getToken } from './session'
import { isHydrating } from './hydration'

/**
 * Spec §2: a detail page fetches fresh data on every visit and keeps nothing once it is left. The
 * visit the server rendered is the exception: its data came with the page. `isTailored`: the answer
 * depends on who asks (已关注 / 已收藏), which the server render (an anonymous visitor) cannot know,
 * so a signed-in member fetches it once more.
 */
export function freshOnEveryVisit(isTailored = false) {
  const refetchOnMount = (): boolean | 'always' => {
    if (!isHydrating()) return 'always'
    // The server has no session to ask about.
    if (typeof window === 'undefined') return false
    return isTailored && getToken() ? 'always' : false
  }
  return { staleTime: 0, gcTime: 0, refetchOnMount }
}
