// The failures a service may throw, usable from every layer: the contract's response codes and an
// error whose message is safe to show. The dispatcher turns one into the envelope (http/failure.ts).

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
