import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from './test/request'
import { createApp } from './app'

const app = createApp()

describe('API envelope for bad requests', () => {
  test('malformed JSON answers a 400 envelope in Chinese', async () => {
    // Not indexList: it takes no payload and is answered from cache before the body is read.
    const res = await request(app).post('/api/Course/courseList').set('Content-Type', 'application/json').send('{"broken":')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '请求数据格式错误，请提交合法的 JSON', data: null })
  })

  test('a 2 MB body is refused with 413 and an envelope', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) })
    const res = await request(app).post('/api/Member/login').set('Content-Type', 'application/json').send(big)
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ code: 413, msg: '请求内容过大', data: null })
  })

  test('an unknown action answers 404 with an envelope', async () => {
    const res = await request(app).post('/api/Index/noSuchAction').send({})
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: 404, msg: '接口不存在', data: null })
  })

  test('an unknown group answers 404 with an envelope', async () => {
    const res = await request(app).post('/api/Nothing/here').send({})
    expect(res.body).toEqual({ code: 404, msg: '接口不存在', data: null })
  })

  test('a GET on an API path answers 405 with an envelope, not the client page', async () => {
    const res = await request(app).get('/api/Index/indexList')
    expect(res.status).toBe(405)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.headers.allow).toBe('POST')
    expect(res.body).toEqual({ code: 405, msg: '请使用 POST 方法调用接口', data: null })
  })

  test('API answers are never cached and carry security headers', async () => {
    const res = await request(app).post('/api/Index/noSuchAction').send({})
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-powered-by']).toBeUndefined()
  })
})

describe('static client', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>名师网</title><div id="root"></div>')
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
  const staticApp = createApp({ clientDist: dist })

  test('serves index.html at the root', async () => {
    const res = await request(staticApp).get('/')
    expect(res.status).toBe(200)
    expect(res.text).toContain('名师网')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  test('falls back to index.html for client routes (history API)', async () => {
    for (const route of ['/teacher/detail/3', '/search?q=%7B%22type%22%3A%22all%22%7D', '/user', '/no/such/page']) {
      const res = await request(staticApp).get(route)
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.text).toContain('<div id="root">')
    }
  })

  test('hashed assets are cached for a year', async () => {
    const res = await request(staticApp).get('/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  test('a missing build answers a clear 503 instead of crashing', async () => {
    const bare = createApp({ clientDist: path.join(dist, 'missing') })
    const res = await request(bare).get('/teacher')
    expect(res.status).toBe(503)
    expect(res.text).toContain('npm run build')
  })
})

describe('uploads folder', () => {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))
  fs.writeFileSync(path.join(uploads, 'page.html'), '<script>alert(1)</script>')
  fs.writeFileSync(path.join(uploads, 'pic.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  fs.writeFileSync(path.join(uploads, '.secret.png'), 'x')
  const uploadApp = createApp({ uploadDir: uploads })

  test('serves images with nosniff and a sandboxing policy', async () => {
    const res = await request(uploadApp).get('/uploads/pic.png')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain('sandbox')
  })

  test('never serves types outside the allow-list, dotfiles or paths outside the folder', async () => {
    expect((await request(uploadApp).get('/uploads/page.html')).status).toBe(404)
    expect((await request(uploadApp).get('/uploads/.secret.png')).status).toBe(404)
    expect((await request(uploadApp).get('/uploads/..%2f..%2fetc%2fpasswd.png')).status).toBe(404)
    expect((await request(uploadApp).get('/uploads/missing.png')).status).toBe(404)
  })
})
