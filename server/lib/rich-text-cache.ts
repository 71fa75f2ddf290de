// sanitize-html parses and rebuilds the whole HTML on every call (~0.3 ms for a course page);
// detail pages show the same few texts over and over, so clean output is memoized by input.
import { sanitizeRichText } from './sanitize'

const MAX_CHARS = 16_000_000
const cache = new Map<string, string>()
let cachedChars = 0

/** sanitizeRichText with a size-bounded, least-recently-used memo. */
export function cleanRichText(html: string | null | undefined): string {
  const input = html ?? ''
  if (input.length < 64) return sanitizeRichText(input)
  const hit = cache.get(input)
  if (hit !== undefined) {
    cache.delete(input)
    cache.set(input, hit)
    return hit
  }
  const clean = sanitizeRichText(input)
  const size = input.length + clean.length
  if (size > MAX_CHARS / 16) return clean
  for (const [key, value] of cache) {
    if (cachedChars + size <= MAX_CHARS) break
    cache.delete(key)
    cachedChars -= key.length + value.length
  }
  cache.set(input, clean)
  cachedChars += size
  return clean
}
