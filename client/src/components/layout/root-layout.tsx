import { useContext, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import { Outlet, useLocation, useMatches, useNavigate, useNavigation, useNavigationType } from 'react-router'
import { LOADING_MASK_MS } from '../../features/index/constants'
import { loginPath } from '../../features/member/lib/redirect'
import { setNeedLoginHandler } from '../../lib/api-client'
import type { RouteHandle } from '../../app/router'
import { MainNav } from './main-nav'
import { HeadContext } from './page-head'
import { PreviewBanner } from './preview-banner'
import { SideBar } from './side-bar'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { fullPath, TopBar } from './top-bar'
import './root-layout.css'

/**
 * Spec §2 shell: a 500 ms mask on every route change, with scroll to top. The mask is derived
 * during render, so it is up in the very frame the new route commits, and it also covers the wait
 * for a lazy page chunk. On the first load the server has already rendered the page, so it is shown
 * at once rather than masked (the mask would only hide it); pages rendered in the browser only (the
 * user centre, the sign-in forms) keep the first-load mask while they come up.
 */
function useRouteMask() {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const navigationType = useNavigationType()
  const isShellOnly = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.isShellOnly)
  const [revealedPath, setRevealedPath] = useState<string | null>(() => (isShellOnly ? null : pathname))
  const isFirst = useRef(true)
  // New navigations start at the top; Back/Forward (POP) is left to the list pages, which
  // restore their own scroll position. The very first load always starts at the top.
  const scrollOnArrival = useEffectEvent(() => {
    if (isFirst.current || navigationType !== 'POP') window.scrollTo(0, 0)
    isFirst.current = false
  })

  useLayoutEffect(() => {
    scrollOnArrival()
    const timer = window.setTimeout(() => setRevealedPath(pathname), LOADING_MASK_MS)
    return () => window.clearTimeout(timer)
  }, [pathname])

  const isLoadingRoute = navigation.state === 'loading' && navigation.location.pathname !== pathname
  return revealedPath !== pathname || isLoadingRoute
}

export function RootLayout() {
  const location = useLocation()
  // A page rendered for a preview link says so until the reader leaves it for another page.
  const { isPreview } = useContext(HeadContext)
  const navigate = useNavigate()
  const isMasked = useRouteMask()
  // The first page is revealed by the mask alone; fading it in too would keep its banner from counting
  // as the largest contentful paint (Chromium ignores paints at opacity 0).
  const [firstKey] = useState(location.key)
  // A member call answered NEED_LOGIN (expired or revoked token): log in again, then come back.
  const onNeedLogin = useEffectEvent(() => navigate(loginPath(fullPath(location))))

  useEffect(() => {
    // The browser must not restore an old scroll offset over our scroll-to-top on reload.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'
    setNeedLoginHandler(() => onNeedLogin())
  }, [])

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      {isPreview && new URLSearchParams(location.search).has('preview') && <PreviewBanner />}
      <TopBar />
      <SiteHeader />
      <MainNav />
      <main id="main" className="app-main" tabIndex={-1} aria-busy={isMasked}>
        <div key={location.pathname} className={location.key === firstKey ? 'route-view' : 'route-view route-fade'}>
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <SideBar />
      <div className={`loading-mask${isMasked ? ' is-visible' : ''}`} role="status" aria-live="polite" aria-hidden={!isMasked}>
        {isMasked && (
          <>
            <span className="loading-mask__spinner" aria-hidden="true" />
            <span className="loading-mask__text">页面加载中…</span>
          </>
        )}
      </div>
    </div>
  )
}
