// Dates read in China time (UTC+8, no daylight saving), wherever the page is rendered: the server
// render and the visitor's browser must print the same day, and the portal's audience is in China.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000

const pad = (n: number) => String(n).padStart(2, '0')

/** The value as a clock in China shows it (read with the getUTC* methods), or null when unparsable. */
function chinaClock(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? null : new Date(time + CHINA_OFFSET_MS)
}

/** YYYY-MM-DD; empty for missing or unparsable values. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const clock = chinaClock(value)
  return clock ? `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}` : ''
}

/** YYYY-MM-DD HH:mm, for scheduled events such as course previews. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const clock = chinaClock(value)
  return clock ? `${formatDate(value)} ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}` : ''
}
