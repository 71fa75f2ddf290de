// Calendar days as the portal's staff and members live them: China time (UTC+8, no daylight saving).
const OFFSET_MS = 8 * 60 * 60 * 1000
export const DAY_MS = 24 * 60 * 60 * 1000

/** The China-time date of a moment, e.g. "2026-11-24". */
export const chinaDay = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10)

/** The China-time minute of a moment, e.g. "2026-12-01 09:00". */
export const chinaMinute = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')

/** The moment a China-time day starts. */
export const chinaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`))
