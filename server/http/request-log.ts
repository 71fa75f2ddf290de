import type { RequestHandler } from 'express'
import { logger } from '../lib/logger'

/**
 * One line per API call once it finishes. Successful calls log at debug: per-request logging cost
 * more than a cached answer itself, and deployments usually keep access logs at the reverse proxy.
 * Failures log at warn (4xx) or error (5xx) so they are always seen.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint()
  res.once('finish', () => {
    const status = res.statusCode
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug'
    if (!logger.isLevelEnabled(level)) return
    const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10
    logger[level]({ method: req.method, url: req.originalUrl, status, ms }, 'request')
  })
  next()
}
