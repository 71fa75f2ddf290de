// The one pipeline every API action goes through, in this order: security headers (computed once),
// method and action lookup, access check (before a byte of the body is read), bounded body
// reading, validation, the call (or the cache), the envelope, compression, and one log line.
import fs from 'node:fs'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { installChineseZodMessages } from '../../common/validation/zod-messages'
import { cached, contentChanged, memberTag, tagsChanged } from '../lib/cache'
import { logger } from '../lib/logger'
import { actionPath, type Action, type ActionContext, type ReceivedFile } from './action'
import { bearerToken, authenticate, optionalMember, type AuthedMember } from './auth'
import { discardBody, readJsonBody, readMultipartBody } from './body'
import { ApiError, Code } from './envelope'
import { describeFailure, SERVER_FAILURE, statusOf, type Failure } from './failure'
import { sendData, sendFailure, sendStored, sendWithLive, storeAnswer, type StoredAnswer } from './respond'

installChineseZodMessages()

const NOT_FOUND: Failure = { code: Code.NOT_FOUND, msg: '接口不存在' }
const NOT_POST: Failure = { code: 405, msg: '请使用 POST 方法调用接口' }

async function identify(action: Action, req: Request): Promise<AuthedMember | null> {
  const token = bearerToken(req)
  const { access } = action
  if (access === 'public') return null
  if (access === 'viewer') return optionalMember(token)
  const member = await authenticate(token)
  if (typeof access === 'object' && !access.staff.includes(member.role as never)) {
    throw new ApiError(Code.FORBIDDEN, access.refusal ?? '没有权限执行此操作')
  }
  return member
}

async function readPayload(action: Action, req: Request, res: Response): Promise<{ payload: unknown; file?: ReceivedFile }> {
  if (!action.upload) return { payload: await readJsonBody(req) }
  const { fields, file } = await readMultipartBody(req, res, action.upload)
  return { payload: fields, file }
}

const inputKey = (input: unknown) => JSON.stringify(input) ?? ''

/** A read answered from the cache: built at most once per change of what it shows. */
async function cachedAnswer(action: Action, input: unknown, ctx: ActionContext): Promise<{ stored: StoredAnswer; data: unknown }> {
  const policy = action.cache!
  const own = policy.scope === 'member' && ctx.member ? ctx.member.id : 0
  const tags = [...(own ? [memberTag(own)] : []), ...(policy.tags?.(input) ?? [])]
  return cached(
    `${action.group}/${action.name}|${own}|${inputKey(input)}`,
    async () => {
      const data = await action.handler(input, ctx)
      return { stored: storeAnswer(data, policy.live?.fields), data }
    },
    {
      tags,
      sizeOf: ({ stored }) => stored.body.length * 2 + stored.dataJson.length * 2,
      // An unknown or hidden id stays a cheap answer instead of a query per request.
      keepError: (error) => error instanceof ApiError && error.code === Code.NOT_FOUND,
    },
  )
}

/** After a write: what it changed is rebuilt on the next read (server/lib/cache.ts). */
function recordChanges(action: Action, input: unknown, ctx: ActionContext) {
  if (ctx.member) tagsChanged([memberTag(ctx.member.id)])
  const tags = action.changes?.tags?.(input)
  if (tags?.length) tagsChanged(tags)
  if (action.changes?.content) contentChanged()
}

async function serve(action: Action, req: Request, res: Response): Promise<void> {
  const member = action.access === 'public' ? null : await identify(action, req)
  const { payload, file } = await readPayload(action, req, res)
  const ctx: ActionContext = { member, ip: req.ip ?? '', file }
  try {
    // Synchronous: no schema has async checks, and parseAsync costs a few microseconds more per call.
    const input = action.input.parse(payload)
    if (action.cache) {
      const { stored, data } = await cachedAnswer(action, input, ctx)
      const live = action.cache.live
      if (live) sendWithLive(req, res, stored, await live.compute(data, input, ctx))
      else sendStored(req, res, stored)
      return
    }
    let data: unknown
    try {
      data = await action.handler(input, ctx)
    } finally {
      // A failed write may still have changed something; refreshing costs one rebuild.
      recordChanges(action, input, ctx)
    }
    // The temp file is gone before the answer leaves, whatever the handler did with it.
    if (file) await fs.promises.rm(file.path, { force: true })
    sendData(req, res, data)
  } finally {
    if (file) await fs.promises.rm(file.path, { force: true })
  }
}

function fail(req: Request, res: Response, error: unknown) {
  const known = describeFailure(error)
  if (!known) logger.error({ err: error, url: req.originalUrl }, 'unhandled error')
  discardBody(req)
  const failure = known ?? SERVER_FAILURE
  sendFailure(res, statusOf(failure), failure)
}

/** One line per call, once answered (the status is known then). */
function logLine(req: Request, res: Response, started: bigint) {
  const status = res.statusCode
  // Successful calls log at debug: deployments keep access logs at the reverse proxy.
  const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug'
  if (!logger.isLevelEnabled(level)) return
  const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10
  logger[level]({ method: req.method, url: req.originalUrl, status, ms }, 'request')
}

/** Serves `POST /api/<Group>/<action>` for every registered action; other paths pass through. */
export function apiDispatcher(actions: readonly Action[]): RequestHandler {
  const byPath = new Map<string, Action>()
  for (const action of actions) {
    const path = actionPath(action)
    if (byPath.has(path)) throw new Error(`${path} is declared twice`)
    byPath.set(path, action)
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const url = req.url
    if (!url.startsWith('/api/') && url !== '/api') return next()
    const started = process.hrtime.bigint()
    const query = url.indexOf('?')
    const action = byPath.get(query < 0 ? url : url.slice(0, query))
    if (req.method !== 'POST' || !action) {
      discardBody(req)
      if (req.method !== 'POST') sendFailure(res, 405, NOT_POST, ['Allow', 'POST'])
      else sendFailure(res, 404, NOT_FOUND)
      return logLine(req, res, started)
    }
    serve(action, req, res).then(
      () => logLine(req, res, started),
      (error: unknown) => {
        fail(req, res, error)
        logLine(req, res, started)
      },
    )
  }
}
