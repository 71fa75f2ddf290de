// The XML of the sitemaps (sitemaps.org protocol 0.9): an index naming one file per section, and
// each section's <urlset>. Absolute URLs on the given origin; lastmod in W3C date-time.
import type { SitemapEntry, SitemapSection } from './seo.service'

/** The protocol's limit of URLs per file; a larger section is split into numbered files. */
export const URLS_PER_FILE = 50_000

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

const lastmod = (date: Date) => (date.getTime() > 0 ? `<lastmod>${date.toISOString()}</lastmod>` : '')

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'

/** The file of a section's n-th part (1-based): /sitemaps/courses.xml, then /sitemaps/courses-2.xml... */
export const sectionFile = (section: SitemapSection, part = 1) => `/sitemaps/${section}${part > 1 ? `-${part}` : ''}.xml`

export type SectionSummary = { section: SitemapSection; count: number; lastmod: Date }

export function sitemapIndexXml(origin: string, sections: SectionSummary[]): string {
  const files = sections.flatMap(({ section, count, lastmod: date }) =>
    Array.from({ length: Math.max(1, Math.ceil(count / URLS_PER_FILE)) }, (_, index) => ({ file: sectionFile(section, index + 1), date })),
  )
  const items = files.map(({ file, date }) => `<sitemap><loc>${escapeXml(origin + file)}</loc>${lastmod(date)}</sitemap>`)
  return `${HEAD}<sitemapindex ${NS}>\n${items.join('\n')}\n</sitemapindex>\n`
}

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  const items = entries.map((entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod(entry.lastmod)}</url>`)
  return `${HEAD}<urlset ${NS}>\n${items.join('\n')}\n</urlset>\n`
}

/**
 * robots.txt: crawlers keep out of the API, the member pages, the staff console and search results
 * (endless query pages that repeat the lists), and find everything else through the sitemap.
 */
export function robotsTxt(origin: string): string {
  const hidden = ['/api/', '/user', '/login', '/register', '/forget', '/admin', '/search']
  return ['User-agent: *', ...hidden.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}
