import type { ErrorRequestHandler, RequestHandler } from 'express'
import { ZodError } from 'zod'
import { logger } from '../lib/logger'
import { ApiError, Code, httpStatusFor, type CodeValue } from './envelope'

type Failure = { code: CodeValue; msg: string }

const prismaFailures: Record<string, Failure> = {
  P2025: { code: Code.NOT_FOUND, msg: '内容不存在' },
  P2002: { code: Code.EXISTS, msg: '已存在' },
}

// body-parser and multer signal client mistakes with these types/codes.
const transportFailures: Record<string, Failure> = {
  'entity.parse.failed': { code: Code.BAD_PARAMS, msg: '请求数据格式错误，请提交合法的 JSON' },
  'entity.too.large': { code: Code.TOO_LARGE, msg: '请求内容过大' },
  'encoding.unsupported': { code: Code.UNSUPPORTED, msg: '不支持的请求编码' },
  'charset.unsupported': { code: Code.UNSUPPORTED, msg: '不支持的字符集' },
  LIMIT_FILE_SIZE: { code: Code.TOO_LARGE, msg: '文件过大' },
  LIMIT_FILE_COUNT: { code: Code.BAD_PARAMS, msg: '文件数量过多' },
  LIMIT_UNEXPECTED_FILE: { code: Code.BAD_PARAMS, msg: '上传字段不正确' },
  LIMIT_PART_COUNT: { code: Code.BAD_PARAMS, msg: '表单字段过多' },
  LIMIT_FIELD_VALUE: { code: Code.TOO_LARGE, msg: '表单字段过长' },
}

function describe(error: unknown): Failure | null {
  if (error instanceof ApiError) return { code: error.code, msg: error.message }
  if (error instanceof ZodError) return { code: Code.BAD_PARAMS, msg: error.issues[0]?.message ?? '参数错误' }
  if (error && typeof error === 'object') {
    const { code, type } = error as { code?: unknown; type?: unknown }
    if (typeof code === 'string' && prismaFailures[code]) return prismaFailures[code]
    if (typeof type === 'string' && transportFailures[type]) return transportFailures[type]
    if (typeof code === 'string' && transportFailures[code]) return transportFailures[code]
    // Any other client error body-parser reports (e.g. a body that claims gzip but is not).
    const { status, expose } = error as { status?: unknown; expose?: unknown }
    if (expose === true && typeof status === 'number' && status >= 400 && status < 500)
      return status === 413
        ? transportFailures['entity.too.large']
        : status === 415
          ? transportFailures['encoding.unsupported']
          : transportFailures['entity.parse.failed']
  }
  return null
}

/** The single place that turns a thrown error into a failure envelope. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = describe(error)
  const failure = known ?? { code: Code.SERVER_ERROR, msg: '服务器繁忙，请稍后再试' }
  if (!known) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error')
  if (res.headersSent) return
  res.status(httpStatusFor(failure.code)).json({ code: failure.code, msg: failure.msg, data: null })
}

/** Unknown actions and non-POST calls under /api still answer with an envelope. */
export const apiNotFound: RequestHandler = (req, res) => {
  const isPost = req.method === 'POST'
  const failure = isPost ? { code: Code.NOT_FOUND, msg: '接口不存在' } : { code: 405, msg: '请使用 POST 方法调用接口' }
  res
    .status(failure.code)
    .set(isPost ? {} : { Allow: 'POST' })
    .json({ ...failure, data: null })
}
