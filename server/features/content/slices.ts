// Reads and writes of many rows, a slice at a time. On SQLite, Prisma's query compiler and the
// statement both run on the event loop: one insert of 5,000 rows held it for 2.5 s. Slices this
// size take a few milliseconds to a few tens each, and other requests get a turn between them.
import { createPacer } from '../../lib/pacer'

/** Keys per `in` list. */
export const KEYS_PER_QUERY = 500
/** Rows per insert. */
const ROWS_PER_WRITE = 20

/** `find` over `values` a slice at a time, the results joined. */
export async function findInSlices<V, R>(values: readonly V[], find: (slice: V[]) => Promise<R[]>): Promise<R[]> {
  const pacer = createPacer()
  const found: R[] = []
  for (let at = 0; at < values.length; at += KEYS_PER_QUERY) {
    for (const row of await find(values.slice(at, at + KEYS_PER_QUERY))) found.push(row)
    if (pacer.isDue) await pacer.pause()
  }
  return found
}

/** `write` over `rows` a slice at a time, in order. */
export async function writeInSlices<V>(rows: readonly V[], write: (slice: V[]) => Promise<unknown>, size = ROWS_PER_WRITE): Promise<void> {
  const pacer = createPacer()
  for (let at = 0; at < rows.length; at += size) {
    await write(rows.slice(at, at + size))
    if (pacer.isDue) await pacer.pause()
  }
}
