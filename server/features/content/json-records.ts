// Reads a seed file (a JSON array of records) without ever holding the event loop for long: one
// pass over the bytes finds each record and counts it, so an oversized file is refused before
// anything is built, and the records are then parsed one by one with pauses between them.
// `JSON.parse` of a whole file is no option: two megabytes of `{},{},…` take about 200 ms.
import type { Pacer } from '../../lib/pacer'

export type JsonRecordLimits = {
  /** Records in the file. */
  records: number
  /** Objects, arrays and the items after a comma in one record: a bound on the work of parsing it. */
  valuesPerRecord: number
}

/** The records, or what is wrong (`isOverLimit`: a limit, which refuses the whole import at once). */
export type JsonRecords = { ok: true; records: unknown[] } | { ok: false; problem: string; isOverLimit: boolean }

const SPACE = 0x20
const TAB = 0x09
const LF = 0x0a
const CR = 0x0d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
// Bytes scanned between two looks at the clock.
const SCAN_STEP = 0xffff

const isSpace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB
const invalid = (problem = '不是有效的 JSON'): JsonRecords => ({ ok: false, problem, isOverLimit: false })
const overLimit = (problem: string): JsonRecords => ({ ok: false, problem, isOverLimit: true })

/**
 * Splits the top-level array at its own commas. Inside a record only brackets and strings matter,
 * so the split is exact for valid JSON; for invalid JSON some record fails to parse on its own, and
 * when every record parses, the file was valid. Multi-byte UTF-8 never contains these ASCII bytes.
 */
export async function parseJsonRecords(bytes: Uint8Array, limits: JsonRecordLimits, pacer: Pacer): Promise<JsonRecords> {
  let first = 0
  while (first < bytes.length && isSpace(bytes[first])) first++
  if (first === bytes.length) return invalid()
  if (bytes[first] !== OPEN_ARRAY) return invalid('顶层应为数组')

  const bounds: number[] = []
  let start = first + 1
  let depth = 1
  let values = 0
  let isInString = false
  let end = -1
  const cut = (at: number): JsonRecords | null => {
    bounds.push(start, at)
    start = at + 1
    values = 0
    return bounds.length / 2 > limits.records ? overLimit(`超过 ${limits.records} 条记录上限`) : null
  }
  for (let i = start; i < bytes.length; i++) {
    if ((i & SCAN_STEP) === 0 && pacer.isDue) await pacer.pause()
    const byte = bytes[i]
    if (isInString) {
      if (byte === BACKSLASH) i++
      else if (byte === QUOTE) isInString = false
      continue
    }
    if (byte === QUOTE) isInString = true
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++
      values++
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--
      if (depth === 0) {
        if (byte !== CLOSE_ARRAY) return invalid()
        end = i
        break
      }
    } else if (byte === COMMA) {
      if (depth === 1) {
        const refused = cut(i)
        if (refused) return refused
        continue
      }
      values++
    }
    if (values > limits.valuesPerRecord) {
      return overLimit(`第 ${bounds.length / 2 + 1} 条的字段和数组项过多（最多 ${limits.valuesPerRecord} 个）`)
    }
  }
  if (end < 0) return invalid()
  for (let i = end + 1; i < bytes.length; i++) if (!isSpace(bytes[i])) return invalid()
  // `[]` and `[ ]` hold no record; anything else ends with one (empty after a trailing comma: invalid).
  const isEmpty = bounds.length === 0 && bytes.subarray(start, end).every(isSpace)
  if (!isEmpty) {
    const refused = cut(end)
    if (refused) return refused
  }

  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const records: unknown[] = []
  for (let k = 0; k < bounds.length; k += 2) {
    try {
      records.push(JSON.parse(text.toString('utf8', bounds[k], bounds[k + 1])))
    } catch {
      return invalid(`不是有效的 JSON（第 ${k / 2 + 1} 条）`)
    }
    if (pacer.isDue) await pacer.pause()
  }
  return { ok: true, records }
}
