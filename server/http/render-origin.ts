import type { Request } from 'express'
import { env } from '../env'

/** A host header that can only name a host (and port): anything else is not written into pages. */
const SANE_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/

/**
 * The site's absolute origin for links the server writes (canonical links, sitemaps): PUBLIC_URL
 * when set, as production should, otherwise the address the request came to.
 */
export function siteOrigin(req: Request): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL
  const host = req.get('host') ?? ''
  return `${req.protocol}://${SANE_HOST.test(host) ? host : 'localhost'}`
}
