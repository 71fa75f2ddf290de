// Limits of the sign-in flows. Mutable on purpose: tests tighten them and move the clock
// instead of waiting, and restore them afterwards.
import { clock } from '../../lib/clock'

export const authLimits = {
  captchaTtlMs: 5 * 60_000,
  captchaPerIpPerMinute: 30,
  codeTtlMs: 5 * 60_000,
  codeMaxAttempts: 5,
  sendIntervalMs: 60_000,
  sendPerPhonePerHour: 5,
  // Each text costs the operator money and wakes the phone's owner: a day's cap per number too.
  sendPerPhonePerDay: 10,
  sendPerIpPerHour: 20,
  // Failed logins inside the window. The per-IP cap is higher so one phone under attack, or a
  // school behind one NAT address, does not lock out everybody else.
  loginWindowMs: 15 * 60_000,
  loginFailuresPerPhone: 5,
  loginFailuresPerIp: 30,
}
export const defaultAuthLimits = Object.freeze({ ...authLimits })

/** Counts events per key in a sliding window, in memory (login failures survive only the process). */
export class WindowCounter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly max: () => number,
    private readonly windowMs: () => number,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it is not blocked. */
  retryAfter(key: string): number {
    const recent = this.recent(key)
    if (recent.length < this.max()) return 0
    return Math.max(1, recent[recent.length - this.max()] + this.windowMs() - clock.now())
  }

  record(key: string) {
    const recent = this.recent(key)
    recent.push(clock.now())
    this.hits.set(key, recent)
    if (this.hits.size > 10_000) this.prune()
  }

  reset(key: string) {
    this.hits.delete(key)
  }

  clear() {
    this.hits.clear()
  }

  private recent(key: string): number[] {
    const since = clock.now() - this.windowMs()
    return (this.hits.get(key) ?? []).filter((t) => t > since)
  }

  private prune() {
    for (const key of this.hits.keys()) if (this.recent(key).length === 0) this.hits.delete(key)
  }
}

export const minutesText = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))} 分钟`
