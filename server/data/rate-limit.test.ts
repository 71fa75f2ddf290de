import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { prisma } from '../db'
import { clock } from '../lib/clock'
import { projectRoot } from '../lib/database-url'
import { RateLimit, sweepRateLimits } from './rate-limit'

const realNow = clock.now
let now = 0
beforeEach(() => {
  now = Date.parse('2026-03-04T05:06:07.000Z')
  clock.now = () => now
})
afterAll(() => {
  clock.now = realNow
})

let names = 0
/** A limit of its own per test, so tests never see each other's counts. */
const limitOf = (windowMs: number, options: { slide?: boolean } = {}) => new RateLimit(`test-${++names}`, () => windowMs, options)

describe('RateLimit', () => {
  test('counts within a fixed window and starts afresh once it has ended', async () => {
    const limit = limitOf(60_000)
    expect(await limit.add('a')).toEqual({ points: 1, msLeft: 60_000 })
    now += 20_000
    expect(await limit.add('a', 2)).toEqual({ points: 3, msLeft: 40_000 })
    expect(await limit.read('a')).toEqual({ points: 3, msLeft: 40_000 })
    expect(await limit.read('b')).toEqual({ points: 0, msLeft: 0 })

    now += 40_000
    expect(await limit.read('a')).toEqual({ points: 0, msLeft: 0 })
    expect(await limit.add('a')).toEqual({ points: 1, msLeft: 60_000 })
  })

  test('a sliding window ends one window after the latest count', async () => {
    const limit = limitOf(60_000, { slide: true })
    await limit.add('a')
    now += 50_000
    expect(await limit.add('a')).toEqual({ points: 2, msLeft: 60_000 })
    now += 50_000
    expect(await limit.add('a')).toEqual({ points: 3, msLeft: 60_000 })
    now += 60_000
    expect(await limit.add('a')).toEqual({ points: 1, msLeft: 60_000 })
  })

  test('takes points back from a live window only, never below zero', async () => {
    const limit = limitOf(60_000)
    await limit.add('a', 2)
    await limit.subtract('a')
    expect((await limit.read('a')).points).toBe(1)
    await limit.subtract('a', 5)
    expect((await limit.read('a')).points).toBe(1)
    now += 60_000
    await limit.subtract('a')
    expect(await limit.add('a')).toEqual({ points: 1, msLeft: 60_000 })
  })

  test('holds a wait of exactly the given length, replacing the window', async () => {
    const limit = limitOf(5000)
    await limit.add('a', 7)
    await limit.hold('a', 2500)
    expect(await limit.read('a')).toEqual({ points: 1, msLeft: 2500 })
    // Counting during the hold does not stretch it.
    expect(await limit.add('a')).toEqual({ points: 2, msLeft: 2500 })
    now += 2500
    expect(await limit.add('a')).toEqual({ points: 1, msLeft: 5000 })
  })

  test('forgets one id, every id under a prefix, or the whole limit, and no other limit', async () => {
    const limit = limitOf(60_000)
    const other = limitOf(60_000)
    for (const id of ['13800000000|1.2.3.4', '13800000000|5.6.7.8', '13900000000|1.2.3.4']) await limit.add(id)
    await other.add('13800000000|1.2.3.4')

    await limit.reset('13800000000|', { isPrefix: true })
    expect((await limit.read('13800000000|1.2.3.4')).points).toBe(0)
    expect((await limit.read('13800000000|5.6.7.8')).points).toBe(0)
    expect((await limit.read('13900000000|1.2.3.4')).points).toBe(1)
    await limit.clear()
    expect((await limit.read('13900000000|1.2.3.4')).points).toBe(0)
    expect((await other.read('13800000000|1.2.3.4')).points).toBe(1)
  })

  test('sweeps ended windows on a count at most once a minute, so the table cannot grow without bound', async () => {
    const limit = limitOf(1000)
    await sweepRateLimits()
    for (let i = 0; i < 50; i++) await limit.add(`ip-${i}`)
    const live = limitOf(10 * 60_000)
    await live.add('stays')
    now += 30_000
    await live.add('stays')
    expect(await prisma.rateLimit.count({ where: { key: { startsWith: `${limit.name}:` } } })).toBe(50)

    now += 30_000
    await live.add('stays')

    expect(await prisma.rateLimit.count({ where: { key: { startsWith: `${limit.name}:` } } })).toBe(0)
    expect((await live.read('stays')).points).toBe(3)
  })

  test('processes counting the same key at once lose no count', async () => {
    clock.now = realNow
    const name = `test-race-${Date.now()}`
    const script = `import('./server/data/rate-limit.ts').then(({ RateLimit }) => {
      const limit = new RateLimit('${name}', () => 60_000)
      return Promise.all(Array.from({ length: 100 }, () => limit.add('k')))
    })`
    const child = () =>
      promisify(execFile)(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['-e', script], {
        cwd: projectRoot,
        env: { ...process.env, LOG_LEVEL: 'silent' },
      })
    const here = new RateLimit(name, () => 60_000)

    await Promise.all([child(), child(), Promise.all(Array.from({ length: 100 }, () => here.add('k')))])

    expect((await here.read('k')).points).toBe(300)
  })
})
