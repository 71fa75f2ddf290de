/** YYYY-MM-DD in the visitor's time zone; empty for missing or unparsable values. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** YYYY-MM-DD HH:mm, for scheduled events such as course previews. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value)
  if (!day) return ''
  const date = new Date(value as string)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}
