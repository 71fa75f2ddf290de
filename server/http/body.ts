// Reading a request's payload, bounded: JSON for ordinary actions, multipart for upload actions.
// Every way a body can be wrong ends as an ApiError with a Chinese message and a 4xx code.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request, Response } from 'express'
import multer from 'multer'
import type { ReceivedFile } from '../lib/action'
import { ApiError, Code } from '../lib/api-error'
import { KIND_TEXT, overQuotaMessage, uploadLimits, uploadTempDir, type UploadBudget, type UploadKind } from '../lib/uploads'

/** The JSON body limit for every API action. */
export const JSON_BODY_LIMIT = 1024 * 1024
/**
 * A refused body declared this big or smaller is read and dropped, so a client that sends its whole
 * body before reading the answer (a browser's fetch or form) still gets it. A bigger one, or one of
 * unknown length (chunked), is answered with `Connection: close` and not read further.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024
/** Parts of an upload form: the file and at most five short text fields. */
const FORM_PARTS = 6
/**
 * What a form may weigh beyond its file: busboy caps each part's headers at 16 KB, multer's limits
 * below cap each field at 200 bytes, and boundaries take a few dozen. A browser's form needs far less.
 */
const MULTIPART_OVERHEAD = FORM_PARTS * 16 * 1024 + 4096
const TOO_LARGE = '请求内容过大'

const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/** True when every string (and key) in a parsed value is well-formed UTF-16: no lone surrogates, which the database would refuse. */
function isWellFormed(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.isWellFormed()
  if (value === null || typeof value !== 'object') return true
  if (depth > 64) return false
  if (Array.isArray(value)) return value.every((item) => isWellFormed(item, depth + 1))
  for (const [key, item] of Object.entries(value)) if (!key.isWellFormed() || !isWellFormed(item, depth + 1)) return false
  return true
}

function assertWellFormed(value: unknown) {
  if (!isWellFormed(value)) throw new ApiError(Code.BAD_PARAMS, '请求包含无效字符或嵌套过深')
}

/** The parsed JSON payload; `{}` when there is none. */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return Promise.resolve({})
  const encoding = req.headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return Promise.reject(new ApiError(Code.UNSUPPORTED, '不支持的请求编码，请直接提交 JSON'))
  }
  const type = req.headers['content-type']
  if (type === undefined || !jsonType.test(type)) {
    return Promise.reject(new ApiError(Code.UNSUPPORTED, '请以 JSON 格式（UTF-8）提交请求'))
  }
  if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_LIMIT) return Promise.reject(new ApiError(Code.TOO_LARGE, TOO_LARGE))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= JSON_BODY_LIMIT) {
        chunks.push(chunk)
        return
      }
      // A body of undeclared length (chunked) is refused the moment it passes the limit, not at its end.
      req.off('data', onData)
      req.off('end', onEnd)
      reject(new ApiError(Code.TOO_LARGE, TOO_LARGE))
    }
    const onEnd = () => {
      const text = Buffer.concat(chunks, size).toString('utf8')
      if (text.trim().length === 0) return resolve({})
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return reject(new ApiError(Code.BAD_PARAMS, '请求数据格式错误，请提交合法的 JSON'))
      }
      try {
        assertWellFormed(value)
      } catch (error) {
        return reject(error)
      }
      resolve(value)
    }
    req.on('data', onData)
    req.once('error', () => reject(new ApiError(Code.BAD_PARAMS, '请求数据不完整')))
    req.once('end', onEnd)
  })
}

const discarded = new WeakSet<IncomingMessage>()

/**
 * What happens to the rest of a body the server will not read, decided before the answer is
 * written. A body declared up to DRAIN_LIMIT is read and dropped, so an ordinary HTTP client
 * receives the answer instead of a broken pipe. A bigger or chunked one is not waited for: the
 * answer says `Connection: close` and Node closes the connection once it is sent.
 */
export function discardBody(req: IncomingMessage, res: ServerResponse) {
  if (req.readableEnded || req.complete || !hasBody(req) || discarded.has(req)) return
  discarded.add(req)
  // NaN for a chunked body, which is never drained.
  if (Number(req.headers['content-length']) <= DRAIN_LIMIT) {
    req.resume()
    return
  }
  res.setHeader('Connection', 'close')
  // Node forgets a request once its answer is sent; ended with the connection, its readers (multer)
  // see it abort and remove what they stored.
  req.socket.once('close', () => req.destroy())
}

const formatMb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`

const FILE_TOO_LARGE = { code: 'LIMIT_FILE_SIZE' }

function multipartFailure(error: unknown, allowed: readonly UploadKind[], budget: UploadBudget): unknown {
  const code = (error as { code?: unknown } | null)?.code
  // System errors (a full disk, no permission) are the server's problem, not the caller's.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error
  if (code === 'LIMIT_FILE_SIZE' && budget.quotaBytesLeft !== undefined)
    return new ApiError(Code.TOO_LARGE, overQuotaMessage(budget.quotaBytesLeft))
  if (code === 'LIMIT_FILE_SIZE') {
    const limits = allowed.map((kind) => `${KIND_TEXT[kind]}不超过 ${formatMb(uploadLimits[kind])}`).join('，')
    return new ApiError(Code.TOO_LARGE, `文件过大：${limits}`)
  }
  if (code === 'LIMIT_FIELD_VALUE' || code === 'LIMIT_FIELD_KEY') return new ApiError(Code.TOO_LARGE, '表单字段过长')
  if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE')
    return new ApiError(Code.BAD_PARAMS, '一次只能上传一个文件，字段名为 file')
  if (code === 'LIMIT_PART_COUNT' || code === 'LIMIT_FIELD_COUNT') return new ApiError(Code.BAD_PARAMS, '表单字段过多')
  // busboy's parse errors (no boundary, malformed part header, unexpected end of form, …).
  return new ApiError(Code.BAD_PARAMS, '上传数据格式错误，请重新选择文件上传')
}

/**
 * Streams the single `file` part of a multipart body to a temp file, stopping at the budget's
 * limit (the member's quota left, or the largest kind allowed); text fields come back as the payload.
 */
export function readMultipartBody(
  req: Request,
  res: Response,
  allowed: readonly UploadKind[],
  budget: UploadBudget,
): Promise<{ fields: unknown; file?: ReceivedFile }> {
  const type = req.headers['content-type'] ?? ''
  // Anything but a form carries no file: the action answers that one is missing.
  if (!/^multipart\/form-data/i.test(type)) {
    discardBody(req, res)
    return Promise.resolve({ fields: {} })
  }
  // A form can weigh only so much more than its file: one declared bigger is refused unread.
  const maxBodyBytes = budget.maxBytes + MULTIPART_OVERHEAD
  if (Number(req.headers['content-length']) > maxBodyBytes) {
    discardBody(req, res)
    return Promise.reject(multipartFailure(FILE_TOO_LARGE, allowed, budget))
  }
  const parse = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        const dir = uploadTempDir()
        // Owner-only: parts of members' files still unchecked and unreviewed.
        fs.mkdir(dir, { recursive: true, mode: 0o700 }, (error) => cb(error, dir))
      },
      filename: (_req, _file, cb) => cb(null, crypto.randomBytes(16).toString('hex')),
    }),
    // Keep the raw name, so a name carrying "../" is seen and refused rather than quietly trimmed.
    preservePath: true,
    // Browsers send UTF-8 file names (中文.png); busboy would read them as latin1.
    defParamCharset: 'utf8',
    limits: { fileSize: budget.maxBytes, files: 1, fields: FORM_PARTS - 1, parts: FORM_PARTS, fieldSize: 200 },
  }).single('file')
  return new Promise((resolve, reject) => {
    let isSettled = false
    let received = 0
    // multer answers a file past its limit only once the body has ended; a chunked body that passes
    // the limit is refused at once instead, and multer cleans up when the connection closes.
    const countBytes = (chunk: Buffer) => {
      received += chunk.length
      if (received <= maxBodyBytes || isSettled) return
      req.off('data', countBytes)
      isSettled = true
      discardBody(req, res)
      reject(multipartFailure(FILE_TOO_LARGE, allowed, budget))
    }
    parse(req, res, (error?: unknown) => {
      req.off('data', countBytes)
      const file = req.file?.path ? { path: req.file.path, originalName: req.file.originalname, size: req.file.size } : undefined
      if (isSettled) {
        if (file) fs.rm(file.path, { force: true }, () => undefined)
        return
      }
      isSettled = true
      if (error) {
        // multer removes what it stored of a failed body itself.
        discardBody(req, res)
        return reject(multipartFailure(error, allowed, budget))
      }
      const fields = { ...(req.body as object) }
      if (!isWellFormed(fields) || (file && !file.originalName.isWellFormed())) {
        if (file) fs.rm(file.path, { force: true }, () => undefined)
        return reject(new ApiError(Code.BAD_PARAMS, '请求包含无效字符'))
      }
      resolve({ fields, file })
    })
    // After multer's pipe, so both see every chunk from the first.
    if (!isSettled) req.on('data', countBytes)
  })
}
