// The single place that turns a thrown error into a failure envelope: what the caller did wrong
// gets a 4xx with a Chinese message; anything else is logged and answered with a plain 500.
import { ZodError } from 'zod'
import { httpStatusFor } from './envelope'
import { ApiError, Code, type CodeValue } from '../lib/api-error'

export type Failure = { code: CodeValue | 405; msg: string }

export const SERVER_FAILURE: Failure = { code: Code.SERVER_ERROR, msg: '服务器繁忙，请稍后再试' }

const prismaFailures: Record<string, Failure> = {
  P2025: { code: Code.NOT_FOUND, msg: '内容不存在' },
  P2002: { code: Code.EXISTS, msg: '已存在' },
}

/** The failure to answer for `error`, or null when it is not the caller's mistake. */
export function describeFailure(error: unknown): Failure | null {
  if (error instanceof ApiError) return { code: error.code, msg: error.message }
  if (error instanceof ZodError) return { code: Code.BAD_PARAMS, msg: error.issues[0]?.message ?? '参数错误' }
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && prismaFailures[code]) return prismaFailures[code]
  return null
}

export const statusOf = (failure: Failure) => httpStatusFor(failure.code)
