export const DEFAULT_CUT = 100

/** Cut by code point so Chinese text and emoji never split; appends an ellipsis when cut. */
export function cutText(text: string | null | undefined, max = DEFAULT_CUT): string {
  const chars = Array.from(text ?? '')
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}

/** Plain text of an HTML fragment, without executing or loading anything in it. */
export function stripMarkup(html: string | null | undefined): string {
  const source = html ?? ''
  if (typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(source, 'text/html')
    return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
  }
  return source
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** 3-4-4 grouping for 11-digit numbers (400 numbers and mobiles alike); others unchanged. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '')
  if (digits.length !== 11) return phone ?? ''
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
}

/** A file size as a person reads it: KB below 1 MB (at least 1 KB), else MB with one decimal. */
export const formatFileSize = (bytes = 0) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
