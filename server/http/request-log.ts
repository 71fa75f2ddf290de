// Request logging for everything the app serves (pino-http): each request gets an id, taken from a
// sane incoming X-Request-Id (a proxy's or a client's) or made here, bound to `req.log` so every line
// of that request carries it, and answered in the X-Request-Id header. One line per request once it
// is answered: success at debug (access logs are the reverse proxy's job), 4xx warn, 5xx error.
import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Express, RequestHandler, Response } from 'express'
import { pinoHttp, type HttpLogger } from 'pino-http'
import type { Logger } from '../lib/logger'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** `Group/action` of an API call (dispatch.ts), for its log line. */
      action?: string
    }
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id'

/** What an incoming id may look like: anything else (long, control characters, markup) is replaced. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && SANE_ID.test(given) ? given : crypto.randomUUID()
}

type Level = 'error' | 'warn' | 'debug'
const levelOf = (status: number, error?: Error): Level => (error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug')

/** The one line of a request. The error itself is logged where it is caught (dispatch.ts, app.ts). */
const requestLine = (req: IncomingMessage, res: ServerResponse, responseTime: number) => ({
  action: (res as Response).locals?.action,
  method: req.method,
  url: (req as { originalUrl?: string }).originalUrl ?? req.url,
  status: res.statusCode,
  responseTime,
})

function requestLog(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: requestIdFor,
    // pino-http binds its "req" attribute to a child logger for every request, logged or not, and
    // serializes it then. Bound under "reqId" with a serializer that keeps only the id, that child
    // costs ~1.5 µs per request instead of ~5 µs for the quiet options, which make a child of a
    // child (measured on this machine; the lines are the same).
    customAttributeKeys: { req: 'reqId' },
    wrapSerializers: false,
    serializers: { reqId: (req: IncomingMessage) => req.id },
    // A disabled level answers "silent", so a request at the usual level builds no line at all.
    customLogLevel: (_req, res, error) => {
      const level = levelOf(res.statusCode, error)
      return logger.isLevelEnabled(level) ? level : 'silent'
    },
    customSuccessObject: (req, res, val: { responseTime: number }) => requestLine(req, res, val.responseTime),
    customErrorObject: (req, res, _error, val: { responseTime: number }) => requestLine(req, res, val.responseTime),
  })
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void

/**
 * Logs every request `app` serves, ahead of Express itself rather than as its first middleware.
 * Express 5 swaps the prototype of each req and res (app.handle); V8 then gives every one of them
 * a hidden class of its own, so each property added afterwards builds a new one. pino-http adds
 * seven (req.id, req.log, res.log, ...): ~25 µs of CPU per request as a middleware, 2-5 µs here,
 * before the swap, where Node's request objects still share their hidden classes (autocannon
 * against a bare Express app on this 2-core machine; on Index/indexList, ~+30 µs against ~+10 µs
 * for logging and counting together).
 */
export function logRequests(app: Express, logger: Logger) {
  const log = requestLog(logger)
  const express = app as unknown as { handle?: Handle }
  // Express 5's own entry point (lib/application.js); fail at start, not silently, if it moves.
  if (typeof express.handle !== 'function') throw new Error('logRequests: app.handle not found (Express changed?)')
  const handle = express.handle.bind(app)
  express.handle = (req, res, next) => {
    log(req, res)
    handle(req, res, next)
  }
}

/**
 * The id in the answer of everything but the API, which writes it into its own prebuilt header
 * list (respond.ts): a setHeader before that writeHead would make Node merge the two lists.
 */
export const echoRequestId: RequestHandler = (req, res, next) => {
  res.setHeader(REQUEST_ID_HEADER, String(req.id))
  next()
}
