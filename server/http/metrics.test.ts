// GET /metrics: who may read it (a scraper on this machine talking to the server directly, or one
// holding METRICS_TOKEN), that it is Prometheus text, and that what it counts moves with the traffic.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import request from '../test/request'
import { createApp } from '../app'
import { prisma } from '../db'
import { env } from '../env'
import { flushViews } from '../data/views'
import { createSmsProvider } from '../lib/sms/sms-provider'
import { createCourse } from '../test/factories'
import { requestSmsCode, uniquePhone } from '../test/member-factories'
import { mayReadMetrics } from './metrics-route'

const TOKEN = vi.hoisted(() => {
  const token = 'metrics-token-for-tests-0123456789'
  process.env.METRICS_TOKEN = token
  return token
})

const app = createApp()

type Sample = { name: string; labels: Record<string, string>; value: number }

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const SUFFIXES = ['_bucket', '_sum', '_count']

/**
 * Reads text exposition format 0.0.4 strictly: every line is HELP, TYPE, a sample or empty, labels are
 * quoted and escaped, values are numbers, and every sample belongs to a family declared by TYPE.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  expect(text.endsWith('\n')).toBe(true)
  for (const line of text.slice(0, -1).split('\n')) {
    // The format allows empty lines; prom-client separates families with them.
    if (line === '') continue
    const comment = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line)
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3])
        types.set(comment[2], comment[3])
      }
      continue
    }
    const sample = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`).exec(line)
    if (!sample) throw new Error(`not in the exposition format: ${JSON.stringify(line)}`)
    const [, name, labelText = '', valueText] = sample
    const labels: Record<string, string> = {}
    const rest = labelText.replace(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)",?/g, (_all, key: string, value: string) => {
      labels[key] = value.replace(/\\(["\\n])/g, (_e, c: string) => (c === 'n' ? '\n' : c))
      return ''
    })
    expect(rest, line).toBe('')
    // Values are read as Go's ParseFloat reads them: NaN and Inf in any letter case (prom-client writes "Nan").
    const value = /^[+-]?inf$/i.test(valueText) ? Number(valueText.replace(/inf/i, 'Infinity')) : Number(valueText)
    expect(Number.isNaN(value) && !/^nan$/i.test(valueText), line).toBe(false)
    const family = types.has(name) ? name : SUFFIXES.map((suffix) => name.slice(0, -suffix.length)).find((base) => types.has(base))
    expect(family, `${name} has no TYPE`).toBeDefined()
    samples.push({ name, labels, value })
  }
  return samples
}

async function scrape(): Promise<Sample[]> {
  const res = await request(app).get('/metrics')
  expect(res.status).toBe(200)
  return parseExposition(res.text)
}

/** The sum of the samples named `name` whose labels include `labels`. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0)

/** A non-loopback IPv4 address of this machine, to reach the server as a remote peer would. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address

const peer = (remoteAddress: string) => ({ remoteAddress }) as never

describe('who may read GET /metrics', () => {
  test('a loopback peer without proxy headers, or the token; nobody else', () => {
    const asks = (remoteAddress: string, headers: http.IncomingHttpHeaders = {}, token: string | undefined = TOKEN) =>
      mayReadMetrics({ socket: peer(remoteAddress), headers }, token)

    expect([asks('127.0.0.1'), asks('127.8.9.10'), asks('::1'), asks('::ffff:127.0.0.1')]).toEqual([true, true, true, true])
    expect([asks('203.0.113.5'), asks('10.0.0.1'), asks('::ffff:10.0.0.1'), asks('fe80::1'), asks('::2'), asks('')]).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(asks('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).toBe(false)
    expect(asks('127.0.0.1', { forwarded: 'for=203.0.113.5' })).toBe(false)
    expect(asks('127.0.0.1', { 'x-real-ip': '203.0.113.5' })).toBe(false)
    expect(asks('203.0.113.5', { authorization: `Bearer ${TOKEN}` })).toBe(true)
    expect(asks('127.0.0.1', { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.5' })).toBe(true)
    expect(asks('203.0.113.5', { authorization: `Bearer ${TOKEN}x` })).toBe(false)
    expect(asks('203.0.113.5', { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).toBe(false)
    expect(asks('203.0.113.5', { authorization: TOKEN })).toBe(false)
    expect(asks('203.0.113.5', { authorization: 'Bearer ' }, undefined)).toBe(false)
  })

  test('answers a scraper on this machine in the Prometheus text format', async () => {
    const res = await request(app).get('/metrics')

    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    const samples = parseExposition(res.text)
    const names = new Set(samples.map((s) => s.name))
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(names, name).toContain(name)
    }
  })

  test('is a bare 404 to a request a proxy on this machine forwarded', async () => {
    for (const [header, value] of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ]) {
      const res = await request(app).get('/metrics').set(header, value)

      expect(res.status).toBe(404)
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.text).toBe('Not Found')
    }
  })

  test('the token opens it behind a proxy; a wrong one does not', async () => {
    const right = await request(app).get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`)
    const wrong = await request(app)
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('Authorization', 'Bearer not-the-token-at-all')

    expect(right.status).toBe(200)
    expect(right.text).toContain('portal_requests_total')
    expect([wrong.status, wrong.text]).toEqual([404, 'Not Found'])
  })

  test.skipIf(!outsideAddress)('is a bare 404 to a peer on another address, unless it presents the token', async () => {
    const server = app.listen(0, '0.0.0.0')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const url = `http://${outsideAddress}:${(server.address() as AddressInfo).port}/metrics`
      const anonymous = await fetch(url)
      const withToken = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })

      expect([anonymous.status, await anonymous.text()]).toEqual([404, 'Not Found'])
      expect(withToken.status).toBe(200)
      expect(await withToken.text()).toContain('portal_requests_total')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('what GET /metrics counts', () => {
  test('API calls by action and status, their latency, and the answer cache', async () => {
    const course = await createCourse()
    const before = await scrape()

    await request(app).post('/api/Course/courseDetails').send({ id: course.id })
    await request(app).post('/api/Course/courseDetails').send({ id: course.id })
    await request(app).post('/api/Course/courseDetails').send({ id: 'x' })
    await request(app).post('/api/Nothing/here').send({})
    const after = await scrape()

    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels)
    const details = { action: 'Course/courseDetails' }
    expect(delta('portal_requests_total', { ...details, status: '200' })).toBe(2)
    expect(delta('portal_requests_total', { ...details, status: '400' })).toBe(1)
    expect(delta('portal_requests_total', { action: 'unknown', status: '404' })).toBe(1)
    expect(delta('portal_request_duration_seconds_count', details)).toBe(3)
    expect(delta('portal_request_duration_seconds_bucket', { ...details, le: '+Inf' })).toBe(3)
    expect(delta('portal_request_duration_seconds_bucket', { ...details, le: '5' })).toBe(3)
    expect(delta('portal_request_duration_seconds_sum', details)).toBeGreaterThan(0)
    expect(delta('portal_request_errors_total', details)).toBe(0)
    // The first visit builds the kept answer, the second reuses it.
    expect(delta('portal_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1)
    expect(delta('portal_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1)
  })

  test('a call failing on an error no rule knows counts as unhandled for its action', async () => {
    const before = await scrape()

    await prisma.$executeRawUnsafe('ALTER TABLE "Question" RENAME TO "Question_away"')
    try {
      const res = await request(app).post('/api/Course/commonProblemDetails').send({ id: 1 })
      expect(res.status).toBe(500)
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "Question_away" RENAME TO "Question"')
    }
    const after = await scrape()

    const action = 'Course/commonProblemDetails'
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels)
    expect(delta('portal_request_errors_total', { action, kind: 'unhandled' })).toBe(1)
    expect(delta('portal_request_errors_total', { action, kind: 'server' })).toBe(0)
    expect(delta('portal_requests_total', { action, status: '500' })).toBe(1)
  })

  test('how long the oldest page view has waited to be written, 0 once written', async () => {
    const course = await createCourse()
    await flushViews()
    const age = async () => valueOf(await scrape(), 'portal_page_views_unflushed_age_seconds')
    expect(await age()).toBe(0)

    await request(app).post('/api/Course/courseDetails').send({ id: course.id })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const waiting = await age()
    await flushViews()

    expect(waiting).toBeGreaterThanOrEqual(0.04)
    expect(waiting).toBeLessThan(env.VIEW_FLUSH_MS / 1000)
    expect(await age()).toBe(0)
  })

  test('SMS sends by provider, purpose and result', async () => {
    const gateway = http.createServer((_req, res) => res.writeHead(502).end())
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    const before = await scrape()
    try {
      await requestSmsCode(request(app), uniquePhone(), 'register')
      const failing = createSmsProvider({
        ...env,
        smsProvider: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/`,
      })
      await expect(failing!.send({ phone: uniquePhone(), code: '123456', purpose: 'findPass' })).rejects.toThrow(/502/)
    } finally {
      gateway.closeAllConnections()
      await new Promise((resolve) => gateway.close(resolve))
    }
    const after = await scrape()

    const delta = (labels: Record<string, string>) =>
      valueOf(after, 'portal_sms_sends_total', labels) - valueOf(before, 'portal_sms_sends_total', labels)
    expect(delta({ provider: 'dev', purpose: 'register', result: 'sent' })).toBe(1)
    expect(delta({ provider: 'http', purpose: 'findPass', result: 'failed' })).toBe(1)
    expect(delta({ result: 'sent' }) + delta({ result: 'failed' })).toBe(2)
  })
})

// Last: it reloads modules, which would give later tests a second copy of the services.
describe('METRICS_TOKEN', () => {
  test('must have at least 16 characters', async () => {
    try {
      process.env.METRICS_TOKEN = 'short-token'
      vi.resetModules()
      await expect(import('../env')).rejects.toThrow(/METRICS_TOKEN: 至少 16 个字符/)
      process.env.METRICS_TOKEN = 'sixteen-chars-ok'
      vi.resetModules()
      expect((await import('../env')).env.METRICS_TOKEN).toBe('sixteen-chars-ok')
    } finally {
      process.env.METRICS_TOKEN = TOKEN
      vi.resetModules()
    }
  })
})
