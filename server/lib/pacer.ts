// Long loops on the event loop (an import's thousands of records) give other requests a turn every
// few milliseconds instead of holding the process until they are done.
import { setImmediate as nextTurn } from 'node:timers/promises'

/** How long one stretch of work may run before it lets others in. */
export const PACE_SLICE_MS = 10

export type Pacer = {
  /** True once the current stretch has run its slice; checking it costs a clock read. */
  readonly isDue: boolean
  /** Lets pending I/O and timers run, then starts a new slice. */
  pause(): Promise<void>
}

export function createPacer(sliceMs = PACE_SLICE_MS): Pacer {
  let since = performance.now()
  return {
    get isDue() {
      return performance.now() - since >= sliceMs
    },
    async pause() {
      await nextTurn()
      since = performance.now()
    },
  }
}

/** Calls `fn` for each item, pausing whenever `pacer`'s slice is used up. */
export async function eachPaced<T>(items: readonly T[], pacer: Pacer, fn: (item: T, index: number) => void): Promise<void> {
  for (let index = 0; index < items.length; index++) {
    fn(items[index], index)
    if (pacer.isDue) await pacer.pause()
  }
}
