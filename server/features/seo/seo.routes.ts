// GET /robots.txt, /sitemap.xml (the index) and /sitemaps/<section>[-<part>].xml. The sitemaps are
// built from the services' plain data and kept in the server cache (data/cache.ts): any content
// write drops them, and the next crawler request builds them again.
import { Router, type Request, type Response } from 'express'
import { siteOrigin } from '../../lib/site-origin'
import { cached } from '../../data/cache'
import { listSitemapEntries, SITEMAP_SECTIONS, type SitemapSection } from './seo.service'
import { robotsTxt, sitemapIndexXml, URLS_PER_FILE, urlsetXml } from './sitemap'

const SECTION_FILE = /^\/sitemaps\/([a-z]+)(?:-([1-9]\d{0,4}))?\.xml$/

/** A section's entries, shared by the index (counts) and the section's files. */
const sectionEntries = (section: SitemapSection) => cached(`seo/sitemap/${section}`, () => listSitemapEntries(section))

/** A sitemap file's XML, kept once: its URLs are on the configured origin, whatever Host it was asked at. */
const cachedXml = (key: string, build: () => Promise<string>) => cached(`seo/${key}`, build, { sizeOf: (xml) => xml.length * 2 })

const sendXml = (res: Response, xml: string) => res.type('application/xml; charset=utf-8').set('Cache-Control', 'no-cache').send(xml)

export function seoRoutes(): Router {
  const router = Router()

  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(siteOrigin()))
  })

  router.get('/sitemap.xml', async (_req: Request, res: Response) => {
    const xml = await cachedXml('sitemap.xml', async () => {
      const sections = await Promise.all(
        SITEMAP_SECTIONS.map(async (section) => {
          const list = await sectionEntries(section)
          return { section, count: list.length, lastmod: new Date(list.reduce((max, entry) => Math.max(max, entry.lastmod.getTime()), 0)) }
        }),
      )
      return sitemapIndexXml(siteOrigin(), sections)
    })
    sendXml(res, xml)
  })

  router.get(SECTION_FILE, async (req: Request, res: Response, next) => {
    const [, name, rawPart] = SECTION_FILE.exec(req.path) ?? []
    const section = SITEMAP_SECTIONS.find((known) => known === name)
    const part = Number(rawPart ?? 1)
    if (!section) return next()
    const list = await sectionEntries(section)
    if (part > 1 && (part - 1) * URLS_PER_FILE >= list.length) return next()
    const xml = await cachedXml(`${section}-${part}.xml`, async () =>
      urlsetXml(siteOrigin(), list.slice((part - 1) * URLS_PER_FILE, part * URLS_PER_FILE)),
    )
    sendXml(res, xml)
  })

  return router
}
