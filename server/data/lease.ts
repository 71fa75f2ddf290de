// Leases: a named right that one process holds at a time, kept in the Lease table so every process
// and machine on the same database agrees. Taking one is a single statement on any database: insert
// the row, or, when it exists, a conditional update that succeeds only once it has expired. So a
// crashed holder frees what it held when its expiry passes, and a live holder renews it meanwhile.
//
// Three uses: `withLock` guards a check-then-write (the caps, the last-admin rule, console writes),
// `takeSlots` hands out N parallel slots (uploads in flight), `claimRun` lets one process run a job.
// Times are the wall clock, not the movable `clock`: leases are about processes being alive.
import crypto from 'node:crypto'
import os from 'node:os'
import { prisma } from '../db'
import { ApiError, Code } from '../lib/api-error'
import { logger } from '../lib/logger'
import { serialized } from '../lib/serialized'

const PROCESS = `${os.hostname()}:${process.pid}`

/** A lease this process holds. */
export type HeldLease = {
  readonly name: string
  readonly holder: string
  /** Moves the expiry on; false when the lease was lost (it expired and someone else took it). */
  renew(ttlMs: number): Promise<boolean>
  /** Gives it back; a lease already lost is left to its new holder. */
  release(): Promise<void>
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === 'P2002'

function held(name: string, holder: string): HeldLease {
  return {
    name,
    holder,
    async renew(ttlMs) {
      const { count } = await prisma.lease.updateMany({ where: { name, holder }, data: { expiresAt: new Date(Date.now() + ttlMs) } })
      return count === 1
    },
    async release() {
      await prisma.lease.deleteMany({ where: { name, holder } })
    },
  }
}

/** Takes `name` for `ttlMs` when it is free or expired; null when another holder has it. One try, no waiting. */
export async function tryTake(name: string, ttlMs: number): Promise<HeldLease | null> {
  const holder = `${PROCESS}:${crypto.randomBytes(6).toString('base64url')}`
  const now = Date.now()
  const expiresAt = new Date(now + ttlMs)
  try {
    // createMany: one INSERT without reading the row back (create costs ~50% more CPU).
    await prisma.lease.createMany({ data: [{ name, holder, expiresAt }] })
    return held(name, holder)
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
  }
  // The row exists: it is ours only if it has expired, decided by the update's own where clause.
  const { count } = await prisma.lease.updateMany({ where: { name, expiresAt: { lte: new Date(now) } }, data: { holder, expiresAt } })
  return count === 1 ? held(name, holder) : null
}

/** Renews `lease` every third of `ttlMs` until the returned function is called; the timer never keeps the process alive. */
export function keepAlive(lease: HeldLease, ttlMs: number): () => void {
  const timer = setInterval(() => {
    lease.renew(ttlMs).then(
      (kept) => kept || logger.error({ lease: lease.name }, 'lease lost while held: its expiry passed before renewal'),
      (error: unknown) => logger.warn({ err: error, lease: lease.name }, 'lease renewal failed'),
    )
  }, ttlMs / 3)
  timer.unref()
  return () => clearInterval(timer)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const BUSY_MESSAGE = '系统繁忙，请稍后再试'

export type LockOptions = {
  /** How long a holder that stops renewing (a crash) keeps others out. */
  ttlMs?: number
  /** How long to wait for another holder before answering 503. */
  waitMs?: number
}

/**
 * Runs `task` while holding the lock `name` in every process at once: a check-then-write guarded
 * by the database. Waiters in this process queue in memory first (serialized), so only one of them
 * asks the database at a time: a pure optimisation, the lease is what excludes other processes.
 * Another process's holder is waited for, polling with a growing pause, for at most `waitMs`.
 */
export function withLock<T>(name: string, task: () => Promise<T>, { ttlMs = 30_000, waitMs = 60_000 }: LockOptions = {}): Promise<T> {
  const key = `lock:${name}`
  return serialized(key, async () => {
    const deadline = Date.now() + waitMs
    let pause = 5
    let lease = await tryTake(key, ttlMs)
    while (!lease) {
      if (Date.now() >= deadline) throw new ApiError(Code.UNAVAILABLE, BUSY_MESSAGE)
      await sleep(pause * (0.5 + Math.random()))
      pause = Math.min(pause * 2, 100)
      lease = await tryTake(key, ttlMs)
    }
    const stop = keepAlive(lease, ttlMs)
    try {
      return await task()
    } finally {
      stop()
      await lease.release()
    }
  })
}

/**
 * Takes one of `count` slots named `name:0` … `name:<count-1>` (uploads in flight per member), or
 * null when every one is held. The slot is renewed while held, so a long upload keeps it and a
 * crashed process frees it within `ttlMs`.
 */
export async function takeSlot(name: string, count: number, ttlMs: number): Promise<(() => Promise<void>) | null> {
  for (let index = 0; index < count; index++) {
    const lease = await tryTake(`${name}:${index}`, ttlMs)
    if (!lease) continue
    const stop = keepAlive(lease, ttlMs)
    return async () => {
      stop()
      await lease.release()
    }
  }
  return null
}

/**
 * True when this process may run the job `name` now: it takes the lease for `holdMs` and never
 * gives it back early, so no other process runs the job again before `holdMs` has passed.
 */
export async function claimRun(name: string, holdMs: number): Promise<boolean> {
  await sweepLeases()
  return (await tryTake(`job:${name}`, holdMs)) !== null
}

/** Deletes expired leases (an expired row counts as free anyway): keeps the table to the live ones. */
export async function sweepLeases(): Promise<number> {
  const { count } = await prisma.lease.deleteMany({ where: { expiresAt: { lte: new Date() } } })
  return count
}
