import { useCallback, useEffect, useState, type FocusEvent } from 'react'
import { useReducedMotion } from './use-media-query'

function useDocumentHidden() {
  const [isHidden, setIsHidden] = useState(() => typeof document !== 'undefined' && document.hidden)
  useEffect(() => {
    const onChange = () => setIsHidden(document.hidden)
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])
  return isHidden
}

/**
 * Index and autoplay for a carousel. Autoplay pauses while the pointer is over it, while focus is
 * inside it, while the tab is hidden, and never runs when the visitor prefers reduced motion.
 */
export function useCarousel({ count, interval, autoplay = true }: { count: number; interval: number; autoplay?: boolean }) {
  const reduceMotion = useReducedMotion()
  const isHidden = useDocumentHidden()
  const [index, setIndex] = useState(0)
  const [isHovered, setIsHovered] = useState(false)
  const [isFocused, setIsFocused] = useState(false)

  const goTo = useCallback((target: number) => setIndex(() => (count > 0 ? ((target % count) + count) % count : 0)), [count])
  const next = useCallback(() => setIndex((current) => (count > 0 ? (current + 1) % count : 0)), [count])
  const prev = useCallback(() => setIndex((current) => (count > 0 ? (current - 1 + count) % count : 0)), [count])

  const isPaused = isHovered || isFocused || isHidden
  const isPlaying = autoplay && !reduceMotion && !isPaused && count > 1

  useEffect(() => {
    if (!isPlaying) return
    const timer = window.setInterval(next, interval)
    return () => window.clearInterval(timer)
  }, [isPlaying, interval, next])

  // The list shrank under the current slide: start again from the first.
  if (index >= count && count > 0) setIndex(0)

  const pauseHandlers = {
    onMouseEnter: () => setIsHovered(true),
    onMouseLeave: () => setIsHovered(false),
    onFocus: () => setIsFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocused(false)
    },
  }

  return { index: Math.min(index, Math.max(0, count - 1)), goTo, next, prev, isPlaying, reduceMotion, pauseHandlers }
}
