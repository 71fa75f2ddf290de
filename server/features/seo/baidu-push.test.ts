// The optional push of new pages to Baidu (baidu-push.ts), against a local HTTP server standing in
// for data.zz.baidu.com: what is sent, when, and that a refusal never reaches the write.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { prisma } from '../../db'
import { clock } from '../../lib/clock'
import { createLogger } from '../../lib/logger'
import { createCourse, createQuestion, createTeacher } from '../../test/factories'
import { startBaiduPush, URLS_PER_PUSH } from './baidu-push'

type Received = { url: string; contentType?: string; body: string }
const received: Received[] = []
let answer: { status: number; body: object } = { status: 200, body: { success: 1, remain: 99 } }
const baidu = http.createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString()))
  req.on('end', () => {
    received.push({ url: req.url ?? '', contentType: req.headers['content-type'], body })
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body))
  })
})
let endpoint = ''
const logLines: { msg: string; status?: number }[] = []
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()))
      done()
    },
  }),
)
const SITE = 'https://www.mingshi.test'
const realNow = clock.now

beforeAll(async () => {
  await new Promise<void>((resolve) => baidu.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(baidu.address() as AddressInfo).port}/urls`
})
afterAll(() => new Promise((resolve) => baidu.close(resolve)))
beforeEach(() => {
  received.length = 0
  logLines.length = 0
  answer = { status: 200, body: { success: 1, remain: 99 } }
  clock.now = realNow
})

const waitFor = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 3000) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test('pushes the detail pages published after it started, once, as text with the site and token', async () => {
  await createTeacher({ name: '推送前的名师' })
  const stop = startBaiduPush({ token: 'secret-token', site: SITE, logger, endpoint, delayMs: 50 })
  await new Promise((resolve) => setTimeout(resolve, 5))
  const teacher = await createTeacher()
  const course = await createCourse()
  const hidden = await createCourse({ isPublished: false })
  await waitFor(() => received.length === 1)
  await stop()

  expect(received).toHaveLength(1)
  const [push] = received
  expect(push.url).toBe(`/urls?site=${encodeURIComponent(SITE)}&token=secret-token`)
  expect(push.contentType).toBe('text/plain')
  const urls = push.body.split('\n')
  expect(urls).toEqual(expect.arrayContaining([`${SITE}/teacher/detail/${teacher.id}`, `${SITE}/course/detail/${course.id}`]))
  expect(urls).not.toContain(`${SITE}/course/detail/${hidden.id}`)
  expect(urls.every((url) => url.startsWith(`${SITE}/`) && url.includes('/detail/'))).toBe(true)
  expect(logLines.some((line) => line.msg === '已向百度推送新页面')).toBe(true)
})

test('a visit counted on a page is not a change to push', async () => {
  const question = await createQuestion()
  const stop = startBaiduPush({ token: 't', site: SITE, logger, endpoint, delayMs: 30 })
  await prisma.question.update({ where: { id: question.id }, data: { views: { increment: 1 } } })
  await new Promise((resolve) => setTimeout(resolve, 120))
  await stop()

  expect(received).toHaveLength(0)
})

test('splits a large burst into requests of at most 2,000 URLs', async () => {
  const stop = startBaiduPush({ token: 't', site: SITE, logger, endpoint, delayMs: 200 })
  const { id: categoryId } = await prisma.courseCategory.findFirstOrThrow()
  await prisma.course.createMany({
    data: Array.from({ length: URLS_PER_PUSH + 5 }, (_, n) => ({ slug: `burst-${n}`, title: `批量课程${n}`, categoryId })),
  })
  await createCourse() // createMany's own notification aside, a single write also schedules the push
  await waitFor(() => received.length === 2)
  await stop()

  expect(received.map((push) => push.body.split('\n').length)).toEqual([URLS_PER_PUSH, 6])
})

test('a refusal is logged, never thrown, and "over quota" pauses pushing until the next day', async () => {
  answer = { status: 400, body: { error: 400, message: 'over quota' } }
  const stop = startBaiduPush({ token: 't', site: SITE, logger, endpoint, delayMs: 30 })
  await createTeacher()
  await waitFor(() => received.length === 1)
  await waitFor(() => logLines.some((line) => line.msg === '百度推送被拒绝'))
  expect(logLines.find((line) => line.msg === '百度推送被拒绝')?.status).toBe(400)

  await createTeacher()
  await new Promise((resolve) => setTimeout(resolve, 120))
  expect(received).toHaveLength(1)

  const tomorrow = realNow() + 24 * 3600_000
  clock.now = () => tomorrow
  answer = { status: 200, body: { success: 2, remain: 98 } }
  await createTeacher()
  await waitFor(() => received.length === 2)
  await stop()
})
