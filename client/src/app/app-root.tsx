import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { StrictMode, useEffect, type ReactNode } from 'react'
import { HeadContext, type HeadSink } from '../components/layout/page-head'
import { finishHydration } from '../lib/hydration'
import { AppProvider } from './provider'

/**
 * After the browser's first commit (its effect runs after every page component's): the page is the
 * browser's. Queries that came with the server's page take the gcTime their hooks ask for; hydrating
 * keeps the longest gcTime seen, so a detail page's "keep nothing once left" (gcTime 0) would not apply.
 */
function TakeOver() {
  const queryClient = useQueryClient()
  useEffect(() => {
    for (const query of queryClient.getQueryCache().getAll()) if (query.options.gcTime === 0) query.gcTime = 0
    finishHydration()
  }, [queryClient])
  return null
}

/**
 * What both the server render (entry-server.tsx) and the browser (app/start.tsx) put around the router:
 * one tree on both sides, so the browser's first render matches the server's HTML node for node
 * (useId's ids depend on the tree's shape too).
 */
export function AppRoot({ head, queryClient, children }: { head: HeadSink; queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <HeadContext.Provider value={head}>
        <AppProvider queryClient={queryClient}>
          {children}
          <TakeOver />
        </AppProvider>
      </HeadContext.Provider>
    </StrictMode>
  )
}
