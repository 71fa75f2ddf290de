// The shape of every answer, `{ code, msg, data }`, and the HTTP status that mirrors its code. The
// codes themselves, and the error services throw, are lib/api-error.ts.
import { Code } from '../lib/api-error'

export type Envelope<T> = { code: number; msg: string; data: T }

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: Code.OK, msg, data })

/** HTTP status for a code: the envelope codes mirror HTTP classes one to one. */
export const httpStatusFor = (code: number) => (code >= 200 && code <= 599 ? code : 400)
