// The tus endpoint app.ts mounts at RESUMABLE_UPLOAD_PATH (common/resumable-upload.ts): @tus/server
// speaks the protocol; every request is signed in (the bearer token, as for actions), and the rules
// are resumable.service.ts's. Refusals carry the API envelope as their body, in Chinese.
import crypto from 'node:crypto'
import type { RequestHandler } from 'express'
import { Server, type ServerOptions } from '@tus/server'
import { RESUMABLE_UPLOAD_PATH } from '../../../../common/resumable-upload'
import { authenticate } from '../../../data/member-tokens'
import type { AuthedMember } from '../../../lib/action'
import { ApiError, Code } from '../../../lib/api-error'
import { formatSize, uploadLimits } from '../../../lib/uploads'
import { logger } from '../../../lib/logger'
import { admitResumable, assertOwnResumable, GONE_MESSAGE, refusalOf, resumableStore } from '../resumable.service'
import { LeaseLocker } from './lease-locker'
import { ResumableRefusal, type StagingStore } from './resumable.store'

type TusFailure = { status_code: number; body: string }

// tus's own refusals, in the words the page shows (every resumable purpose takes videos).
const TUS_MESSAGES: Record<number, [number, string]> = {
  400: [Code.BAD_PARAMS, '上传请求不正确，请重新选择文件上传'],
  403: [Code.FORBIDDEN, '没有权限执行此操作'],
  404: [Code.NOT_FOUND, GONE_MESSAGE],
  409: [Code.EXISTS, '上传进度与服务器不一致，正在重新同步'],
  410: [Code.NOT_FOUND, GONE_MESSAGE],
  412: [Code.BAD_PARAMS, '上传请求不正确，请重新选择文件上传'],
  415: [Code.UNSUPPORTED, '上传请求的格式不正确'],
}

function answerFor(error: unknown): TusFailure {
  if (error instanceof ResumableRefusal) return error
  if (error instanceof ApiError) return refusalOf(error)
  const status = (error as Partial<TusFailure> | null)?.status_code
  // 413's words name the limit as it is now (uploadLimits.video, which tests lower).
  const known: [number, string] | undefined =
    status === 413
      ? [Code.TOO_LARGE, `视频不能超过 ${formatSize(uploadLimits.video)}`]
      : status === undefined
        ? undefined
        : TUS_MESSAGES[status]
  if (known) return refusalOf(new ApiError(known[0] as ApiError['code'], known[1]))
  logger.error({ err: error }, 'resumable upload failed')
  return refusalOf(new ApiError(Code.SERVER_ERROR, '上传失败，请稍后重试'))
}

const bearerOf = (header: string | null) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null

export function resumableUploadRoutes(): RequestHandler {
  // Who sent each request, from onIncomingRequest to onUploadCreate.
  const members = new WeakMap<Request, AuthedMember>()
  const options: ServerOptions = {
    path: RESUMABLE_UPLOAD_PATH.replace(/\/$/, ''),
    locker: new LeaseLocker(),
    relativeLocation: true,
    // Same origin only, like the API.
    allowedOrigins: [],
    maxSize: () => uploadLimits.video,
    namingFunction: () => crypto.randomBytes(16).toString('base64url'),
    async onIncomingRequest(req, id) {
      const member = await authenticate(bearerOf(req.headers.get('authorization')))
      members.set(req, member)
      if (req.method !== 'POST') await assertOwnResumable(member, id, { isSendingBytes: req.method === 'PATCH' })
    },
    async onUploadCreate(req, upload) {
      const member = members.get(req)
      if (!member) throw new ApiError(Code.NEED_LOGIN, '请先登录')
      await admitResumable(member, {
        id: upload.id,
        size: upload.size,
        purpose: upload.metadata?.purpose,
        filename: upload.metadata?.filename,
      })
      return {}
    },
    onResponseError: (_req, error) => answerFor(error),
  }
  // One tus server per store: requests follow the current storage, as every reader of files does.
  const servers = new WeakMap<StagingStore, Server>()
  const serverFor = (datastore: StagingStore) => {
    const server = servers.get(datastore) ?? new Server({ ...options, datastore })
    servers.set(datastore, server)
    return server
  }
  return (req, res) => {
    // tus's GET would hand out a partial upload; nothing reads one back.
    if (req.method === 'GET') {
      res.status(405).json({ code: 405, msg: '请使用 tus 协议上传文件', data: null })
      return
    }
    resumableStore()
      .then((store) => serverFor(store).handle(req, res))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'resumable upload request failed')
        if (!res.headersSent) res.status(500).json({ code: Code.SERVER_ERROR, msg: '上传失败，请稍后重试', data: null })
      })
  }
}
