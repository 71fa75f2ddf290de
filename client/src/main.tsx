// The browser entry: the base styles and a loader, nothing else. The server's page is painted
// before the app's JavaScript is asked for, so on a slow phone network the page's own picture (its
// largest paint) gets the bandwidth first instead of sharing it with ~145 KB of scripts. Then every
// module the page needs is fetched at once (their list comes with the page, server/http/render-
// assets.ts), and app/start.tsx takes the page over.
// Base styles first, so component stylesheets (loaded with the app) override them.
import './styles/theme.css'
import { afterNextPaint } from './lib/after-next-paint'
import { isConsolePath } from './app/console-path'
import { PAGE_MODULES_ID } from '../../common/page-modules'

/** Preloads the page's modules, listed by the server, so none waits for the one importing it. */
function preloadPageModules() {
  const list = document.getElementById(PAGE_MODULES_ID)?.textContent
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
}

afterNextPaint(() => {
  preloadPageModules()
  // The staff console starts without the public app (app/admin-start.tsx).
  if (isConsolePath(window.location.pathname)) void import('./app/admin-start')
  else void import('./app/start')
})
