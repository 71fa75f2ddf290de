import { env } from '../env'

/**
 * The site's absolute origin for links the server writes (canonical links, Open Graph, JSON-LD,
 * robots.txt, sitemaps): PUBLIC_URL, which production requires. Never the request's Host header:
 * anyone can send any Host, and kept pages and sitemaps would then send later visitors and crawlers
 * to that host. Outside production without PUBLIC_URL, this server's own local address.
 */
export function siteOrigin(): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
}
