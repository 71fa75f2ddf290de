import path from 'node:path'
import compression from 'compression'
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { actions } from './actions'
import { env } from './env'
import { apiDispatcher } from './http/dispatch'
import { healthRoutes } from './http/health'
import { metricsRoute } from './http/metrics-route'
import { echoRequestId, logRequests } from './http/request-log'
import { logger, type Logger } from './lib/logger'
import { securityHeaderPairs } from './http/security-headers'
import { resumableUploadRoutes } from './features/upload/resumable/resumable.routes'
import { serveUploads } from './features/upload/upload.static'
import { seoRoutes } from './features/seo/seo.routes'
import { pageRenderer } from './http/render'

/** `logger`: where request logs go (tests read them); the server's logger by default. */
export type AppOptions = { clientDist?: string; uploadDir?: string; logger?: Logger }

/** The security headers on every non-API response too, computed once (security-headers.ts). */
const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of securityHeaderPairs) res.setHeader(name, value)
  next()
}

export function createApp(options: AppOptions = {}): Express {
  const clientDist = options.clientDist ?? env.CLIENT_DIST
  const uploadDir = options.uploadDir ?? env.UPLOAD_DIR
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)

  // A request id and one log line for every request, the API's included, set up before Express
  // handles the request (http/request-log.ts says why).
  logRequests(app, options.logger ?? logger)

  // Every API action, through one pipeline (http/dispatch.ts).
  app.use(apiDispatcher(actions))

  app.use(echoRequestId)
  app.use(securityHeaders)
  app.use(healthRoutes(uploadDir))
  // Resumable video uploads (tus), before compression: their answers are headers and short envelopes.
  app.all(/^\/resumable-uploads(\/[^/]*)?$/, resumableUploadRoutes())
  app.use(compression())
  // After compression: a scrape is tens of KB of text. Who may read it: http/metrics-route.ts.
  app.use(metricsRoute())
  app.use('/uploads', serveUploads(uploadDir))
  // robots.txt and the sitemaps (features/seo).
  app.use(seoRoutes())
  serveClient(app, clientDist)
  app.use(staticErrors)
  return app
}

/** The built client: hashed assets cached for a year, every other GET is a page rendered on the server (http/render.ts). */
function serveClient(app: Express, clientDist: string) {
  app.use(
    express.static(clientDist, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.set('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.get(/.*/, pageRenderer(clientDist, actions, logger))
}

/** Failures while serving files: a short text, never a stack trace. */
const staticErrors: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500
  if (status === 500) req.log.error({ err: error, url: req.originalUrl }, 'unhandled error')
  if (res.headersSent) return
  res
    .status(status)
    .type('text/plain; charset=utf-8')
    .send(status === 500 ? '服务器繁忙，请稍后再试' : '请求无效')
}
