import type { Response } from 'express'
import helmet from 'helmet'
import { env } from '../env'

// Public pictures and videos may come from a CDN (MEDIA_PUBLIC_URL): its origin is allowed too.
const mediaOrigins = env.MEDIA_PUBLIC_URL ? [new URL(env.MEDIA_PUBLIC_URL).origin] : []

/** Helmet with the portal's content security policy: the one place that decides security headers. */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
      'media-src': ["'self'", 'blob:', ...mediaOrigins],
      // hls.js fetches playlists and segments itself (from the CDN when MEDIA_PUBLIC_URL is set) and
      // runs its demuxer in a worker it makes from a blob.
      'connect-src': ["'self'", ...mediaOrigins],
      'worker-src': ["'self'", 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'frame-src': ["'none'"],
      // Deployments often run on plain HTTP inside an intranet; don't force https sub-requests.
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
})

/**
 * The headers `securityHeaders` sets, captured once as name/value pairs. The policy is static, so
 * every response gets the same values, set without running helmet's chain on each request.
 */
export const securityHeaderPairs: ReadonlyArray<readonly [string, string]> = (() => {
  const pairs: [string, string][] = []
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void pairs.push([name, String(value)]),
    removeHeader: () => undefined,
  }
  securityHeaders({} as never, recorder as unknown as Response, () => undefined)
  return pairs
})()
