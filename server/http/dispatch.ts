// The one pipeline every API action goes through, in this order: security headers (computed once),
// method and action lookup, access check (before a byte of the body is read), bounded body
// reading, validation, the call (or the cache), the envelope, compression, and the counts GET
// /metrics shows. Its log line is written by request-log.ts, which names the action from here.
import fs from 'node:fs'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { installChineseZodMessages } from '../../common/validation/zod-messages'
import { cached, contentChanged, memberTag, tagsChanged } from '../data/cache'
import { authenticate, optionalMember } from '../data/member-tokens'
import { actionPath, type Action, type ActionContext, type AuthedMember, type ReceivedFile } from '../lib/action'
import { ApiError, Code } from '../lib/api-error'
import { PREVIEW_HEADER, readPreview, type PreviewGrant } from '../lib/preview-grant'
import { logger } from '../lib/logger'
import { actionMeter, type ActionMeter } from '../lib/metrics'
import { bearerToken } from './auth'
import { discardBody, readJsonBody, readMultipartBody } from './body'
import { describeFailure, SERVER_FAILURE, statusOf, type Failure } from './failure'
import { sendData, sendFailure, sendPrivate, sendStored, sendWithLive, storeAnswer, type StoredAnswer } from './respond'

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
  // The first password an admin chose is known to that admin: the console opens once it is changed.
  if (typeof access === 'object' && member.passwordChangeDue) {
    throw new ApiError(Code.FORBIDDEN, '请先修改管理员设置的初始密码，再使用管理后台')
  }
  return member
}

type Payload = { payload: unknown; file?: ReceivedFile; release?: () => void }

async function readPayload(action: Action, req: Request, res: Response, member: AuthedMember | null): Promise<Payload> {
  if (!action.upload) return { payload: await readJsonBody(req) }
  // Before a byte of the body: a free upload slot, disk room and the member's quota left, which
  // becomes the size limit. The slot is freed when the request ends, however it ends.
  const { budget, release } = await action.upload.admit(member!.id)
  res.once('close', release)
  // A client gone while it was being admitted never closes `res` again.
  if (req.socket.destroyed) release()
  try {
    const { fields, file } = await readMultipartBody(req, res, action.upload.kinds, budget)
    return { payload: fields, file, release }
  } catch (error) {
    release()
    throw error
  }
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

/**
 * A read made with a preview grant: it may show an unpublished item to the holder of its link, so it
 * is built for this call alone, never from nor into the cache, live fields included.
 */
async function previewAnswer(action: Action, input: unknown, ctx: ActionContext): Promise<unknown> {
  const data = await action.handler(input, ctx)
  const live = action.cache?.live
  if (!live || !data || typeof data !== 'object') return data
  return { ...data, ...(await live.compute(data, input, ctx)) }
}

/**
 * A read run in-process for the server render (http/render-transport.ts), as an anonymous visitor:
 * the same validation, cache and live fields as a request after its access check. Only cached
 * reads open to everyone may run this way. `data` is what the request's envelope would hold;
 * `revisit` computes the live fields once more (counting the visit) for a kept page served again.
 */
export async function readAsVisitor(
  action: Action,
  payload: unknown,
  preview?: PreviewGrant,
): Promise<{ data: unknown; revisit?: () => Promise<unknown> }> {
  if (!action.cache || (action.access !== 'public' && action.access !== 'viewer')) {
    throw new ApiError(Code.FORBIDDEN, '页面渲染只能读取公开内容')
  }
  const ctx: ActionContext = { member: null, ip: '', preview }
  const input = action.input.parse(payload)
  if (preview) return { data: await previewAnswer(action, input, ctx) }
  const { data } = await cachedAnswer(action, input, ctx)
  const live = action.cache.live
  if (!live || !data || typeof data !== 'object') return { data }
  const revisit = async () => live.compute(data, input, ctx)
  return { data: { ...data, ...(await revisit()) }, revisit }
}

/** After a write: what it changed is rebuilt on the next read (server/data/cache.ts). */
function recordChanges(action: Action, input: unknown, ctx: ActionContext) {
  if (ctx.member) tagsChanged([memberTag(ctx.member.id)])
  const tags = action.changes?.tags?.(input)
  if (tags?.length) tagsChanged(tags)
  if (action.changes?.content) contentChanged()
}

async function serve(action: Action, req: Request, res: Response): Promise<void> {
  const member = action.access === 'public' ? null : await identify(action, req)
  const { payload, file, release } = await readPayload(action, req, res, member)
  const preview = readPreview(req.headers[PREVIEW_HEADER]) ?? undefined
  const ctx: ActionContext = { member, ip: req.ip ?? '', userAgent: req.headers['user-agent'], file, preview }
  try {
    // Synchronous: no schema has async checks, and parseAsync costs a few microseconds more per call.
    const input = action.input.parse(payload)
    if (action.cache && preview) return sendPrivate(req, res, await previewAnswer(action, input, ctx))
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
    release?.()
  }
}

/** Answers a failure; true when nothing recognised the error (a bug, logged with the request id). */
function fail(req: Request, res: Response, error: unknown): boolean {
  const known = describeFailure(error)
  if (!known) (req.log ?? logger).error({ err: error, url: req.originalUrl }, 'unhandled error')
  discardBody(req, res)
  const failure = known ?? SERVER_FAILURE
  sendFailure(res, statusOf(failure), failure)
  return !known
}

/** Counts a call once answered (the status is known then). */
function count(meter: ActionMeter, res: Response, started: bigint, isUnhandled = false) {
  meter.record(res.statusCode, Number(process.hrtime.bigint() - started) / 1e9, isUnhandled)
}

/** A path that names no action: one label for all of them, whatever was asked. */
const UNKNOWN = 'unknown'

/** Serves `POST /api/<Group>/<action>` for every registered action; other paths pass through. */
export function apiDispatcher(actions: readonly Action[]): RequestHandler {
  const byPath = new Map<string, Action>()
  // Each action's name and counters are made once, not per call.
  const named = new Map<Action, { name: string; meter: ActionMeter }>()
  for (const action of actions) {
    const path = actionPath(action)
    if (byPath.has(path)) throw new Error(`${path} is declared twice`)
    byPath.set(path, action)
    const name = `${action.group}/${action.name}`
    named.set(action, { name, meter: actionMeter(name) })
  }
  const unknownCall = { name: UNKNOWN, meter: actionMeter(UNKNOWN) }
  return (req: Request, res: Response, next: NextFunction) => {
    const url = req.url
    if (!url.startsWith('/api/') && url !== '/api') return next()
    const started = process.hrtime.bigint()
    const query = url.indexOf('?')
    const action = byPath.get(query < 0 ? url : url.slice(0, query))
    const { name, meter } = (action && named.get(action)) ?? unknownCall
    res.locals.action = name
    if (req.method !== 'POST' || !action) {
      discardBody(req, res)
      if (req.method !== 'POST') sendFailure(res, 405, NOT_POST, ['Allow', 'POST'])
      else sendFailure(res, 404, NOT_FOUND)
      return count(meter, res, started)
    }
    serve(action, req, res).then(
      () => count(meter, res, started),
      (error: unknown) => count(meter, res, started, fail(req, res, error)),
    )
  }
}
