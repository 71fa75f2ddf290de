// What GET /metrics shows (server/http/metrics-route.ts), in one registry: the process, every API
// action's calls, latency and errors, the answer cache, page views waiting to be written and SMS
// sends. Counting is on the request path, so each counter's label children are made once and
// reused; a count is then one increment.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

export const registry = new Registry()

const requests = new Counter({
  name: 'portal_requests_total',
  help: 'API calls answered, by action (Group/action, "unknown" for a path that names none) and HTTP status',
  labelNames: ['action', 'status'],
  registers: [registry],
})

const duration = new Histogram({
  name: 'portal_request_duration_seconds',
  help: 'Time from the start of an API call to its answer, by action',
  labelNames: ['action'],
  // Cached reads answer in about 0.1 ms, uploads and bcrypt take up to seconds.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
})

const errors = new Counter({
  name: 'portal_request_errors_total',
  help: 'API calls answered with a 5xx, by action and kind: "unhandled" for a throw no rule recognised (a bug), "server" for a deliberate 5xx such as a failing SMS gateway',
  labelNames: ['action', 'kind'],
  registers: [registry],
})

type Child = { inc: () => void }

/** The counters of one action, children made once: recording a call builds no label set. */
export function actionMeter(action: string) {
  const byStatus = new Map<number, Child>()
  const timing = duration.labels(action)
  let unhandled: Child | undefined
  let server: Child | undefined
  return {
    record(status: number, seconds: number, isUnhandled: boolean) {
      let counter = byStatus.get(status)
      if (!counter) byStatus.set(status, (counter = requests.labels(action, String(status))))
      counter.inc()
      timing.observe(seconds)
      if (isUnhandled) (unhandled ??= errors.labels(action, 'unhandled')).inc()
      else if (status >= 500) (server ??= errors.labels(action, 'server')).inc()
    },
  }
}
export type ActionMeter = ReturnType<typeof actionMeter>

const cacheLookups = new Counter({
  name: 'portal_cache_lookups_total',
  help: 'Lookups in the answer cache (server/data/cache.ts): "hit" reused a fresh entry, "miss" built one',
  labelNames: ['result'],
  registers: [registry],
})
export const cacheHit = cacheLookups.labels('hit')
export const cacheMiss = cacheLookups.labels('miss')

let oldestUnflushedView: () => number | undefined = () => undefined

/** views.ts tells when the oldest visit not yet written was counted (undefined when none wait). */
export function reportUnflushedViews(since: () => number | undefined) {
  oldestUnflushedView = since
}

// The age of the oldest waiting visit, not the last flush: it rises steadily while writes fail and
// is 0 whenever nothing waits, so "above a minute" is an alert with no false alarms on a quiet site.
new Gauge({
  name: 'portal_page_views_unflushed_age_seconds',
  help: 'Seconds since the oldest page view not yet written to the database was counted (0 when none wait)',
  registers: [registry],
  collect() {
    const since = oldestUnflushedView()
    this.set(since === undefined ? 0 : Math.max(0, Date.now() - since) / 1000)
  },
})

export const smsSends = new Counter({
  name: 'portal_sms_sends_total',
  help: 'SMS codes handed to the provider, by provider, purpose and result (sent or failed)',
  labelNames: ['provider', 'purpose', 'result'],
  registers: [registry],
})

let processMetrics = false

/** CPU, memory, event loop lag, GC: started with the first /metrics route, not by every script that counts. */
export function collectProcessMetrics() {
  if (processMetrics) return
  processMetrics = true
  collectDefaultMetrics({ register: registry })
}
