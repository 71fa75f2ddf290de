// The server render's entry, built by `vite build` into client/dist/.ssr/ (vite.config.ts) and loaded
// by the server (server/http/render.ts), which passes the transport that runs API actions
// in-process. Browser code: it never imports the server, the server hands it what it needs.
import { dehydrate } from '@tanstack/react-query'
import { loadMediaAlts } from './lib/media-alts'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, matchRoutes, StaticRouterProvider } from 'react-router'
import { installChineseZodMessages } from '../../common/validation/zod-messages'
import { AppRoot } from './app/app-root'
import { PageQueries } from './app/page-data'
import { createQueryClient } from './app/provider'
import { createRoutes, type RenderContext, type RouteHandle } from './app/router'
import type { RouteErrorData, ServerData } from './app/server-data'
import { headTagsHtml, scriptSafeJson, type HeadPart, type HeadTag } from './components/layout/page-head'
import { LcpImageContext, type LcpImage } from './components/ui/responsive-image'
import type { RenderOutcome, RenderRequest, Transport } from '../../common/render-contract'
import { setTransport } from './lib/api-client'
import { MEDIA_BASE_META, setMediaBase } from './lib/media-address'

export { SERVER_DATA_ID } from './app/server-data'

const serializeError = (error: unknown): RouteErrorData | null =>
  isRouteErrorResponse(error) ? { status: error.status, statusText: error.statusText, internal: false, data: error.data ?? null } : null

/** Builds the renderer once per process: the route table and React Router's static handler. */
export function createRenderer(transport: Transport) {
  setTransport(transport)
  installChineseZodMessages()
  // The public media base (a CDN) is the server's setting; the browser reads it from the page.
  const { env } = (globalThis as { process?: { env: Record<string, string | undefined> } }).process ?? { env: {} }
  const mediaBase = env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') || undefined
  setMediaBase(mediaBase)
  const mediaBaseTag = mediaBase ? `<meta name="${MEDIA_BASE_META}" content="${escapeAttribute(mediaBase)}">` : ''
  const handler = createStaticHandler(createRoutes('server'))

  return async function render({ url, origin, isPreview }: RenderRequest): Promise<RenderOutcome> {
    // Concatenated, not resolved: a path like //host/x must stay a path on this site.
    const address = new URL(`${origin}${url}`)
    const matched = matchRoutes(handler.dataRoutes, address) ?? []
    if (matched.some(({ route }) => (route.handle as RouteHandle | undefined)?.isBrowserOnly)) return { kind: 'shell' }

    const queryClient = createQueryClient()
    const requestContext: RenderContext = { queries: new PageQueries(queryClient) }
    const context = await handler.query(new Request(address), { requestContext })
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' }
    }
    const errors = Object.entries(context.errors ?? {})
    const serialized: Record<string, RouteErrorData> = {}
    for (const [routeId, error] of errors) {
      const data = serializeError(error)
      if (!data || data.status >= 500) return { kind: 'failed', error }
      serialized[routeId] = data
    }
    // A query that failed renders as loading, as it does in the browser before it asks again.
    const cache = queryClient.getQueryCache()
    for (const query of cache.findAll({ predicate: (query) => query.state.status === 'error' })) cache.remove(query)
    // The media library's alt text of the page's pictures, sent with the page (lib/media-alts.ts).
    await loadMediaAlts(queryClient)

    const head = new Map<HeadPart, HeadTag[]>()
    const router = createStaticRouter(handler.dataRoutes, context)
    // The first picture the page marks as its largest (ResponsiveImage priority) is preloaded.
    let lcp: LcpImage | undefined
    const reportLcp = (image: LcpImage) => void (lcp ??= image)
    let html: string
    try {
      html = renderToString(
        <LcpImageContext value={reportLcp}>
          <AppRoot head={{ origin, isPreview, collect: (part, tags) => head.set(part, tags) }} queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppRoot>
        </LcpImageContext>,
      )
    } catch (error) {
      return { kind: 'failed', error }
    }
    const data: ServerData = {
      origin,
      queries: dehydrate(queryClient),
      errors: errors.length ? serialized : null,
      ...(isPreview ? { isPreview } : {}),
    }
    return {
      kind: 'page',
      status: context.statusCode,
      html,
      head: [...head].map(([part, tags]) => headTagsHtml(part, tags)).join('') + mediaBaseTag + preloadTag(lcp),
      data: scriptSafeJson(data),
      pages: context.matches.flatMap(({ route }) => (route.handle as RouteHandle | undefined)?.page ?? []),
    }
  }
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The preload of the page's largest picture, fetched with high priority before the stylesheets' pictures. */
function preloadTag(image: LcpImage | undefined): string {
  if (!image) return ''
  const srcset = image.srcSet ? ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes)}"` : ''
  return `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${srcset} fetchpriority="high">`
}
