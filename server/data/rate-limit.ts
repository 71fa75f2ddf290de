// Rate-limit counters kept in the RateLimit table, so a restart forgets nothing and every process
// counts together. Times come from the movable `clock`, like every other limit of the server.
//
// Not rate-limiter-flexible's RateLimiterPrisma (evaluated, docs/DECISIONS.md): it runs against
// this client, but reads the wall clock itself, so tests cannot move its time, and its
// delete-then-upsert pair can count into a window that ended in between. Here a count is one
// atomic statement (countRateLimit in server/data/sql.ts).
import { countRateLimit } from './sql'
import { prisma } from '../db'
import { clock } from '../lib/clock'

/** Points counted in the current window of a key, and the milliseconds until that window ends. */
export type Tally = { points: number; msLeft: number }

const EMPTY: Tally = { points: 0, msLeft: 0 }

// Ended windows are deleted at most once a minute per process, on the next count: the table holds
// the live windows plus at most a minute's worth of dead ones, without a timer.
const SWEEP_EVERY_MS = 60_000
let lastSweep = 0

/** Deletes every row whose window has ended; answers how many went. */
export async function sweepRateLimits(): Promise<number> {
  const now = clock.now()
  lastSweep = now
  const { count } = await prisma.rateLimit.deleteMany({ where: { expiresAt: { lte: new Date(now) } } })
  return count
}

/**
 * One limit: events counted per id (a phone, an address …) within a window of `windowMs`.
 * A fixed window starts at the first event and ends `windowMs` later; a sliding one (`slide`)
 * ends `windowMs` after the latest event, so it counts until the id has been quiet for a window.
 */
export class RateLimit {
  constructor(
    readonly name: string,
    private readonly windowMs: () => number,
    private readonly options: { slide?: boolean } = {},
  ) {}

  private key(id: string) {
    return `${this.name}:${id}`
  }

  /** Counts `points` more for `id` and answers its window, this count included. */
  async add(id: string, points = 1): Promise<Tally> {
    const now = clock.now()
    if (now - lastSweep >= SWEEP_EVERY_MS || now < lastSweep) await sweepRateLimits()
    const window = await countRateLimit(this.key(id), points, new Date(now), new Date(now + this.windowMs()), this.options.slide ?? false)
    return { points: window.points, msLeft: window.expiresAt.getTime() - now }
  }

  /** Takes `points` back from the live window of `id` (an attempt that turned out fine), never below zero. */
  async subtract(id: string, points = 1): Promise<void> {
    await prisma.rateLimit.updateMany({
      where: { key: this.key(id), expiresAt: { gt: new Date(clock.now()) }, points: { gte: points } },
      data: { points: { decrement: points } },
    })
  }

  /** The current window of `id`; zero points when it has none. */
  async read(id: string): Promise<Tally> {
    const now = clock.now()
    const row = await prisma.rateLimit.findUnique({ where: { key: this.key(id) } })
    if (!row || row.expiresAt.getTime() <= now) return EMPTY
    return { points: row.points, msLeft: row.expiresAt.getTime() - now }
  }

  /** Replaces the window of `id` with one point that lasts exactly `ms` (a wait). */
  async hold(id: string, ms: number): Promise<void> {
    const key = this.key(id)
    const expiresAt = new Date(clock.now() + ms)
    await prisma.rateLimit.upsert({ where: { key }, create: { key, points: 1, expiresAt }, update: { points: 1, expiresAt } })
  }

  /** Forgets the window of `id`, or of every id starting with `id` when `isPrefix`. */
  async reset(id: string, { isPrefix = false } = {}): Promise<void> {
    const key = this.key(id)
    await prisma.rateLimit.deleteMany({ where: isPrefix ? { key: { startsWith: key } } : { key } })
  }

  /** Forgets every window of this limit (tests start from a clean slate). */
  async clear(): Promise<void> {
    await this.reset('', { isPrefix: true })
  }
}
