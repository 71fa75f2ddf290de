import { useEffect, useState, type FocusEvent } from 'react'
import { useReducedMotion } from './use-media-query'

function useDocumentHidden() {
  const [isHidden, setIsHidden] = useState(false)
  useEffect(() => {
    const onChange = () => setIsHidden(document.hidden)
    onChange()
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])
  return isHidden
}

/**
 * When a carousel advances by itself. It runs every `interval` ms while nothing holds it: the
 * pointer over it, focus inside it, a hidden tab, the visitor's pause button; it never starts
 * when the visitor prefers reduced motion (the play button can still start it). `restartKey`
 * changing (the visitor moved the carousel) starts a full interval again.
 */
export function useAutoplay({
  interval,
  canPlay,
  onTick,
  restartKey,
}: {
  interval: number
  canPlay: boolean
  onTick: () => void
  restartKey: unknown
}) {
  const reduceMotion = useReducedMotion()
  const isHidden = useDocumentHidden()
  const [isHovered, setIsHovered] = useState(false)
  const [isFocused, setIsFocused] = useState(false)
  // null: the visitor has not chosen, so the preference for reduced motion decides.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null)

  const isOn = canPlay && (choice ?? (reduceMotion ? 'pause' : 'play')) === 'play'
  const isRunning = isOn && !isHovered && !isFocused && !isHidden

  useEffect(() => {
    if (!isRunning) return
    const timer = window.setInterval(onTick, interval)
    return () => window.clearInterval(timer)
  }, [isRunning, interval, onTick, restartKey])

  const holdHandlers = {
    onMouseEnter: () => setIsHovered(true),
    onMouseLeave: () => setIsHovered(false),
    onFocus: () => setIsFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocused(false)
    },
  }

  return { isOn, isRunning, reduceMotion, toggle: () => setChoice(isOn ? 'pause' : 'play'), holdHandlers }
}
