import { useCallback, useRef } from 'react'
import { THROTTLE_MS } from '../config/limits'

/**
 * Leading-edge throttle for buttons that call the server (spec §9: 3000 ms by default). The first
 * click runs at once; the same action again within `wait` is dropped. "The same" is the `key` the
 * caller passes, usually the request's payload: a double click sends one request, while a form
 * corrected after a refusal (a different payload) may be sent again straight away.
 *
 * Returns `run(key, action)`, which answers whether the action ran.
 */
export function useThrottledAction(wait: number = THROTTLE_MS) {
  const last = useRef<{ key: string; at: number } | null>(null)
  return useCallback(
    (key: string, action: () => void): boolean => {
      const now = performance.now()
      const previous = last.current
      if (previous && previous.key === key && now - previous.at < wait) return false
      last.current = { key, at: now }
      action()
      return true
    },
    [wait],
  )
}
