import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from '../components/ui/toaster'
import { isHydrating } from '../lib/hydration'

const isServer = typeof window === 'undefined'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Lists keep their data for quick back navigation; detail hooks opt into refetch on mount.
      // A server render's cache lives as long as the render, with no timers (gcTime Infinity); what
      // came with the page is not fetched again while the browser takes it over.
      queries: {
        staleTime: 60_000,
        gcTime: isServer ? Infinity : 10 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: () => !isHydrating(),
      },
      mutations: { retry: false },
    },
  })
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
