import { useCallback, useEffect, useState } from 'react'

/** Seconds left until `start(seconds)` runs out, measured against the clock so it never drifts. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000))

  useEffect(() => {
    if (endsAt <= Date.now()) return
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() >= endsAt) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [endsAt])

  const start = useCallback((seconds: number) => {
    const current = Date.now()
    setNow(current)
    setEndsAt(current + seconds * 1000)
  }, [])

  return { left, isRunning: left > 0, start }
}
