// The browser's first render takes over the page the server rendered (hydration). Until it has,
// nothing may differ from what the server rendered and no query fetches again what came with the
// page; on the server every render is such a first render.
import { useSyncExternalStore } from 'react'

let isTakingOver = typeof window === 'undefined'

/** True on the server and while the browser hydrates the server's page (app/start.tsx). */
export const isHydrating = () => isTakingOver

export function startHydration() {
  isTakingOver = true
}

/** The page is the browser's from now on; `data-hydrated` on <html> tells tests and tools it is interactive. */
export function finishHydration() {
  isTakingOver = false
  document.documentElement.dataset.hydrated = 'true'
}

const subscribeNever = () => () => undefined

/** False on the server and during hydration, true afterwards: for what only the browser can render. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
