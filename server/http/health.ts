// Probes for orchestrators and load balancers, outside the POST API: GET /healthz says the process
// answers; GET /readyz says it can serve (server/data/readiness.ts), with 503 when it cannot.
import { Router } from 'express'
import { readiness } from '../data/readiness'

export function healthRoutes(uploadDir: string): Router {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) })
  })
  router.get('/readyz', async (_req, res) => {
    const result = await readiness(uploadDir)
    res
      .status(result.ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: result.ok ? 'ready' : 'unready', ...result.checks })
  })
  return router
}
