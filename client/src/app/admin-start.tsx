// The console in the browser, loaded by main.tsx instead of app/start.tsx when the first address is
// the console's (the server sends the console an empty shell, never a rendered page). Its router
// holds the console alone, so the first load carries none of the public pages' shell, routes or
// hydration; an address outside the console (the login page, the portal) is then a full page load.
// Reached from a public page instead, the console is a lazy route of app/start.tsx (admin-route.tsx).
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, createPath, RouterProvider, useLocation } from 'react-router'
import AdminApp from '../admin/admin-app'
import { RouteError } from '../components/layout/route-error'
import { finishHydration } from '../lib/hydration'
import { purgeExpired } from '../lib/session'
import { ADMIN_PATH } from './console-path'
import { AppProvider } from './provider'

// Spec §4: stored values past their expiry are removed at start-up.
purgeExpired()

/**
 * Any other address: the router has already put it in the history (pushed or replaced), so the
 * browser loads it in that same entry and Back behaves as it did within one app.
 */
function LeaveConsole() {
  const location = useLocation()
  useEffect(() => window.location.replace(createPath(location)), [location])
  return null
}

/** After the first commit the console is the browser's: `data-hydrated`, which tests and tools wait for. */
function Started() {
  useEffect(() => finishHydration(), [])
  return null
}

const router = createBrowserRouter([
  { id: 'admin', path: ADMIN_PATH, errorElement: <RouteError />, Component: AdminApp },
  { path: '*', Component: LeaveConsole },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
      <Started />
    </AppProvider>
  </StrictMode>,
)
