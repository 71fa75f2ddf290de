/** How far back the speed is measured: long enough to smooth bursts, short enough to follow a slower network. */
export const PACE_WINDOW_MS = 5000

export type PaceMeter = {
  /** Records that `bytes` had been sent at `at` (ms); fewer bytes than before (a retried chunk) starts over. */
  add: (bytes: number, at: number) => void
  /** Bytes per second over the window, or null until two readings span some time. */
  bytesPerSecond: () => number | null
  reset: () => void
}

/** The upload speed over the last few seconds of progress readings, not since the start. */
export function createPaceMeter(windowMs = PACE_WINDOW_MS): PaceMeter {
  let readings: { at: number; bytes: number }[] = []
  return {
    add(bytes, at) {
      const last = readings.at(-1)
      if (last && bytes < last.bytes) readings = []
      readings.push({ at, bytes })
      // The oldest kept reading is the last one at or before the window's start, so the window stays full.
      while (readings.length > 2 && readings[1].at <= at - windowMs) readings.shift()
    },
    bytesPerSecond() {
      const first = readings[0]
      const last = readings.at(-1)
      if (!first || !last || last.at <= first.at) return null
      return ((last.bytes - first.bytes) * 1000) / (last.at - first.at)
    },
    reset() {
      readings = []
    },
  }
}
