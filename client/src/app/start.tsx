// The app in the browser, loaded by main.tsx once the server's page has been painted: it takes the
// server's page over (hydration), or renders a page the server left to the browser.
import { watchMediaAlts } from '../lib/media-alts'
import { hydrate } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router'
import { startHydration } from '../lib/hydration'
import { purgeExpired } from '../lib/session'
import { adminRoute } from './admin-route'
import { AppRoot } from './app-root'
import { createQueryClient } from './provider'
import { createRoutes } from './router'
import { SERVER_DATA_ID, type ServerData } from './server-data'

// Spec §4: stored values past their expiry are removed at start-up.
purgeExpired()
// zod's messages are Chinese wherever a shared rule validates: common/validation/z.ts installs them
// with the first rule loaded, so a page that only reads never downloads zod.

function readServerData(): ServerData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent
  return text ? (JSON.parse(text) as ServerData) : null
}

/**
 * Loads the lazy routes of the address before the router starts, so its first render is the page
 * itself: what the server rendered, and no "HydrateFallback" in between.
 */
async function loadMatchedRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

async function start() {
  const serverData = readServerData()
  const routes = [...createRoutes('browser'), adminRoute]
  await loadMatchedRoutes(routes)
  const queryClient = createQueryClient()
  if (serverData) {
    startHydration()
    hydrate(queryClient, serverData.queries)
  }
  // The media library's alt text for the pictures of pages opened from here on.
  watchMediaAlts(queryClient)
  const router = createBrowserRouter(routes, serverData?.errors ? { hydrationData: { errors: serverData.errors } } : undefined)
  const app = (
    <AppRoot head={{ origin: serverData?.origin ?? window.location.origin, isPreview: serverData?.isPreview }} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  )
  const container = document.getElementById('root')!
  // As a transition, hydration yields to the browser every few milliseconds: the page the reader
  // already sees stays responsive (no long task), and a click during it hydrates its target first.
  if (serverData) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
}

void start()
