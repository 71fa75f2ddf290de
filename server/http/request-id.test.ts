// The request id (request-log.ts): taken from a sane X-Request-Id or made here, answered on every
// kind of answer, and carried by every log line of its request, read from what the real logger writes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from '../test/request'
import { createApp } from '../app'
import { prisma } from '../db'
import { createLogger } from '../lib/logger'
import { createCourse } from '../test/factories'
import { Code } from '../lib/api-error'
import { requestIdFor } from './request-log'

const written: string[] = []
const logger = createLogger('debug', { write: (line: string) => void written.push(line) })

const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'request-id-client-'))
fs.mkdirSync(path.join(clientDist, 'assets'))
fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>名师网</title>')
fs.writeFileSync(path.join(clientDist, 'assets', 'app-1a2b.js'), 'console.log(1)')
afterAll(() => fs.rmSync(clientDist, { recursive: true, force: true }))

const app = createApp({ logger, clientDist })

type Line = Record<string, unknown> & { level: number; msg: string }
const linesOf = (id: string): Line[] => written.map((line) => JSON.parse(line) as Line).filter((line) => line.reqId === id)
/** The request's lines once its answer is finished (pino-http writes on the response's "finish"). */
const waitForLines = (id: string, count: number) =>
  vi.waitFor(() => {
    expect(linesOf(id)).toHaveLength(count)
    return linesOf(id)
  })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
let sequence = 0
const freshId = () => `test.${process.pid}-${++sequence}_id`

/** Moves a table away so reading it fails the way a broken database does: an error no rule knows. */
async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  await prisma.$executeRawUnsafe(`ALTER TABLE "${table}" RENAME TO "${table}_away"`)
  try {
    return await run()
  } finally {
    await prisma.$executeRawUnsafe(`ALTER TABLE "${table}_away" RENAME TO "${table}"`)
  }
}

describe('X-Request-Id', () => {
  test('echoes a sane incoming id, up to 64 characters of letters, digits and . _ -', async () => {
    for (const id of ['abc-DEF_1.2', 'x'.repeat(64)]) {
      const res = await request(app).post('/api/Index/getConfig').set('X-Request-Id', id).send({})

      expect(res.body.code).toBe(Code.OK)
      expect(res.headers['x-request-id']).toBe(id)
    }
  })

  test('makes a fresh id when none comes', async () => {
    const first = await request(app).post('/api/Index/getConfig').send({})
    const second = await request(app).post('/api/Index/getConfig').send({})

    expect(first.headers['x-request-id']).toMatch(UUID)
    expect(second.headers['x-request-id']).toMatch(UUID)
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id'])
  })

  test('replaces an id that is too long, has control characters or anything else outside the set', async () => {
    for (const hostile of ['x'.repeat(65), 'a\tb', 'a b', '<script>alert(1)</script>', 'id;rm -rf', '"quoted"', 'caf\u00e9', '']) {
      const res = await request(app).post('/api/Index/getConfig').set('X-Request-Id', hostile).send({})

      expect(res.headers['x-request-id']).toMatch(UUID)
      expect(linesOf(hostile)).toEqual([])
    }
    // Node's parser refuses most control characters before the app sees them; the rule refuses them too.
    for (const hostile of ['a\u0001b', 'a\nb', 'a\u007fb', 'a\u0000']) {
      expect(requestIdFor({ headers: { 'x-request-id': hostile } } as never)).toMatch(UUID)
    }
  })

  test('is on every kind of answer: API success, failure, unknown path, wrong method, 304, health, files', async () => {
    const course = await createCourse()
    const details = await request(app).post('/api/Course/courseDetails').send({ id: course.id })
    const answers = {
      success: () => request(app).post('/api/Index/getConfig').send({}),
      badParams: () => request(app).post('/api/Course/courseList').send({ page: 'x' }),
      needLogin: () => request(app).post('/api/Member/getUserInfo').send({}),
      unknownAction: () => request(app).post('/api/Index/nothing').send({}),
      wrongMethod: () => request(app).get('/api/Index/getConfig'),
      notModified: () => request(app).post('/api/Index/getConfig').set('If-None-Match', '*').send({}),
      healthz: () => request(app).get('/healthz'),
      readyz: () => request(app).get('/readyz'),
      page: () => request(app).get('/teacher'),
      asset: () => request(app).get('/assets/app-1a2b.js'),
      missingUpload: () => request(app).get('/uploads/nothing-here.png'),
    }
    const statuses: Record<string, number> = {}
    for (const [name, send] of Object.entries(answers)) {
      const id = freshId()
      const res = await send().set('X-Request-Id', id)

      statuses[name] = res.status
      expect(res.headers['x-request-id'], name).toBe(id)
    }
    expect(details.status).toBe(200)
    expect(statuses).toEqual({
      success: 200,
      badParams: 400,
      needLogin: 401,
      unknownAction: 404,
      wrongMethod: 405,
      notModified: 304,
      healthz: 200,
      readyz: 200,
      page: 200,
      asset: 200,
      missingUpload: 404,
    })
  })
})

describe('request log lines', () => {
  test('one line per API call once answered, naming the action: debug for success, warn for a refusal', async () => {
    const ok = freshId()
    const refused = freshId()
    await request(app).post('/api/Index/getConfig').set('X-Request-Id', ok).send({})
    await request(app).post('/api/Course/courseList').set('X-Request-Id', refused).send({ page: 'x' })

    const [okLine] = await waitForLines(ok, 1)
    const [refusedLine] = await waitForLines(refused, 1)
    expect(okLine).toMatchObject({ level: 20, action: 'Index/getConfig', method: 'POST', url: '/api/Index/getConfig', status: 200 })
    expect(refusedLine).toMatchObject({ level: 40, action: 'Course/courseList', status: 400 })
    expect(okLine.responseTime).toEqual(expect.any(Number))
  })

  test('an unknown API path is logged as the action "unknown" with the path asked for', async () => {
    const id = freshId()
    await request(app).post('/api/Nothing/here').set('X-Request-Id', id).send({})

    const [line] = await waitForLines(id, 1)
    expect(line).toMatchObject({ level: 40, action: 'unknown', url: '/api/Nothing/here', status: 404 })
  })

  test('an unhandled error is logged with its stack and the request id, and the call at error', async () => {
    const id = freshId()
    const res = await withoutTable('Question', () =>
      request(app).post('/api/Course/commonProblemDetails').set('X-Request-Id', id).send({ id: 1 }),
    )

    expect(res.status).toBe(500)
    expect(res.body).toEqual({ code: Code.SERVER_ERROR, msg: '服务器繁忙，请稍后再试', data: null })
    const lines = await waitForLines(id, 2)
    const unhandled = lines.find((line) => line.msg === 'unhandled error')
    const call = lines.find((line) => line.msg !== 'unhandled error')
    expect(unhandled).toMatchObject({ level: 50, url: '/api/Course/commonProblemDetails', err: { stack: expect.any(String) } })
    expect(call).toMatchObject({ level: 50, action: 'Course/commonProblemDetails', status: 500 })
  })

  test('health and file answers get their line with the id too, without an action', async () => {
    const health = freshId()
    const page = freshId()
    await request(app).get('/healthz').set('X-Request-Id', health)
    await request(app).get('/teacher').set('X-Request-Id', page)

    const [healthLine] = await waitForLines(health, 1)
    const [pageLine] = await waitForLines(page, 1)
    expect(healthLine).toMatchObject({ level: 20, method: 'GET', url: '/healthz', status: 200 })
    expect(pageLine).toMatchObject({ level: 20, url: '/teacher', status: 200 })
    expect(healthLine.action).toBeUndefined()
  })

  test('never writes the Authorization header, cookies, passwords or codes', async () => {
    const id = freshId()
    await request(app)
      .post('/api/Member/login')
      .set('X-Request-Id', id)
      .set('Authorization', 'Bearer token-SECRET-1')
      .set('Cookie', 'session=cookie-SECRET-2')
      .send({ phone: '13800000000', password: 'password-SECRET-3', code: 'code-SECRET-4' })
    await request(app).post('/api/Member/getUserInfo').set('X-Request-Id', id).set('Authorization', 'Bearer token-SECRET-5').send({})

    await waitForLines(id, 2)
    expect(written.join('')).not.toMatch(/SECRET/)
  })
})
