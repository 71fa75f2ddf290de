import { useCallback, useRef } from 'react'
import { whenIdle } from '../../../lib/when-idle'

/**
 * A callback ref (first) that hands its element to `attach` (a carousel library's viewport ref) in an idle
 * moment of its own instead of in the commit that mounted it. Starting a carousel measures the page
 * (a forced layout); three of them started in the effects of the first render made the longest task
 * of the home page on a phone. The second function hands it over at once, for a visitor already reaching for
 * the carousel.
 */
export function useIdleAttach<T extends HTMLElement>(attach: (node: T | null) => void) {
  const node = useRef<T | null>(null)
  const cancel = useRef<(() => void) | undefined>(undefined)

  const attachNow = useCallback(() => {
    cancel.current?.()
    cancel.current = undefined
    if (node.current) attach(node.current)
  }, [attach])

  const ref = useCallback(
    (element: T | null) => {
      cancel.current?.()
      cancel.current = undefined
      node.current = element
      if (!element) return attach(null)
      cancel.current = whenIdle(() => {
        cancel.current = undefined
        attach(element)
      })
    },
    [attach],
  )

  return [ref, attachNow] as const
}
