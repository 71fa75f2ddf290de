import type { Server } from 'node:http'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import request from 'supertest'
import { createApp } from '../app'
import { createCourse } from '../test/factories'
import { flushViews } from '../lib/views'
import { securityHeaderPairs } from './security-headers'

const app = createApp()

/** supertest re-encodes Buffer bodies; a compressed request body needs a plain http request. */
function rawPost(server: Server, path: string, body: Buffer, headers: Record<string, string>): Promise<string> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk))
        res.on('end', () => resolve(text))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

// Headers that describe the request or the body rather than the API's policy.
const perAnswer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'etag', 'content-encoding', 'vary', 'transfer-encoding'])
const policyHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)))

describe('hot actions (answered ahead of the general middleware)', () => {
  test('answer exactly as the general chain does for the same action', async () => {
    const course = await createCourse({ views: 5 })
    // A query string makes the shortcut step aside: the general chain answers the same action.
    const hot = await request(app).post('/api/Course/courseDetails').send({ id: course.id })
    const general = await request(app).post('/api/Course/courseDetails?via=router').send({ id: course.id })

    expect(hot.body.code).toBe(200)
    expect({ ...general.body.data, views: 0 }).toEqual({ ...hot.body.data, views: 0 })
    expect([hot.body.data.views, general.body.data.views]).toEqual([6, 7])
    expect(policyHeaders(general.headers)).toEqual(policyHeaders(hot.headers))
    flushViews()
  })

  test('carry the same security headers as every other API answer, and no-store', async () => {
    const res = await request(app).post('/api/Course/courseList').send({})

    for (const [name, value] of securityHeaderPairs) expect(res.headers[name.toLowerCase()]).toBe(value)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-powered-by']).toBeUndefined()
    expect(securityHeaderPairs.map(([name]) => name)).toEqual(expect.arrayContaining(['Content-Security-Policy', 'X-Content-Type-Options']))
  })

  test('refuse malformed, non-object and oversized JSON with the usual envelopes', async () => {
    const post = (body: string) => request(app).post('/api/Course/courseDetails').set('Content-Type', 'application/json').send(body)

    expect((await post('{"id":')).body).toEqual({ code: 400, msg: '请求数据格式错误，请提交合法的 JSON', data: null })
    expect((await post('123')).body).toEqual({ code: 400, msg: '请求数据格式错误，请提交合法的 JSON', data: null })
    const big = await post(JSON.stringify({ id: 1, pad: 'x'.repeat(1_100_000) }))
    expect(big.status).toBe(413)
    expect(big.body).toEqual({ code: 413, msg: '请求内容过大', data: null })
  })

  test('read no body, or a body that is not JSON, as an empty payload (as express.json does)', async () => {
    const none = await request(app).post('/api/Course/courseList')
    const text = await request(app).post('/api/Course/courseList').set('Content-Type', 'text/plain').send('page=9')

    expect(none.body.data.page).toBe(1)
    expect(text.body.data.page).toBe(1)
    expect((await request(app).post('/api/Course/courseDetails')).body.code).toBe(400)
  })

  test('leave a compressed request body to the general parser, which still answers it', async () => {
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const post = (body: Buffer) =>
        rawPost(server, '/api/Course/courseList', body, { 'content-type': 'application/json', 'content-encoding': 'gzip' })

      expect(JSON.parse(await post(zlib.gzipSync(JSON.stringify({ page: 2, limit: 3 }))))).toMatchObject({
        code: 200,
        data: { page: 2, limit: 3 },
      })
      // A body that claims gzip but is not: a client error, not a server one.
      expect(JSON.parse(await post(Buffer.from('{"page":2}')))).toEqual({
        code: 400,
        msg: '请求数据格式错误，请提交合法的 JSON',
        data: null,
      })
    } finally {
      server.close()
    }
  })

  test('a course page is gzip spliced for browsers and plain JSON for clients without gzip', async () => {
    const course = await createCourse({ content: `<p>${'正文'.repeat(400)}</p>` })
    const raw = (encoding: string) =>
      request(app)
        .post('/api/Course/courseDetails')
        .set('Accept-Encoding', encoding)
        .send({ id: course.id })
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => done(null, Buffer.concat(chunks)))
        })

    const zipped = await raw('gzip, deflate, br')
    const plain = await raw('identity')

    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    // superagent has already gunzipped the body (with node's zlib): the spliced stream is valid gzip.
    const fromZip = JSON.parse((zipped.body as Buffer).toString())
    const fromPlain = JSON.parse((plain.body as Buffer).toString())
    expect(fromZip).toEqual({ ...fromPlain, data: { ...fromPlain.data, views: fromPlain.data.views - 1 } })
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 3)
    flushViews()
  })
})
