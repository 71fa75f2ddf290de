// The pipeline's own rules: how requests are read and refused, and the cache's staleness rule
// (fresh at once after a write in this process, within about a second after another process's).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from '../test/request'
import { createApp } from '../app'
import { prisma } from '../db'
import { onOtherConnection } from '../test/database'
import { createTeacher } from '../test/factories'
import { createSignedInMember, DEFAULT_PASSWORD, pngBytes } from '../test/member-factories'
import { z } from 'zod'
import { acceptUploads } from '../features/upload/upload.service'
import { dailyUploadQuota } from '../features/upload/upload.types'
import { defineAction } from '../lib/action'
import { Code } from '../lib/api-error'

const app = createApp()
const post = (path: string, body: unknown = {}, auth?: string) => {
  const req = request(app).post(path)
  if (auth) req.set('Authorization', auth)
  return req.send(body as object)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const MB = 1024 * 1024

type StreamedAnswer = {
  status: number
  connection: string | undefined
  body: unknown
  /** From the first byte sent to the whole answer read. */
  ms: number
  /** What the client had sent when the answer arrived. */
  sentBytes: number
}

/**
 * A JSON request written by hand, in 64 KB pieces as fast as the connection takes them, until the
 * answer arrives or `total` bytes are sent (then the client waits, sending nothing more). Without
 * `declared` the body is chunked.
 */
async function streamJson(path: string, { total, declared }: { total: number; declared?: number }): Promise<StreamedAnswer> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const headers = { 'Content-Type': 'application/json', ...(declared === undefined ? {} : { 'Content-Length': String(declared) }) }
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers })
  // Writes after the server has closed fail with EPIPE or ECONNRESET: expected here.
  req.on('error', () => undefined)
  const started = performance.now()
  let sent = 0
  let isAnswered = false
  try {
    return await new Promise<StreamedAnswer>((resolve, reject) => {
      setTimeout(() => reject(new Error('no answer in 5 s')), 5000).unref()
      req.on('response', (res) => {
        isAnswered = true
        const sentBytes = sent
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            ms: performance.now() - started,
            sentBytes,
          }),
        )
      })
      const piece = Buffer.alloc(64 * 1024, 'x')
      const write = () => {
        while (!isAnswered && sent < total && !req.destroyed) {
          const next = piece.subarray(0, Math.min(piece.length, total - sent))
          sent += next.length
          if (!req.write(next)) return void req.once('drain', write)
        }
      }
      req.write('{"keyWord":"')
      write()
    })
  } finally {
    req.destroy()
    server.closeAllConnections()
    server.close()
  }
}

describe('reading requests', () => {
  test('refuses a lone UTF-16 surrogate anywhere in the payload, keys included', async () => {
    for (const body of ['{"keyWord":"\\ud800"}', '{"\\udc00":1}', '{"a":["x","\\udfff"]}']) {
      const res = await request(app).post('/api/Index/search').set('Content-Type', 'application/json').send(body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ code: Code.BAD_PARAMS, msg: '请求包含无效字符或嵌套过深', data: null })
    }
  })

  test('refuses a compressed or non-JSON body with 415, and an oversized one with 413', async () => {
    const gz = await request(app)
      .post('/api/Index/search')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('x')
    const text = await request(app).post('/api/Index/search').set('Content-Type', 'text/plain').send('keyWord=经济')
    const big = await request(app)
      .post('/api/Index/search')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ keyWord: 'x'.repeat(1024 * 1024 + 10) }))

    expect([gz.status, gz.body.msg]).toEqual([415, '不支持的请求编码，请直接提交 JSON'])
    expect([text.status, text.body.msg]).toEqual([415, '请以 JSON 格式（UTF-8）提交请求'])
    expect([big.status, big.body.msg]).toEqual([413, '请求内容过大'])
  })

  test('refuses a body declared far over the limit at once, without waiting for it, and closes the connection', async () => {
    const answer = await streamJson('/api/Index/search', { declared: 1000 * MB, total: 4096 })

    expect([answer.status, answer.body]).toEqual([413, { code: Code.TOO_LARGE, msg: '请求内容过大', data: null }])
    expect(answer.connection).toBe('close')
    expect(answer.ms).toBeLessThan(1000)
  })

  test('refuses a chunked body as soon as it passes the limit, long before its end, and closes the connection', async () => {
    const answer = await streamJson('/api/Index/search', { total: 20 * MB })

    expect([answer.status, answer.body]).toEqual([413, { code: Code.TOO_LARGE, msg: '请求内容过大', data: null }])
    expect(answer.connection).toBe('close')
    expect(answer.sentBytes).toBeGreaterThan(MB)
    expect(answer.sentBytes).toBeLessThan(20 * MB)
    expect(answer.ms).toBeLessThan(1000)
  })

  test('finds actions by exact path (a query string is ignored, letter case is not)', async () => {
    expect((await post('/api/Index/getConfig?x=1')).body.code).toBe(Code.OK)
    expect((await post('/api/index/getConfig')).body).toEqual({ code: 404, msg: '接口不存在', data: null })
    expect((await post('/api/Index/nothing')).status).toBe(404)
    expect((await request(app).put('/api/Index/getConfig')).status).toBe(405)
  })

  test('answers Chinese messages for wrong types instead of the validator defaults', async () => {
    const res = await request(app).post('/api/Course/courseList').set('Content-Type', 'application/json').send('[1,2]')

    expect(res.status).toBe(400)
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/)
    expect(res.body.msg).not.toMatch(/expected|received|Invalid/i)
  })
})

describe('multipart uploads', () => {
  test('maps every broken form to a 4xx envelope and keeps nothing', async () => {
    const me = await createSignedInMember()
    const noBoundary = await request(app)
      .post('/api/Member/uploads')
      .set('Authorization', me.auth)
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\n')
    const truncated = await request(app)
      .post('/api/Member/uploads')
      .set('Authorization', me.auth)
      .set('Content-Type', 'multipart/form-data; boundary=zz')
      .send('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc')
    const twoFiles = await request(app)
      .post('/api/Member/uploads')
      .set('Authorization', me.auth)
      .attach('file', pngBytes(), 'a.png')
      .attach('file', pngBytes(), 'b.png')
    const wrongField = await request(app).post('/api/Member/uploads').set('Authorization', me.auth).attach('picture', pngBytes(), 'a.png')

    for (const res of [noBoundary, truncated, twoFiles, wrongField]) {
      expect(res.status).toBe(400)
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('an upload refused before its body is read still reaches an ordinary fetch client as an envelope', async () => {
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const form = new FormData()
      form.append('file', new Blob([Buffer.alloc(30 * 1024 * 1024, 1)]), 'big.png')
      const res = await fetch(`http://127.0.0.1:${port}/api/Member/uploads`, { method: 'POST', body: form })

      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code: Code.NEED_LOGIN, msg: '请先登录', data: null })
    } finally {
      server.close()
    }
  })

  test('an upload past the member’s quota is refused before its body is read, as an envelope an ordinary client receives', async () => {
    const me = await createSignedInMember()
    dailyUploadQuota.files = 0
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const form = new FormData()
      form.append('file', new Blob([Buffer.alloc(30 * 1024 * 1024, 1)]), 'big.png')
      const res = await fetch(`http://127.0.0.1:${port}/api/Member/uploads`, {
        method: 'POST',
        body: form,
        headers: { Authorization: me.auth },
      })

      expect(res.status).toBe(429)
      expect(await res.json()).toEqual({ code: Code.RATE_LIMITED, msg: '24 小时内最多上传 0 个文件、共 8GB，请稍后再试', data: null })
    } finally {
      dailyUploadQuota.files = 100
      server.close()
    }
  })

  test('an upload action needs a signed-in member: its budget is per member', () => {
    const declare = (access: 'public' | 'viewer' | 'member') => () =>
      defineAction({
        group: 'Member',
        name: 'x',
        summary: 'x',
        input: z.object({}),
        access,
        upload: acceptUploads(['image']),
        handler: () => null,
        example: {},
      })

    expect(declare('public')).toThrow('Member/x: an upload action needs a signed-in member (its quota is per member)')
    expect(declare('viewer')).toThrow('an upload action needs a signed-in member')
    expect(declare('member')).not.toThrow()
  })
})

describe('cache staleness', () => {
  test('a token revoked by a password change is refused at once, though the member was cached', async () => {
    const me = await createSignedInMember()
    expect((await post('/api/Member/getUserInfo', {}, me.auth)).body.code).toBe(Code.OK)

    const changed = await post(
      '/api/Member/savePass',
      { oldPassword: DEFAULT_PASSWORD, password: 'newpass2026', confirmPassword: 'newpass2026' },
      me.auth,
    )
    expect(changed.body.code).toBe(Code.OK)

    expect((await post('/api/Member/getUserInfo', {}, me.auth)).body).toEqual({ code: 401, msg: '登录已失效，请重新登录', data: null })
    expect((await post('/api/Member/getUserInfo', {}, `Bearer ${changed.body.data.token}`)).body.code).toBe(Code.OK)
  })

  test("a member's own write refreshes their pages and the teacher's page at once", async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    const before = await post('/api/Teacher/teacherDetails', { id: teacher.id }, me.auth)
    const listBefore = await post('/api/Member/myTeacherFollow', {}, me.auth)

    await post('/api/Teacher/teacherFollow', { teacherId: teacher.id }, me.auth)

    const after = await post('/api/Teacher/teacherDetails', { id: teacher.id }, me.auth)
    expect([before.body.data.isFollowed, before.body.data.followers]).toEqual([false, 0])
    expect([after.body.data.isFollowed, after.body.data.followers]).toEqual([true, 1])
    expect(listBefore.body.data.total).toBe(0)
    expect((await post('/api/Member/myTeacherFollow', {}, me.auth)).body.data.total).toBe(1)
  })

  test('a write from another process is seen within about a second', async () => {
    const me = await createSignedInMember()
    expect((await post('/api/Member/getUserInfo', {}, me.auth)).body.code).toBe(Code.OK)

    // A second connection stands in for another server process revoking the member's tokens.
    await onOtherConnection(`UPDATE "Member" SET "tokenVersion" = "tokenVersion" + 1 WHERE "id" = ${me.member.id}`)

    await sleep(1100)
    // The first request after a second notices the change; the answer after it is fresh.
    await post('/api/Member/getUserInfo', {}, me.auth)
    expect((await post('/api/Member/getUserInfo', {}, me.auth)).body.code).toBe(Code.NEED_LOGIN)
  })

  test('public answers are kept: a repeated read gives the same ETag until content changes', async () => {
    const first = await post('/api/Index/getConfig')
    const second = await post('/api/Index/getConfig')
    await prisma.siteSetting.upsert({ where: { key: 'fax' }, create: { key: 'fax', value: '1' }, update: { value: String(Date.now()) } })
    const third = await post('/api/Index/getConfig')

    expect(second.headers.etag).toBe(first.headers.etag)
    expect(third.headers.etag).not.toBe(first.headers.etag)
  })
})
