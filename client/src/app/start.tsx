// Base styles first, so component stylesheets (imported by the modules below) override them.
import './styles/theme.css'
import { hydrate } from '@tanstack/react-query'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router'
import { installChineseZodMessages } from '../../common/validation/zod-messages'
import { adminRoute } from './app/admin-route'
import { AppRoot } from './app/app-root'
import { createQueryClient } from './app/provider'
import { createRoutes } from './app/router'
import { SERVER_DATA_ID, type ServerData } from './app/server-data'
import { startHydration } from './lib/hydration'
import { purgeExpired } from './lib/session'

// Spec §4: stored values past their expiry are removed at start-up.
purgeExpired()
// Any zod issue without its own message reads in Chinese, as on the server.
installChineseZodMessages()

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
  const router = createBrowserRouter(routes, serverData?.errors ? { hydrationData: { errors: serverData.errors } } : undefined)
  const app = (
    <AppRoot head={{ origin: serverData?.origin ?? window.location.origin }} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  )
  const container = document.getElementById('root')!
  if (serverData) hydrateRoot(container, app)
  else createRoot(container).render(app)
}

void start()
