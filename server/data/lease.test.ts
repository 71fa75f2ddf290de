// Leases against the real database. "Another process" is a Lease row with another holder, written
// straight into the table: exactly what a second server would leave there.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { prisma } from '../db'
import { env } from '../env'
import { ApiError, Code } from '../lib/api-error'
import { isPostgres } from '../test/database'
import { listBackups } from '../lib/backup'
import { scheduleBackups } from './backup-schedule'
import { claimRun, takeSlot, tryTake, withLock } from './lease'

const otherProcessHolds = (name: string, ms: number) =>
  prisma.lease.create({ data: { name, holder: 'other-host:4242:x', expiresAt: new Date(Date.now() + ms) } })

// Kept before any test fakes the timers: real time for the database's I/O to happen in.
const realSetTimeout = globalThis.setTimeout
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms))

describe('tryTake', () => {
  test('one holder at a time; released, it is free again', async () => {
    const first = await tryTake('t:one', 30_000)
    expect(first).not.toBeNull()
    expect(await tryTake('t:one', 30_000)).toBeNull()

    await first!.release()

    expect(await tryTake('t:one', 30_000)).not.toBeNull()
  })

  test("an expired lease (a crashed holder) is taken over, and the old holder's renew and release leave it alone", async () => {
    const crashed = (await tryTake('t:crash', 30))!
    await sleep(60)

    const next = await tryTake('t:crash', 30_000)

    expect(next).not.toBeNull()
    expect(await crashed.renew(30_000)).toBe(false)
    await crashed.release()
    expect(await prisma.lease.findUnique({ where: { name: 't:crash' } })).toMatchObject({ holder: next!.holder })
  })
})

describe('withLock', () => {
  test('waits while another process holds the lock, and runs once it lets go', async () => {
    const held = await otherProcessHolds('lock:w:wait', 30_000)
    let ran = false

    const task = withLock('w:wait', async () => {
      ran = true
      return 'done'
    })
    await sleep(150)
    expect(ran).toBe(false)
    await prisma.lease.delete({ where: { name: held.name } })

    expect(await task).toBe('done')
    expect(await prisma.lease.count({ where: { name: 'lock:w:wait' } })).toBe(0)
  })

  test("answers 503 when another process's holder does not let go in time, without running the task", async () => {
    await otherProcessHolds('lock:w:busy', 30_000)
    let ran = false

    const attempt = withLock(
      'w:busy',
      async () => {
        ran = true
      },
      { waitMs: 200 },
    )

    await expect(attempt).rejects.toEqual(new ApiError(Code.UNAVAILABLE, '系统繁忙，请稍后再试'))
    expect(ran).toBe(false)
  })

  test('runs tasks of one key one at a time, in this process too, and frees the lock when a task throws', async () => {
    let inside = 0
    let most = 0
    const task = async () => {
      most = Math.max(most, ++inside)
      await sleep(10)
      inside -= 1
    }

    await Promise.all(Array.from({ length: 8 }, () => withLock('w:queue', task)))
    await expect(withLock('w:queue', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')

    expect(most).toBe(1)
    expect(await prisma.lease.count({ where: { name: 'lock:w:queue' } })).toBe(0)
  })
})

describe('takeSlot', () => {
  test('hands out at most `count` slots across holders; a freed one is taken again', async () => {
    await otherProcessHolds('s:member:0', 30_000)

    const mine = await takeSlot('s:member', 2, 30_000)
    expect(mine).not.toBeNull()
    expect(await takeSlot('s:member', 2, 30_000)).toBeNull()

    await mine!()

    expect(await takeSlot('s:member', 2, 30_000)).not.toBeNull()
  })
})

describe('jobs', () => {
  test('claimRun: one claim per hold period, whoever asks', async () => {
    expect(await claimRun('j:sweep', 100)).toBe(true)
    expect(await claimRun('j:sweep', 100)).toBe(false)
    await sleep(150)
    expect(await claimRun('j:sweep', 100)).toBe(true)
  })

  // File backups are SQLite only (BACKUP_CRON is refused on PostgreSQL); the claim itself runs above on both.
  test.skipIf(isPostgres)('two processes with the same BACKUP_CRON take one backup per due time', async () => {
    const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `lease-${name}-`))
    const [dirA, dirB, uploadDir] = [temp('backups-a'), temp('backups-b'), temp('uploads')]
    const backups = async () => (await listBackups(dirA)).length + (await listBackups(dirB)).length
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    vi.setSystemTime(new Date(2031, 0, 1, 2, 59, 58))
    const settings = { ...env, BACKUP_CRON: '0 3 * * *', BACKUP_KEEP: 10, UPLOAD_DIR: uploadDir }
    // Two schedules on one database, each writing where its machine keeps backups: two servers.
    const stops = [scheduleBackups({ ...settings, BACKUP_DIR: dirA }), scheduleBackups({ ...settings, BACKUP_DIR: dirB })]
    try {
      await vi.advanceTimersByTimeAsync(2_500)
      await vi.waitFor(async () => expect(await backups()).toBe(1), { timeout: 5000 })
      // Both have had their turn at 03:00 (one backed up, one found the time claimed): still one.
      await vi.advanceTimersByTimeAsync(1_000)
      await sleep(300)
      expect(await backups()).toBe(1)
    } finally {
      for (const stop of stops) stop()
      vi.useRealTimers()
      for (const dir of [dirA, dirB, uploadDir]) fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
