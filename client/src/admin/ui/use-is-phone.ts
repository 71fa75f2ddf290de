import { useSyncExternalStore } from 'react'

// The console's phone layout (cards instead of tables) below 768 px, the width admin.css switches at.
// A max-width query: where matchMedia answers false for everything (jsdom), the console is the desktop's.
const PHONE_QUERY = '(max-width: 767px)'

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {}
  const list = window.matchMedia(PHONE_QUERY)
  list.addEventListener?.('change', onChange)
  return () => list.removeEventListener?.('change', onChange)
}
const isPhoneNow = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches

/** Whether the console is on a phone-sized screen, following the window as it turns or resizes. */
export const useIsPhone = () => useSyncExternalStore(subscribe, isPhoneNow, () => false)
