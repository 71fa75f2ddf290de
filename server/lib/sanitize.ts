import sanitizeHtml from 'sanitize-html'
import { createSanitizePool, type PoolOptions, type SanitizeOp } from './sanitize-pool'

// Allow-list for rich text (teacher introductions, course content, contributions).
// Anything not listed — script, style, iframes, event handlers, javascript: URLs — is dropped.
// Plain data, so the worker threads (sanitize-pool.ts) apply exactly the same list.
const allowList: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'pre',
    'code',
    'video',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // No `class`, `style` or `id` on any tag: with them, stored markup could take the site's own
  // classes (the full-page loading mask) or fixed positioning and cover the page with a fake notice.
  // The editor (client/src/admin/rich-text/rich-text-editor.tsx: StarterKit and Image) writes none
  // of its own; an extension added later that does (text-align, say) lists its classes here.
  allowedClasses: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
}

// Every link leaves the site without a referrer and carries no ranking.
const linkAttributes = { rel: 'noopener noreferrer nofollow' }
const poolOptions: PoolOptions = { rich: allowList, plain: { allowedTags: [], allowedAttributes: {} }, linkAttributes }
const richOptions: sanitizeHtml.IOptions = { ...allowList, transformTags: { a: sanitizeHtml.simpleTransform('a', linkAttributes) } }

export const sanitizeRichText = (html: string | null | undefined) => sanitizeHtml(html ?? '', richOptions)

/** Entities decoded and whitespace folded: the text of markup that sanitize-html has emptied of tags. */
const plainText = (stripped: string) =>
  stripped
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/** Plain text of rich content: tags removed, entities decoded, whitespace folded. */
export const stripMarkup = (html: string | null | undefined): string => plainText(sanitizeHtml(html ?? '', poolOptions.plain))

/**
 * Up to this many characters a pass takes a few milliseconds and runs where it is called. Longer
 * input goes to a worker thread: sanitize-html is superlinear on some markup (200,000 characters
 * of unclosed tags take about a second), and on the event loop that stalls every other request.
 */
export const INLINE_SANITIZE_MAX = 20_000

let pool: ReturnType<typeof createSanitizePool> | undefined
const offThread = (op: SanitizeOp, html: string) => (pool ??= createSanitizePool(poolOptions)).run(op, html)

/** sanitizeRichText that keeps the event loop free for big input (a contribution, an approved article). */
export const sanitizeRichTextAsync = async (html: string | null | undefined): Promise<string> =>
  (html ?? '').length <= INLINE_SANITIZE_MAX ? sanitizeRichText(html) : offThread('rich', html ?? '')

/** stripMarkup that keeps the event loop free for big input. */
export const stripMarkupAsync = async (html: string | null | undefined): Promise<string> =>
  (html ?? '').length <= INLINE_SANITIZE_MAX ? stripMarkup(html) : plainText(await offThread('plain', html ?? ''))

/** Cut to `max` characters (by code point, so Chinese and emoji are never split), adding an ellipsis. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text
}
