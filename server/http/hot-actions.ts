// The busiest public actions (the home aggregate, config, category lists, the first list pages,
// course details, search) answered by one table lookup at the front of the app. Walking Express's
// general chain (helmet's dozen setters, the request log, compression's response wrapping,
// body-parser's stream plumbing, three levels of routers) cost more CPU than building these answers:
// about 0.5 ms of the 0.8 ms a course page took (npm run bench, docs/BENCHMARK.md).
//
// It is a shortcut, not a second API: every hot action is also mounted on its feature's router.
// A request this path does not read exactly as the general chain would (another letter case, a
// query string, a compressed or non-UTF-8 body, a declared length over the limit) goes on down
// the chain and gets the same answer there. What the shortcut keeps: the security headers,
// no-store, the request log, the body limit and the error envelopes.
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express'
import { apiNotFound, errorHandler } from './error-handler'
import { isPlainJsonRequest, readJsonBody } from './json-body'
import { requestLog } from './request-log'
import { securityHeaderPairs } from './security-headers'

/** Action name -> handler, per API group: `{ Course: { courseDetails: handler } }`. */
export type HotActionTable = Record<string, Record<string, RequestHandler>>

const ignore = () => undefined
const bodiless = new WeakSet<RequestHandler>()

/** Marks a hot action that takes no payload: its body is never read, whatever it holds. */
export function noPayload(handler: RequestHandler): RequestHandler {
  bodiless.add(handler)
  return handler
}

export function hotActions(table: HotActionTable): RequestHandler {
  const byPath = new Map<string, RequestHandler>()
  for (const [group, actions] of Object.entries(table))
    for (const [action, handler] of Object.entries(actions)) byPath.set(`/api/${group}/${action}`, handler)

  return (req: Request, res: Response, next: NextFunction) => {
    const handler = req.method === 'POST' ? byPath.get(req.url) : undefined
    if (!handler) return next()
    const readsBody = !bodiless.has(handler)
    if (readsBody && !isPlainJsonRequest(req)) return next()
    for (const [name, value] of securityHeaderPairs) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    requestLog(req, res, ignore)
    const fail = (error: unknown) => errorHandler(error, req, res, ignore)
    const payload = readsBody ? readJsonBody(req) : Promise.resolve(undefined)
    payload.then((body) => {
      req.body = body
      // A handler calls next() only with an error; without one, the action answered nothing.
      handler(req, res, (error?: unknown) => (error ? fail(error) : apiNotFound(req, res, ignore)))
    }, fail)
  }
}

/** Mounts a group's hot actions on its router too, so the general chain answers them the same way. */
export function postActions(router: Router, actions: Record<string, RequestHandler>): Router {
  for (const [action, handler] of Object.entries(actions)) router.post(`/${action}`, handler)
  return router
}
