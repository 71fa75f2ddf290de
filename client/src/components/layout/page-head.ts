// The tags of a page's <head> beyond the static ones in index.html: meta, canonical link, Open Graph
// and JSON-LD. One description serves both sides: the server render writes it as HTML, the browser
// applies it to document.head on every navigation.
import { createContext } from 'react'

export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; name: string; content: string }
  | { kind: 'property'; property: string; content: string }
  | { kind: 'link'; rel: string; href: string }
  | { kind: 'json-ld'; json: object }

/** Which hook wrote a group of tags: each group is replaced as a whole. */
export type HeadPart = 'page' | 'breadcrumbs'

export type HeadSink = {
  /** The site's absolute origin for canonical links: the server's (PUBLIC_URL), or the browser's own on pages it renders alone. */
  origin: string
  /** Set by the server render, which collects the tags instead of touching a document. */
  collect?: (part: HeadPart, tags: HeadTag[]) => void
  /** The page was rendered for a preview link of an unpublished item: banner shown, never indexed. */
  isPreview?: boolean
}

export const HeadContext = createContext<HeadSink>({ origin: '' })

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON that cannot end the <script> it sits in (nor be read as a comment or entity). */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The tags as HTML, for the server render; `data-head` lets the browser find and replace them. */
export function headTagsHtml(part: HeadPart, tags: HeadTag[]): string {
  const mark = `data-head="${part}"`
  return tags
    .map((tag) => {
      switch (tag.kind) {
        case 'title':
          return `<title>${escapeHtml(tag.text)}</title>`
        case 'meta':
          return `<meta ${mark} name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`
        case 'property':
          return `<meta ${mark} property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}">`
        case 'link':
          return `<link ${mark} rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}">`
        case 'json-ld':
          return `<script ${mark} type="application/ld+json">${scriptSafeJson(tag.json)}</script>`
      }
    })
    .join('')
}

/** Replaces the group's tags in document.head (index.html's own keywords and description included). */
export function applyHeadTags(part: HeadPart, tags: HeadTag[]) {
  const stale = document.head.querySelectorAll(
    part === 'page' ? '[data-head="page"], meta[name="keywords"], meta[name="description"]' : `[data-head="${part}"]`,
  )
  stale.forEach((element) => element.remove())
  for (const tag of tags) {
    if (tag.kind === 'title') {
      document.title = tag.text
      continue
    }
    const element = document.createElement(tag.kind === 'link' ? 'link' : tag.kind === 'json-ld' ? 'script' : 'meta')
    element.dataset.head = part
    if (tag.kind === 'meta') element.setAttribute('name', tag.name)
    if (tag.kind === 'property') element.setAttribute('property', tag.property)
    if (tag.kind === 'meta' || tag.kind === 'property') element.setAttribute('content', tag.content)
    if (tag.kind === 'link') {
      element.setAttribute('rel', tag.rel)
      element.setAttribute('href', tag.href)
    }
    if (tag.kind === 'json-ld') {
      element.setAttribute('type', 'application/ld+json')
      element.textContent = JSON.stringify(tag.json)
    }
    document.head.appendChild(element)
  }
}
