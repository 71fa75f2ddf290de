// Cache freshness across processes, on whichever database the project runs: a write through a
// second connection (another process, a shell) is seen by this process's cache within about a
// second, with nothing invalidated by hand.
import { connectionName, prisma } from '../db'
import { isPostgres, onOtherConnection } from '../test/database'
import { cached, memberTag } from './cache'

/** Reads `key` through the cache until `done(value)` or ~2 s pass; answers how long it took. */
async function waitUntil<T>(key: string, build: () => Promise<T>, done: (value: T) => boolean, tags?: string[]): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < 2500) {
    if (done(await cached(key, build, { tags }))) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return Infinity
}

describe('cache freshness across processes', () => {
  test('a title changed through another connection is served within about a second', async () => {
    const question = await prisma.question.findFirstOrThrow({ orderBy: { id: 'desc' } })
    const read = () => prisma.question.findUniqueOrThrow({ where: { id: question.id }, select: { title: true } })
    expect((await cached('freshness:question', read)).title).toBe(question.title)
    // Warm: the poller or the listener is running before the write.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await cached('freshness:question', read)).title).toBe(question.title)

    await onOtherConnection(`UPDATE "Question" SET "title" = '另一进程改的标题' WHERE "id" = ${question.id}`)
    expect(await waitUntil('freshness:question', read, (row) => row.title === '另一进程改的标题')).toBeLessThan(1500)
  })

  test.runIf(isPostgres)('tags marked changed by another process go stale here; a member counter does not', async () => {
    let builds = 0
    const build = async () => ++builds
    await cached('freshness:tagged', build, { tags: [memberTag(424242)] })
    await cached('freshness:tagged', build, { tags: [memberTag(424242)] })
    expect(builds).toBe(1)
    // Rate-limit rows are no one's cached answer: writing one notifies no one.
    await onOtherConnection(`INSERT INTO "RateLimit" ("key", "points", "expiresAt") VALUES ('freshness', 1, now())`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await cached('freshness:tagged', build, { tags: [memberTag(424242)] })
    expect(builds).toBe(1)

    await onOtherConnection(`SELECT pg_notify('portal_changes', 'tags:${memberTag(424242)}|another-process')`)
    expect(await waitUntil('freshness:tagged', build, (n) => n === 2, [memberTag(424242)])).toBeLessThan(1500)
    // Our own notifications are not news to us.
    await onOtherConnection(`SELECT pg_notify('portal_changes', 'tags:${memberTag(424242)}|${connectionName}')`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await cached('freshness:tagged', build, { tags: [memberTag(424242)] })).toBe(2)
  })

  test.runIf(isPostgres)('a lost listening connection drops everything and listens again', async () => {
    let builds = 0
    const build = async () => ++builds
    await cached('freshness:lost', build)
    await onOtherConnection(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '${connectionName}:listen'`)
    expect(await waitUntil('freshness:lost', build, (n) => n === 2)).toBeLessThan(1500)
    // Listening again after a second: a content write from elsewhere is seen once more.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const question = await prisma.question.findFirstOrThrow({ orderBy: { id: 'asc' } })
    const before = await cached('freshness:lost', build)
    await onOtherConnection(`UPDATE "Question" SET "title" = '重连之后' WHERE "id" = ${question.id}`)
    expect(await waitUntil('freshness:lost', build, (n) => n > before)).toBeLessThan(1500)
  })
})
