import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from '../components/ui/toaster'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Lists keep their data for quick back navigation; detail hooks opt into refetch on mount.
      queries: { staleTime: 60_000, gcTime: 10 * 60_000, retry: false, refetchOnWindowFocus: false },
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
