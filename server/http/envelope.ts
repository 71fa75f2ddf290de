/** The contract's response codes. Success is 200 (clients also accept 0). */
export const Code = {
  OK: 200,
  BAD_PARAMS: 400,
  NEED_LOGIN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EXISTS: 409,
  TOO_LARGE: 413,
  UNSUPPORTED: 415,
  // HTTP 428 Precondition Required: this sign-in needs the image captcha (Member/captcha) first.
  CAPTCHA_REQUIRED: 428,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  // The server cannot take this now (upload disk nearly full, sanitizer backlog); retry later.
  UNAVAILABLE: 503,
} as const
export type CodeValue = (typeof Code)[keyof typeof Code]

export type Envelope<T> = { code: number; msg: string; data: T }

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: Code.OK, msg, data })

/** A failure safe to show to users: short Chinese message, code from `Code`. */
export class ApiError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** HTTP status for a code: the envelope codes mirror HTTP classes one to one. */
export const httpStatusFor = (code: number) => (code >= 200 && code <= 599 ? code : 400)
