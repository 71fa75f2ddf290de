// Limits of the sign-in flows. Mutable on purpose: tests tighten them and move the clock
// instead of waiting, and restore them afterwards.
import { RateLimit } from '../../data/rate-limit'

export const authLimits = {
  captchaTtlMs: 5 * 60_000,
  captchaPerIpPerMinute: 30,
  codeTtlMs: 5 * 60_000,
  codeMaxAttempts: 5,
  // SMS sends are limited per requester (client address): what a stranger sends for a phone never
  // uses up its owner's sends (docs/DECISIONS.md, "SMS limits per requester"). Per phone and address:
  // one send per interval, a few an hour, a day's cap. Per address over all phones: an hourly cap.
  sendIntervalMs: 60_000,
  sendPerPairPerHour: 5,
  sendPerPairPerDay: 10,
  sendPerIpPerHour: 20,
  // Each text costs the operator money and wakes the phone's owner. Past this many to one phone in a
  // day, an address gets only its first of the day for that phone, so the ceiling locks nobody out.
  sendPerPhonePerDay: 30,
  // Sign-in never locks an account (anyone could lock anyone out). Failures inside the window
  // make sign-in ask for the image captcha instead: a few for one phone, more from one address
  // (a school behind one NAT address fails now and then).
  loginWindowMs: 15 * 60_000,
  loginCaptchaAfterPhoneFailures: 3,
  loginCaptchaAfterIpFailures: 10,
  // Each (phone, address) pair waits after its failures, doubling from the base up to the cap, so
  // a guesser slows only himself; the owner elsewhere only solves a captcha.
  loginDelayAfterPairFailures: 3,
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 5 * 60_000,
  // A pair signs in one attempt at a time; an attempt holds its turn at most this long (a process
  // that dies mid-attempt releases it then).
  loginTurnMs: 5000,
  // Wrong current passwords of a signed-in member (savePass, deleteAccount): only the token's
  // holder can spend this budget, so it may block.
  passwordFailuresPerMember: 5,
}
export const defaultAuthLimits = Object.freeze({ ...authLimits })

// Every limit a stranger can trigger is stored (server/data/rate-limit.ts): a restart or a second
// process does not hand out a fresh budget.
export const captchaRequests = new RateLimit('captcha-ip', () => 60_000)
export const loginFailuresByPhone = new RateLimit('login-phone', () => authLimits.loginWindowMs)
export const loginFailuresByIp = new RateLimit('login-ip', () => authLimits.loginWindowMs)
// Consecutive failures of a pair: the count lasts until the pair has been quiet for a window.
export const loginFailuresByPair = new RateLimit('login-pair', () => authLimits.loginWindowMs, { slide: true })
// A pair's turn: taken by counting (the first count of a window wins), held through its delay.
export const loginTurns = new RateLimit('login-turn', () => authLimits.loginTurnMs)
export const passwordFailuresByMember = new RateLimit('password-member', () => authLimits.loginWindowMs)

/** How long a pair waits after its `failures`-th failure in a row: 0 at first, then 1 s, 2 s, 4 s … up to the cap. */
export function loginDelayMs(failures: number): number {
  const past = failures - authLimits.loginDelayAfterPairFailures
  if (past <= 0) return 0
  return Math.min(authLimits.loginDelayMaxMs, authLimits.loginDelayBaseMs * 2 ** Math.min(past - 1, 30))
}

export const minutesText = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))} 分钟`
export const secondsText = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))} 秒`
