// List pages keep their scroll position per history entry (spec §2: list state kept on
// return). Positions live in sessionStorage keyed by React Router's location.key, which is
// stored in history.state and therefore survives a reload of the same entry too.
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const STORAGE_KEY = 'mingshi.scroll'
const MAX_ENTRIES = 50
/** How long a restore keeps re-applying itself while images, the layout mask or fonts shift the page. */
export const RESTORE_WINDOW_MS = 1500

type Positions = Record<string, number>

function readAll(): Positions {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Positions) : {}
  } catch {
    return {}
  }
}

export function saveScroll(key: string, y: number) {
  const all = readAll()
  delete all[key]
  all[key] = Math.max(0, Math.round(y))
  // Insertion order is age order; drop the oldest entries so storage stays small.
  const keys = Object.keys(all)
  keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).forEach((old) => delete all[old])
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all))
  } catch {
    // Storage full or disabled (private mode): scroll memory is a nicety, not a requirement.
  }
}

export function readScroll(key: string): number | null {
  const y = readAll()[key]
  return typeof y === 'number' && Number.isFinite(y) ? y : null
}

const USER_INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

// The layout starts every document load (including a reload) at the top; only later returns
// to an entry restore it. React Router keeps its entry key in history.state ("default" on a fresh load).
// (Nothing to remember in a server render.)
let initialEntryKey: string | null =
  typeof window === 'undefined' ? null : ((window.history.state as { key?: string } | null)?.key ?? 'default')

/**
 * Remembers window.scrollY for the current history entry and, when the entry is revisited
 * with Back/Forward (navigation type POP), scrolls back once `isReady` (the list data has
 * rendered). New navigations and document loads are left to the layout, which scrolls to the top.
 */
export function useScrollMemory(isReady: boolean) {
  const location = useLocation()
  const navigationType = useNavigationType()
  const here = location.pathname + location.search
  // Fresh loads all share the key "default"; the path keeps their positions apart.
  const key = `${location.key}:${here}`

  useEffect(() => {
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        // After a navigation the URL changes before this page unmounts; the layout's scroll
        // to top must not overwrite the position we left at.
        if (window.location.pathname + window.location.search !== here) return
        saveScroll(key, window.scrollY)
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [key, here])

  useEffect(() => {
    if (!isReady || navigationType !== 'POP') return
    if (initialEntryKey !== null && location.key === initialEntryKey) {
      initialEntryKey = null
      return
    }
    const target = readScroll(key)
    if (!target) return
    let stopped = false
    const stop = () => {
      stopped = true
    }
    USER_INPUT_EVENTS.forEach((name) => window.addEventListener(name, stop, { passive: true, once: true }))
    const deadline = performance.now() + RESTORE_WINDOW_MS
    let timer = 0
    const apply = () => {
      if (stopped) return
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target - 2
      if (reachable && Math.abs(window.scrollY - target) > 2) window.scrollTo(0, target)
      if (performance.now() < deadline) timer = window.setTimeout(apply, 50)
    }
    timer = window.setTimeout(apply, 0)
    return () => {
      stopped = true
      clearTimeout(timer)
      USER_INPUT_EVENTS.forEach((name) => window.removeEventListener(name, stop))
    }
  }, [isReady, key, location.key, navigationType])
}

/**
 * Back/Forward onto another page shows it at the top: a detail page (never kept, spec §2) and a
 * page the visitor had left at the top alike. List pages then put back their kept position through
 * useScrollMemory, whose restore runs after this (a layout effect, so the jump is never painted).
 * A change of the #hash alone stays where it is. The first load is the layout's.
 */
export function useBackForwardToTop() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const here = location.pathname + location.search
  const previous = useRef(here)
  useLayoutEffect(() => {
    if (previous.current === here) return
    previous.current = here
    if (navigationType === 'POP') window.scrollTo(0, 0)
  }, [here, navigationType])
}
