export type TextPart = { text: string; isMatch: boolean }

/** Whitespace-separated search terms, longest first so "数字经济" wins over "数字" at the same spot. */
export function searchTerms(keyword: string | null | undefined): string[] {
  const terms = (keyword ?? '').trim().split(/\s+/).filter(Boolean)
  return [...new Set(terms)].sort((a, b) => b.length - a.length)
}

/**
 * Splits text into plain and matched parts, case-insensitively, without building a RegExp
 * from user input (so characters like "(" or "*" in a keyword are matched literally).
 * Rendering the parts as React text nodes keeps any markup in the text escaped.
 */
export function highlightParts(text: string | null | undefined, keyword: string | null | undefined): TextPart[] {
  const source = text ?? ''
  const terms = searchTerms(keyword).map((term) => term.toLocaleLowerCase())
  if (!source || terms.length === 0) return source ? [{ text: source, isMatch: false }] : []
  const lower = source.toLocaleLowerCase()
  // Lower-casing can change length for a few scripts; then fall back to no highlight rather than mis-slicing.
  if (lower.length !== source.length) return [{ text: source, isMatch: false }]
  const parts: TextPart[] = []
  let plainStart = 0
  let i = 0
  while (i < source.length) {
    const term = terms.find((t) => lower.startsWith(t, i))
    if (!term) {
      i += 1
      continue
    }
    if (i > plainStart) parts.push({ text: source.slice(plainStart, i), isMatch: false })
    parts.push({ text: source.slice(i, i + term.length), isMatch: true })
    i += term.length
    plainStart = i
  }
  if (plainStart < source.length) parts.push({ text: source.slice(plainStart), isMatch: false })
  return parts
}
