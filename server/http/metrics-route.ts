// GET /metrics in the Prometheus text format (server/lib/metrics.ts). Answered to a scraper on this
// machine talking to the server directly, or to one presenting METRICS_TOKEN; everyone else gets a
// bare 404, so the internet learns nothing about the process, its actions or their traffic.
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Router } from 'express'
import { env } from '../env'
import { collectProcessMetrics, registry } from '../lib/metrics'

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  if (address === '::1') return true
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/**
 * A reverse proxy on this machine connects from loopback too: a request it forwards carries one of
 * these, and must not count as local whatever TRUST_PROXY says.
 */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip']

const digest = (text: string) => crypto.createHash('sha256').update(text).digest()

/** Whether `req` may read the metrics. The token is compared through digests: constant time, any length. */
export function mayReadMetrics(req: Pick<IncomingMessage, 'socket' | 'headers'>, token: string | undefined): boolean {
  const authorization = req.headers.authorization
  if (token && authorization?.startsWith('Bearer ')) {
    if (crypto.timingSafeEqual(digest(authorization.slice(7).trim()), digest(token))) return true
  }
  return isLoopback(req.socket.remoteAddress) && PROXY_HEADERS.every((name) => req.headers[name] === undefined)
}

export function metricsRoute(token: string | undefined = env.METRICS_TOKEN): Router {
  collectProcessMetrics()
  const router = Router()
  router.get('/metrics', async (req, res) => {
    if (!mayReadMetrics(req, token)) {
      res.status(404).type('text/plain; charset=utf-8').send('Not Found')
      return
    }
    const text = await registry.metrics()
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(text)
  })
  return router
}
