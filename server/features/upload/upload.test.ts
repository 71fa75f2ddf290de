import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import request from '../../test/request'
import { variantUrl, VARIANT_WIDTHS } from '../../../common/image-variants'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { allowInserts, refuseInserts } from '../../test/database'
import { createTeacher } from '../../test/factories'
import {
  cfbBytes,
  createSignedInMember,
  docxBytes,
  gifBytes,
  jpgBytes,
  mp4Bytes,
  pdfBytes,
  pngBytes,
  pngOfSize,
  webpBytes,
  zipBytes,
} from '../../test/member-factories'
import { clock } from '../../lib/clock'
import { uploadDiskFloor } from './upload.budget'
import { backfillVariants } from './image-variants.service'
import { storeUpload } from './upload.service'
import { uploadTempDir, uploadLimits } from '../../lib/uploads'
import { until } from '../../test/until'
import { startUploadSweep, sweepUnusedUploads } from './upload.sweep'
import { dailyUploadQuota } from './upload.types'

// A private upload folder, so counting files here sees only this file's uploads.
const uploadDir = vi.hoisted(() => {
  const dir = `${process.env.TEST_DIR}/uploads-${process.pid}-${Math.random().toString(36).slice(2)}`
  process.env.UPLOAD_DIR = dir
  return dir
})

const app = createApp()
const api = () => request(app)
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const MB = 1024 * 1024
const defaultLimits = { ...uploadLimits }
const defaultQuota = { ...dailyUploadQuota }
const defaultDiskFloor = uploadDiskFloor.bytes

afterEach(async () => {
  Object.assign(uploadLimits, defaultLimits)
  Object.assign(dailyUploadQuota, defaultQuota)
  uploadDiskFloor.bytes = defaultDiskFloor
  await allowInserts('fail_upload_insert', 'Upload')
})

/** Every file under the upload folder, temp files included. */
function allFiles(dir = uploadDir): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? allFiles(full) : [path.relative(uploadDir, full)]
  })
}

/** The app on a real port, for requests that must stay open while others are made. */
async function listening() {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type RawAnswer = { status: number; connection?: string; body: { code: number; msg: string; data: unknown } }

/**
 * An upload sent by hand: the multipart head and `first` bytes of a file declared `declared` bytes
 * long, then nothing until `finish` (the rest and the closing boundary) or `abort` (vanish).
 */
function slowUpload(port: number, auth: string, { declared, first }: { declared: number; first: Buffer }) {
  const boundary = 'slow-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/Member/uploads',
    headers: {
      Authorization: auth,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + declared + tail.length),
    },
  })
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      )
    })
    req.on('error', reject)
  })
  answer.catch(() => undefined)
  let sent = 0
  const write = (chunk: Buffer) => {
    sent += chunk.length
    req.write(chunk)
  }
  write(head)
  write(first)
  // The answer, or a failure after a few seconds when none comes; an aborted one is nobody's error.
  const timely = Promise.race([
    answer,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer while the body is unsent')), 5000).unref()),
  ])
  timely.catch(() => undefined)
  return {
    answer: timely,
    sentBytes: () => sent,
    finish: () => {
      write(Buffer.alloc(declared - first.length))
      req.end(tail)
    },
    abort: () => req.destroy(),
  }
}

/**
 * A form sent chunked (no Content-Length), its file in 64 KB pieces as fast as the connection takes
 * them, until the answer arrives or `total` bytes are sent. Resolves with the answer and what had
 * been sent when it came.
 */
async function chunkedUpload(port: number, auth: string, total: number) {
  const boundary = 'chunked-boundary'
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/Member/uploads',
    headers: { Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  })
  // Writes after the server has closed fail with EPIPE or ECONNRESET: expected here.
  req.on('error', () => undefined)
  let sent = 0
  let isAnswered = false
  try {
    return await new Promise<RawAnswer & { sentBytes: number }>((resolve, reject) => {
      setTimeout(() => reject(new Error('no answer in 5 s')), 5000).unref()
      req.on('response', (res) => {
        isAnswered = true
        const sentBytes = sent
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, sentBytes })
        })
      })
      const piece = Buffer.alloc(64 * 1024, 1)
      const write = () => {
        while (!isAnswered && sent < total && !req.destroyed) {
          sent += piece.length
          if (!req.write(piece)) return void req.once('drain', write)
        }
      }
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
      req.write(pngBytes())
      write()
    })
  } finally {
    req.destroy()
  }
}

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
const upload = (who: Signed, bytes: Buffer, filename: string, options: { path?: string; kind?: string; contentType?: string } = {}) => {
  const call = api()
    .post(options.path ?? '/api/Member/uploads')
    .set('Authorization', who.auth)
  if (options.kind) call.field('kind', options.kind)
  return call.attach('file', bytes, { filename, contentType: options.contentType ?? 'application/octet-stream' })
}

const UNSUPPORTED_MEMBER = '不支持的文件类型，仅支持图片（jpg、png、webp、gif）、文档（pdf、doc、docx）'

describe('POST /api/Member/uploads', () => {
  test('stores an image under a random name in a dated folder and records owner, size and hash', async () => {
    const me = await createSignedInMember()
    const bytes = pngBytes(8, 8)

    const res = await upload(me, bytes, '我的照片.png', { contentType: 'image/png' })

    const today = new Date()
    const folder = `${today.getFullYear()}/${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}`
    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        id: expect.any(Number),
        url: expect.stringMatching(new RegExp(`^/uploads/${folder}/[0-9a-f]{32}\\.png$`)),
        previewUrl: expect.stringMatching(new RegExp(`^/uploads/${folder}/[0-9a-f]{32}\\.png\\?expires=\\d+&sig=[\\w-]+$`)),
        kind: 'image',
        mime: 'image/png',
        size: bytes.length,
        name: '我的照片.png',
        width: 8,
        height: 8,
      },
    })
    const row = await prisma.upload.findUniqueOrThrow({ where: { id: res.body.data.id } })
    const sha256 = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex')
    expect(row).toMatchObject({
      memberId: me.member.id,
      kind: 'image',
      mime: 'image/png',
      size: BigInt(bytes.length),
      sha256,
      originalName: '我的照片.png',
      width: 8,
      height: 8,
    })
    expect(fs.readFileSync(path.join(uploadDir, row.path))).toEqual(bytes)
    expect(allFiles().filter((f) => f.startsWith('.tmp'))).toEqual([])
  })

  test.each([
    ['photo.jpg', jpgBytes, 'image', 'image/jpeg', 'jpg'],
    ['anim.gif', gifBytes, 'image', 'image/gif', 'gif'],
    ['pic.webp', webpBytes, 'image', 'image/webp', 'webp'],
    ['paper.pdf', pdfBytes, 'document', 'application/pdf', 'pdf'],
    ['report.docx', docxBytes, 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['old.doc', () => cfbBytes('WordDocument'), 'document', 'application/msword', 'doc'],
  ])('accepts %s by its content', async (name, bytes, kind, mime, ext) => {
    const me = await createSignedInMember()

    const res = await upload(me, bytes(), name)

    expect(res.body).toMatchObject({ code: Code.OK, data: { kind, mime, url: expect.stringMatching(new RegExp(`\\.${ext}$`)) } })
  })

  test('decides the type by content, not by name or declared type', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, pngBytes(), 'page.html', { contentType: 'text/html' })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { kind: 'image', mime: 'image/png', url: expect.stringMatching(/\.png$/), name: 'page.html' },
    })
  })

  test.each([
    ['shell.png', Buffer.from('<?php system($_GET["c"]); ?>'), 'image/png'],
    ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ['logo.png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'],
    ['index.html', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'text/html'],
    ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'application/octet-stream'],
    ['tool.pdf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]), 'application/pdf'],
    ['sheet.doc', cfbBytes('Workbook'), 'application/msword'],
    ['archive.docx', zipBytes({ 'payload.sh': '#!/bin/sh\nrm -rf /' }), 'application/zip'],
    ['clip.mp4', mp4Bytes(), 'video/mp4'],
    ['notes.txt', Buffer.from('纯文本'), 'text/plain'],
  ])('refuses %s and stores nothing', async (name, bytes, contentType) => {
    const me = await createSignedInMember()
    const before = allFiles()

    const res = await upload(me, bytes, name, { contentType })

    expect(res.status).toBe(415)
    expect(res.body).toEqual(failure(Code.UNSUPPORTED, UNSUPPORTED_MEMBER))
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
    expect(allFiles()).toEqual(before)
  })

  test.each(['../../x.png', '..\\..\\x.png', '/etc/x.png', '..'])('refuses the file name %s and writes nothing anywhere', async (name) => {
    const me = await createSignedInMember()
    const before = allFiles()

    // Built by hand: form-data would strip the path from the name before sending it.
    const boundary = 'raw-boundary'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/\\/g, '\\\\')}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      pngBytes(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await api()
      .post('/api/Member/uploads')
      .set('Authorization', me.auth)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '文件名不合法'))
    expect(allFiles()).toEqual(before)
    expect(fs.existsSync(path.join(uploadDir, '..', '..', 'x.png'))).toBe(false)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses an image over 5 MB', async () => {
    const me = await createSignedInMember()
    const before = allFiles()

    const res = await upload(me, pngOfSize(5 * MB + 1), 'big.png')

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '图片不能超过 5MB'))
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('accepts an image of exactly 5 MB', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, pngOfSize(5 * MB), 'edge.png')

    expect(res.body).toMatchObject({ code: Code.OK, data: { size: 5 * MB } })
  })

  test('stops reading a file over the largest allowed size', async () => {
    const me = await createSignedInMember()
    uploadLimits.document = 1 * MB
    uploadLimits.image = 1 * MB
    const before = allFiles()

    const res = await upload(me, Buffer.concat([pdfBytes(), Buffer.alloc(MB)]), 'huge.pdf')

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '文件过大：图片不超过 1MB，文档不超过 1MB'))
    expect(allFiles()).toEqual(before)
  })

  test('refuses a file of the wrong kind for the page', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, pdfBytes(), 'face.pdf', { kind: 'image' })
    const bad = await upload(me, pngBytes(), 'face.png', { kind: 'video' })

    expect(res.body).toEqual(failure(Code.UNSUPPORTED, '不支持的文件类型，仅支持图片（jpg、png、webp、gif）'))
    expect(bad.body).toEqual(failure(Code.BAD_PARAMS, '上传类型不正确'))
  })

  test('refuses a request without a file, an empty file and a wrong field', async () => {
    const me = await createSignedInMember()

    const none = await api().post('/api/Member/uploads').set('Authorization', me.auth).field('kind', 'image')
    const json = await api().post('/api/Member/uploads').set('Authorization', me.auth).send({ file: 'x' })
    const empty = await upload(me, Buffer.alloc(0), 'empty.png')
    const field = await api().post('/api/Member/uploads').set('Authorization', me.auth).attach('image', pngBytes(), 'a.png')
    const two = await api()
      .post('/api/Member/uploads')
      .set('Authorization', me.auth)
      .attach('file', pngBytes(), 'a.png')
      .attach('file', pngBytes(), 'b.png')

    expect(none.body).toEqual(failure(Code.BAD_PARAMS, '请选择要上传的文件'))
    expect(json.body).toEqual(failure(Code.BAD_PARAMS, '请选择要上传的文件'))
    expect([empty.body, field.body.code, two.body.code]).toEqual([
      expect.objectContaining({ code: Code.BAD_PARAMS }),
      Code.BAD_PARAMS,
      Code.BAD_PARAMS,
    ])
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
    expect(allFiles().filter((f) => f.startsWith('.tmp'))).toEqual([])
  })

  test('a failure writing the row leaves no file and no row', async () => {
    const me = await createSignedInMember()
    const before = allFiles()
    await refuseInserts('fail_upload_insert', 'Upload', 'disk full')

    const res = await upload(me, pngBytes(), 'doomed.png')

    expect(res.status).toBe(500)
    expect(res.body).toEqual(failure(Code.SERVER_ERROR, '服务器繁忙，请稍后再试'))
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('a client that disconnects half-way leaves no file and no row', async () => {
    const me = await createSignedInMember()
    const before = allFiles()
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    const boundary = 'x-boundary'
    let sawTempFile = false
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    try {
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/Member/uploads',
          headers: {
            Authorization: me.auth,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(head.length + 3 * MB),
          },
        })
        req.on('error', () => resolve())
        req.write(head)
        req.write(pngOfSize(MB))
        // Give the server time to start writing the temp file, then vanish mid-body.
        setTimeout(() => {
          sawTempFile = allFiles().some((file) => file.startsWith('.tmp'))
          req.destroy()
          resolve()
        }, 300)
      })
      const deadline = Date.now() + 5000
      while (allFiles().length !== before.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    } finally {
      server.close()
    }

    expect(sawTempFile).toBe(true)
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
  })
})

describe('daily upload quota per member', () => {
  const quotaMessage = (files: number, size: string) =>
    failure(Code.RATE_LIMITED, `24 小时内最多上传 ${files} 个文件、共 ${size}，请稍后再试`)

  test('refuses the upload past the file count, keeps nothing of it, and lets other members upload', async () => {
    Object.assign(dailyUploadQuota, { files: 2 })
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    for (const name of ['a.png', 'b.png']) expect((await upload(me, pngBytes(), name)).body.code).toBe(Code.OK)
    const before = allFiles()

    const res = await upload(me, pngBytes(), 'c.png')

    expect(res.status).toBe(429)
    expect(res.body).toEqual(quotaMessage(2, '8GB'))
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(2)
    expect((await upload(other, pngBytes(), 'd.png')).body.code).toBe(Code.OK)
  })

  test('refuses an upload past the quota before reading its body: no temp file, answer while most is unsent', async () => {
    Object.assign(dailyUploadQuota, { files: 1 })
    const me = await createSignedInMember()
    expect((await upload(me, pngBytes(), 'first.png')).body.code).toBe(Code.OK)
    const before = allFiles()
    const server = await listening()
    try {
      const slow = slowUpload(server.port, me.auth, { declared: 50 * MB, first: pngOfSize(256 * 1024) })

      const answer = await slow.answer

      expect(answer.status).toBe(429)
      expect(answer.body).toEqual(quotaMessage(1, '8GB'))
      // The answer came with 256 KB of a declared 50 MB sent: the body was never waited for.
      expect(slow.sentBytes()).toBeLessThan(MB)
      expect(allFiles()).toEqual(before)
      slow.abort()
    } finally {
      await server.close()
    }
  })

  test('what is left of the byte quota is the size limit: a bigger file is cut off with 413 naming it', async () => {
    const me = await createSignedInMember()
    expect((await upload(me, pngOfSize(0.6 * MB), 'a.png')).body.code).toBe(Code.OK)
    Object.assign(dailyUploadQuota, { bytes: 1 * MB })
    const left = 1 * MB - Math.floor(0.6 * MB) // pngOfSize rounds nothing: the first file weighs this
    const before = allFiles()

    const over = await upload(me, pngOfSize(left + 1), 'b.png')

    expect(over.status).toBe(413)
    expect(over.body).toEqual(failure(Code.TOO_LARGE, `文件过大：24 小时内您还可上传 ${Math.floor(left / 1024)}KB`))
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(1)
    expect((await upload(me, pngOfSize(left), 'exact.png')).body).toMatchObject({ code: Code.OK, data: { size: left } })
    expect((await upload(me, pngBytes(), 'full.png')).body).toEqual(quotaMessage(100, '1MB'))
  })

  test('counts only the last 24 hours', async () => {
    Object.assign(dailyUploadQuota, { files: 1 })
    const me = await createSignedInMember()
    expect((await upload(me, pngBytes(), 'a.png')).body.code).toBe(Code.OK)
    expect((await upload(me, pngBytes(), 'b.png')).body.code).toBe(Code.RATE_LIMITED)

    await prisma.upload.updateMany({ where: { memberId: me.member.id }, data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) } })

    expect((await upload(me, pngBytes(), 'c.png')).body.code).toBe(Code.OK)
  })

  test('storing checks the quota again in the database: parallel stores cannot slip past it together', async () => {
    Object.assign(dailyUploadQuota, { files: 3 })
    const me = await createSignedInMember()
    // Straight to the service, as requests that all passed the pipeline's budget at once would arrive.
    fs.mkdirSync(uploadTempDir(), { recursive: true })
    const temps = Array.from({ length: 8 }, (_, i) => {
      const file = path.join(uploadTempDir(), `parallel-${process.pid}-${i}`)
      fs.writeFileSync(file, pngBytes())
      return file
    })
    const before = allFiles().filter((file) => !file.startsWith('.tmp'))

    const results = await Promise.allSettled(
      temps.map((tempPath, i) => storeUpload({ tempPath, originalName: `p${i}.png`, memberId: me.member.id, allowed: ['image'] })),
    )

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []))
    expect(refusals).toEqual(Array(5).fill('24 小时内最多上传 3 个文件、共 8GB，请稍后再试'))
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(3)
    // The refused ones left neither file nor row behind (each stored picture has its three WebP copies).
    expect(allFiles().filter((file) => !file.startsWith('.tmp'))).toHaveLength(before.length + 3 * 4)
    for (const file of temps) fs.rmSync(file, { force: true })
  })
})

describe('upload admission: parallel uploads and disk room', () => {
  test('a third upload while two are in flight is refused at once; every way an upload ends frees its slot', async () => {
    const me = await createSignedInMember()
    const server = await listening()
    try {
      const first = slowUpload(server.port, me.auth, { declared: 2 * MB, first: pngOfSize(64 * 1024) })
      const second = slowUpload(server.port, me.auth, { declared: 2 * MB, first: pngOfSize(64 * 1024) })
      await until(() => allFiles().filter((file) => file.startsWith('.tmp')).length === 2)

      const third = await upload(me, pngBytes(), 'third.png')

      expect(third.status).toBe(429)
      expect(third.body).toEqual(failure(Code.RATE_LIMITED, '最多同时上传 2 个文件，请等待当前上传完成后再试'))
      // Another member is not held up by this one.
      expect((await upload(await createSignedInMember(), pngBytes(), 'other.png')).body.code).toBe(Code.OK)

      // One finishes, one is abandoned mid-body: both slots come back.
      first.finish()
      expect((await first.answer).body.code).toBe(Code.OK)
      second.abort()
      await until(async () => (await upload(me, pngBytes(), 'after.png')).body.code === Code.OK)
      // Refused uploads free their slot too: three failures in a row, then a success.
      for (let i = 0; i < 3; i++) expect((await upload(me, Buffer.from('纯文本'), 'x.txt')).body.code).toBe(Code.UNSUPPORTED)
      expect((await upload(me, pngBytes(), 'last.png')).body.code).toBe(Code.OK)
    } finally {
      await server.close()
    }
  })

  test('refuses uploads with 503 while the upload disk has less free space than /readyz requires', async () => {
    const me = await createSignedInMember()
    const before = allFiles()
    uploadDiskFloor.bytes = Number.MAX_SAFE_INTEGER

    const res = await upload(me, pngBytes(), 'full-disk.png')

    expect(res.status).toBe(503)
    expect(res.body).toEqual(failure(Code.UNAVAILABLE, '服务器存储空间不足，暂时无法上传文件，请稍后再试'))
    expect(allFiles()).toEqual(before)
    expect(await prisma.upload.count({ where: { memberId: me.member.id } })).toBe(0)
    uploadDiskFloor.bytes = defaultDiskFloor
    expect((await upload(me, pngBytes(), 'room.png')).body.code).toBe(Code.OK)
  })
})

describe('uploads too big to wait for', () => {
  test('refuses an upload declared far over the limit at once, with a few KB sent, and closes the connection', async () => {
    const me = await createSignedInMember()
    const before = allFiles()
    const server = await listening()
    try {
      const started = performance.now()
      const slow = slowUpload(server.port, me.auth, { declared: 1000 * MB, first: pngOfSize(4096) })

      const answer = await slow.answer

      expect(performance.now() - started).toBeLessThan(1000)
      expect(answer).toEqual({
        status: 413,
        connection: 'close',
        body: failure(Code.TOO_LARGE, '文件过大：图片不超过 5MB，文档不超过 20MB'),
      })
      expect(slow.sentBytes()).toBeLessThan(8192)
      slow.abort()
      expect(allFiles()).toEqual(before)
      // The refusal freed its upload slot.
      expect((await upload(me, pngBytes(), 'after.png')).body.code).toBe(Code.OK)
    } finally {
      await server.close()
    }
  })

  test('refuses a chunked upload as soon as it passes the limit, long before its end, and keeps nothing', async () => {
    const me = await createSignedInMember()
    uploadLimits.image = 1 * MB
    uploadLimits.document = 1 * MB
    const before = allFiles()
    const server = await listening()
    try {
      const started = performance.now()

      const answer = await chunkedUpload(server.port, me.auth, 20 * MB)

      expect(performance.now() - started).toBeLessThan(1000)
      expect(answer).toMatchObject({
        status: 413,
        connection: 'close',
        body: failure(Code.TOO_LARGE, '文件过大：图片不超过 1MB，文档不超过 1MB'),
      })
      expect(answer.sentBytes).toBeGreaterThan(MB)
      expect(answer.sentBytes).toBeLessThan(20 * MB)
      // multer removes its temp file once the connection has closed.
      await until(() => allFiles().length === before.length)
      expect(allFiles()).toEqual(before)
      expect((await upload(me, pngBytes(), 'after.png')).body.code).toBe(Code.OK)
    } finally {
      await server.close()
    }
  })

  test('an upload a little over the limit is refused before it is read, yet an ordinary fetch client gets the answer', async () => {
    const me = await createSignedInMember()
    uploadLimits.image = 1 * MB
    uploadLimits.document = 1 * MB
    const server = await listening()
    try {
      const form = new FormData()
      form.append('file', new Blob([pngOfSize(3 * MB)]), 'big.png')

      const res = await fetch(`http://127.0.0.1:${server.port}/api/Member/uploads`, {
        method: 'POST',
        body: form,
        headers: { Authorization: me.auth },
      })

      expect(res.status).toBe(413)
      expect(await res.json()).toEqual(failure(Code.TOO_LARGE, '文件过大：图片不超过 1MB，文档不超过 1MB'))
      expect(res.headers.get('connection')).not.toBe('close')
    } finally {
      await server.close()
    }
  })
})

describe('GET /uploads/...', () => {
  test('serves a stored image with its safe type, nosniff and a sandbox', async () => {
    const me = await createSignedInMember()
    const stored = await upload(me, pngBytes(), 'shown.png')

    const res = await api().get(stored.body.data.previewUrl)

    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain('sandbox')
  })

  test('serves documents as downloads and never temp files', async () => {
    const me = await createSignedInMember()
    const doc = await upload(me, docxBytes(), 'report.docx')

    const res = await api().get(doc.body.data.previewUrl)
    const temp = await api().get('/uploads/.tmp/anything')

    expect(res.headers['content-disposition']).toBe('attachment')
    expect(temp.status).toBe(404)
  })

  test('an upload used by nothing yet is private: 404 by its plain URL, private and unstored by its signed URL', async () => {
    const me = await createSignedInMember()
    const stored = (await upload(me, pngBytes(), 'private.png')).body.data

    const plain = await api().get(stored.url)
    const signed = await api().get(stored.previewUrl)

    expect(stored.previewUrl).toMatch(new RegExp(`^${stored.url}\\?expires=\\d+&sig=[\\w-]{43}$`))
    expect([plain.status, plain.text]).toEqual([404, '文件不存在'])
    expect(signed.status).toBe(200)
    expect(signed.headers['cache-control']).toBe('private, no-store')
    expect(Buffer.from(signed.body)).toEqual(pngBytes())
  })

  test('refuses a tampered, borrowed or expired signature, and other spellings of a private path', async () => {
    const me = await createSignedInMember()
    const mine = (await upload(me, pngBytes(), 'mine.png')).body.data
    const other = (await upload(me, pngBytes(), 'other.png')).body.data
    const [, query] = mine.previewUrl.split('?')
    const params = new URLSearchParams(query)
    const flipped = `${params.get('sig')!.slice(0, -1)}${params.get('sig')!.endsWith('A') ? 'B' : 'A'}`
    const relative = mine.url.slice('/uploads/'.length)

    const attempts = [
      `${mine.url}?expires=${params.get('expires')}&sig=${flipped}`,
      `${mine.url}?expires=${Number(params.get('expires')) + 3600}&sig=${params.get('sig')}`,
      `${other.url}?${query}`,
      `${mine.url}?sig=${params.get('sig')}`,
      `/uploads/%3${relative.slice(0, 1)}${relative.slice(1)}`,
      `/uploads//${relative}`,
      `/uploads/./${relative}`,
      `/uploads/seed/../${relative}`,
    ]
    for (const url of attempts) expect([url, (await api().get(url)).status]).toEqual([url, 404])

    clock.now = () => Date.now() + 3 * 3600 * 1000
    try {
      expect((await api().get(mine.previewUrl)).status).toBe(404)
    } finally {
      clock.now = () => Date.now()
    }
    expect((await api().get(mine.previewUrl)).status).toBe(200)
  })

  test('an avatar is public once saved as one; seed files without a row stay public and cacheable', async () => {
    const me = await createSignedInMember()
    const avatar = (await upload(me, pngBytes(), 'face.png', { kind: 'image' })).body.data
    expect((await api().get(avatar.url)).status).toBe(404)
    fs.mkdirSync(path.join(uploadDir, 'seed', 'teacher'), { recursive: true })
    fs.writeFileSync(path.join(uploadDir, 'seed', 'teacher', 'demo.png'), pngBytes())

    await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ avatar: avatar.url }).expect(200)
    const face = await api().get(avatar.url)
    const seed = await api().get('/uploads/seed/teacher/demo.png')

    expect([face.status, face.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
    expect([seed.status, seed.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
  })

  test('a member file whose row is gone is served to no one', async () => {
    const me = await createSignedInMember()
    const stored = (await upload(me, pngBytes(), 'orphan.png')).body.data
    await prisma.upload.delete({ where: { id: stored.id } })

    expect((await api().get(stored.url)).status).toBe(404)
    expect((await api().get(stored.previewUrl)).status).toBe(404)
  })
})

describe('responsive copies of pictures', () => {
  const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .toFormat(format)
      .toBuffer()
  const stored = (url: string) => path.join(uploadDir, url.slice('/uploads/'.length))
  const widthOf = async (file: string) => (await sharp(file).metadata()).width

  test('a picture gets one WebP per width beside it, never wider than the original, and its size recorded', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, await photo(1200, 500, 'jpeg'), 'wide.jpg')

    expect(res.body).toMatchObject({ code: Code.OK, data: { width: 1200, height: 500 } })
    const { url } = res.body.data
    expect(await Promise.all(VARIANT_WIDTHS.map((width) => widthOf(stored(variantUrl(url, width)))))).toEqual([480, 960, 1200])
    expect((await sharp(stored(variantUrl(url, 480))).metadata()).format).toBe('webp')
    expect(await prisma.upload.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({ width: 1200, height: 500 })
  })

  test('GIFs, pictures that cannot be decoded and documents are stored without copies', async () => {
    const me = await createSignedInMember()
    for (const [bytes, name] of [
      [gifBytes(), 'anim.gif'],
      [jpgBytes(), 'broken.jpg'],
      [pdfBytes(), 'paper.pdf'],
    ] as const) {
      const res = await upload(me, bytes, name)
      expect(res.body.code).toBe(Code.OK)
      expect(fs.existsSync(stored(variantUrl(res.body.data.url, 480)))).toBe(false)
    }
  })

  test('a public copy is served as cacheable WebP, a copy not made yet answers with its original; a private file’s copies are not found', async () => {
    const me = await createSignedInMember()
    const { id, url } = (await upload(me, await photo(600, 400), 'public.png')).body.data
    const hidden = (await upload(me, await photo(600, 400), 'hidden.png')).body.data

    expect((await api().get(variantUrl(hidden.url, 480))).status).toBe(404)
    await prisma.upload.update({ where: { id }, data: { isPublic: true } })
    const copy = await api().get(variantUrl(url, 480))
    expect([copy.status, copy.headers['content-type'], copy.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'public, max-age=2592000',
    ])
    fs.rmSync(stored(variantUrl(url, 960)))
    const fallback = await api().get(variantUrl(url, 960))
    expect([fallback.status, fallback.headers['content-type'], fallback.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'public, max-age=3600',
    ])
    expect((await api().get(`${url}.w123.webp`)).status).toBe(404)
  })

  test('npm run media:variants makes missing copies and records missing sizes, once', async () => {
    const me = await createSignedInMember()
    const { id, url } = (await upload(me, await photo(800, 450), 'older.png')).body.data
    for (const width of VARIANT_WIDTHS) fs.rmSync(stored(variantUrl(url, width)))
    await prisma.upload.update({ where: { id }, data: { width: null, height: null } })

    const first = await backfillVariants()
    const second = await backfillVariants()

    expect(first.made).toBeGreaterThanOrEqual(1)
    expect(await Promise.all(VARIANT_WIDTHS.map((width) => widthOf(stored(variantUrl(url, width)))))).toEqual([480, 800, 800])
    expect(await prisma.upload.findUniqueOrThrow({ where: { id } })).toMatchObject({ width: 800, height: 450 })
    expect(second.made).toBe(0)
  })

  test('a video is served by byte range, as players seek', async () => {
    const me = await createSignedInMember()
    const bytes = mp4Bytes(4096)
    const { previewUrl } = (await upload(me, bytes, 'clip.mp4', { path: '/api/Teacher/upload' })).body.data

    const part = await api().get(previewUrl).set('Range', 'bytes=100-199')
    const beyond = await api().get(previewUrl).set('Range', 'bytes=999999-')

    expect([part.status, part.headers['content-range'], part.headers['content-length']]).toEqual([
      206,
      `bytes 100-199/${bytes.length}`,
      '100',
    ])
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${bytes.length}`])
  })
})

describe('sweeping unused uploads', () => {
  const DAY = 24 * 3600 * 1000
  const age = (id: number, ms: number) => prisma.upload.update({ where: { id }, data: { createdAt: new Date(Date.now() - ms) } })

  test('removes an unused upload older than a day, row and file; keeps used, young and seed files', async () => {
    const me = await createSignedInMember()
    const stored = async (name: string, bytes = pngBytes(), kind?: string) =>
      (await upload(me, bytes, name, { path: '/api/Teacher/upload', kind })).body.data as { id: number; url: string }
    const unused = await stored('unused.png')
    const young = await stored('young.png')
    const attached = await stored('attached.png')
    const avatar = await stored('avatar.png')
    const video = await stored('video.mp4', mp4Bytes(2048))
    const cover = await stored('cover.png')
    const inContent = await stored('figure.png')
    const teacher = await createTeacher()
    await api()
      .post('/api/Member/addContribution')
      .set('Authorization', me.auth)
      .send({ title: '附件', kind: 'viewpoint', content: `<p>正文</p><img src="${inContent.url}">`, attachmentIds: [attached.id] })
      .expect(200)
    await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ avatar: avatar.url }).expect(200)
    await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .send({ teacherId: teacher.id, title: '视频', videoUploadId: video.id, coverUploadId: cover.id })
      .expect(200)
    for (const { id } of [unused, attached, avatar, video, cover, inContent]) await age(id, 2 * DAY)
    await age(young.id, DAY / 2)
    fs.mkdirSync(path.join(uploadDir, 'seed'), { recursive: true })
    fs.writeFileSync(path.join(uploadDir, 'seed', 'kept.png'), pngBytes())
    fs.mkdirSync(uploadTempDir(), { recursive: true })
    const staleTemp = path.join(uploadTempDir(), `stale-${process.pid}`)
    fs.writeFileSync(staleTemp, 'half an upload')
    fs.utimesSync(staleTemp, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY))
    const onDisk = (url: string) => fs.existsSync(path.join(uploadDir, url.slice('/uploads/'.length)))

    const result = await sweepUnusedUploads()

    expect(result.uploads).toBeGreaterThanOrEqual(1)
    expect(result.tempFiles).toBeGreaterThanOrEqual(1)
    expect(await prisma.upload.findUnique({ where: { id: unused.id } })).toBeNull()
    expect(onDisk(unused.url)).toBe(false)
    // Its responsive copies go with it.
    expect(onDisk(`${unused.url}.w480.webp`)).toBe(false)
    expect(onDisk(`${young.url}.w480.webp`)).toBe(true)
    expect(fs.existsSync(staleTemp)).toBe(false)
    for (const kept of [young, attached, avatar, video, cover, inContent]) {
      expect(await prisma.upload.findUnique({ where: { id: kept.id } })).not.toBeNull()
      expect(onDisk(kept.url)).toBe(true)
    }
    expect(fs.existsSync(path.join(uploadDir, 'seed', 'kept.png'))).toBe(true)
  })

  test('the sweep started with the server runs on its own and stops when asked', async () => {
    const me = await createSignedInMember()
    const unused = (await upload(me, pngBytes(), 'timer.png')).body.data
    await age(unused.id, 2 * DAY)

    const stop = startUploadSweep(50)
    try {
      await until(async () => (await prisma.upload.findUnique({ where: { id: unused.id } })) === null)
    } finally {
      stop()
    }
  })
})

describe('POST /api/Teacher/upload', () => {
  test('accepts an mp4 video by content', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, mp4Bytes(4096), 'lecture.mp4', { path: '/api/Teacher/upload' })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { kind: 'video', mime: 'video/mp4', url: expect.stringMatching(/\.mp4$/), size: 4096 },
    })
  })

  test('refuses a video over the video limit', async () => {
    const me = await createSignedInMember()
    uploadLimits.video = 1 * MB
    const before = allFiles()

    const res = await upload(me, mp4Bytes(MB + 1), 'long.mp4', { path: '/api/Teacher/upload' })

    expect(res.status).toBe(413)
    expect(res.body.code).toBe(Code.TOO_LARGE)
    expect(allFiles()).toEqual(before)
  })

  test('refuses a script dressed as a video', async () => {
    const me = await createSignedInMember()

    const res = await upload(me, Buffer.from('#!/bin/sh\necho hi\n'), 'lecture.mp4', {
      path: '/api/Teacher/upload',
      contentType: 'video/mp4',
    })

    expect(res.body).toEqual(
      failure(Code.UNSUPPORTED, '不支持的文件类型，仅支持图片（jpg、png、webp、gif）、文档（pdf、doc、docx）、视频（mp4）'),
    )
  })
})

describe('POST /api/Teacher/addTeacherVideo', () => {
  test('files a member video for a teacher as pending', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    const video = await upload(me, mp4Bytes(2048), 'talk.mp4', { path: '/api/Teacher/upload' })
    const cover = await upload(me, pngBytes(), 'cover.png', { path: '/api/Teacher/upload' })

    const res = await api().post('/api/Teacher/addTeacherVideo').set('Authorization', me.auth).send({
      teacherId: teacher.id,
      title: ' 公开课 ',
      intro: '简介',
      videoUploadId: video.body.data.id,
      coverUploadId: cover.body.data.id,
    })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: expect.any(Number), status: 'pending', statusText: '待审核' } })
    expect(await prisma.teacherVideo.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      teacherId: teacher.id,
      memberId: me.member.id,
      title: '公开课',
      intro: '简介',
      videoUrl: video.body.data.url,
      cover: cover.body.data.url,
      status: 'pending',
    })
  })

  test('the member follows their own submissions in Member/myTeacherVideo, never another member’s', async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const teacher = await createTeacher()
    const video = await upload(me, mp4Bytes(2048), 'talk.mp4', { path: '/api/Teacher/upload' })
    const filed = await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .send({ teacherId: teacher.id, title: '我的公开课', videoUploadId: video.body.data.id })
    await prisma.teacherVideo.update({ where: { id: filed.body.data.id }, data: { status: 'rejected', reviewNote: '画面不清晰' } })

    const mine = await api().post('/api/Member/myTeacherVideo').set('Authorization', me.auth).send({})
    const theirs = await api().post('/api/Member/myTeacherVideo').set('Authorization', other.auth).send({})

    expect(mine.body.data).toMatchObject({ total: 1, page: 1, limit: 10 })
    expect(mine.body.data.list).toEqual([
      {
        id: filed.body.data.id,
        title: '我的公开课',
        cover_img: '',
        // Private until approved: the member watches it through a signed URL.
        videoUrl: expect.stringMatching(new RegExp(`^${video.body.data.url}\\?expires=\\d+&sig=`)),
        status: 'rejected',
        statusText: '未通过',
        reviewNote: '画面不清晰',
        reviewedAt: null,
        createdAt: expect.any(String),
        teacher: { id: teacher.id, name: teacher.name },
        // Its streaming copy was asked for on submission; no worker runs in tests.
        stream: { state: 'queued', percent: 0 },
      },
    ])
    expect(theirs.body.data).toMatchObject({ list: [], total: 0 })
    expect((await api().post('/api/Member/myTeacherVideo').send({})).body.code).toBe(Code.NEED_LOGIN)
    expect((await api().get(mine.body.data.list[0].videoUrl)).status).toBe(200)
    expect((await api().get(video.body.data.url)).status).toBe(404)
  })

  test('refuses a sixth video while five wait for review, and an eleventh in 24 hours', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    const video = (await upload(me, mp4Bytes(), 'v.mp4', { path: '/api/Teacher/upload' })).body.data
    const file = (title: string) =>
      api()
        .post('/api/Teacher/addTeacherVideo')
        .set('Authorization', me.auth)
        .send({ teacherId: teacher.id, title, videoUploadId: video.id })
    for (let i = 0; i < 5; i++) expect((await file(`待审${i}`)).body.code).toBe(Code.OK)

    const sixth = await file('第六个')

    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual(failure(Code.RATE_LIMITED, '您已有 5 个视频正在等待审核，请审核后再提交'))
    expect(await prisma.teacherVideo.count({ where: { memberId: me.member.id } })).toBe(5)

    // Reviewed ones no longer wait, but still count toward the day.
    await prisma.teacherVideo.updateMany({ where: { memberId: me.member.id }, data: { status: 'rejected' } })
    for (let i = 0; i < 5; i++) expect((await file(`再投${i}`)).body.code).toBe(Code.OK)
    await prisma.teacherVideo.updateMany({ where: { memberId: me.member.id }, data: { status: 'approved' } })
    expect((await file('第十一个')).body).toEqual(failure(Code.RATE_LIMITED, '24 小时内最多提交 10 个视频，请稍后再试'))
    expect(await prisma.teacherVideo.count({ where: { memberId: me.member.id } })).toBe(10)

    await prisma.teacherVideo.updateMany({
      where: { memberId: me.member.id },
      data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
    })
    expect((await file('第二天')).body.code).toBe(Code.OK)
  })

  test('parallel submissions cannot pass the pending cap together', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    const video = (await upload(me, mp4Bytes(), 'v.mp4', { path: '/api/Teacher/upload' })).body.data

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api()
          .post('/api/Teacher/addTeacherVideo')
          .set('Authorization', me.auth)
          .send({ teacherId: teacher.id, title: `并发${i}`, videoUploadId: video.id }),
      ),
    )

    expect(answers.filter((res) => res.body.code === Code.OK)).toHaveLength(5)
    expect(answers.filter((res) => res.body.code === Code.RATE_LIMITED)).toHaveLength(3)
    expect(await prisma.teacherVideo.count({ where: { memberId: me.member.id } })).toBe(5)
  })

  test.each([
    ['another member’s video', 'theirs', '视频文件不存在，请先上传 mp4 视频'],
    ['an image as the video', 'image', '视频文件不存在，请先上传 mp4 视频'],
    ['a video as the cover', 'videoCover', '封面图片不存在，请先上传图片'],
  ])('refuses %s', async (_name, variant, msg) => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const teacher = await createTeacher()
    const mine = await upload(me, mp4Bytes(), 'mine.mp4', { path: '/api/Teacher/upload' })
    const theirs = await upload(other, mp4Bytes(), 'theirs.mp4', { path: '/api/Teacher/upload' })
    const image = await upload(me, pngBytes(), 'pic.png', { path: '/api/Teacher/upload' })
    const body = {
      theirs: { videoUploadId: theirs.body.data.id },
      image: { videoUploadId: image.body.data.id },
      videoCover: { videoUploadId: mine.body.data.id, coverUploadId: mine.body.data.id },
    }[variant]

    const res = await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .send({ teacherId: teacher.id, title: '视频', ...body })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.teacherVideo.count({ where: { memberId: me.member.id } })).toBe(0)
  })

  test('refuses an unknown teacher and bad parameters', async () => {
    const me = await createSignedInMember()
    const video = await upload(me, mp4Bytes(), 'v.mp4', { path: '/api/Teacher/upload' })

    const unknown = await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .send({ teacherId: 99_999_999, title: '视频', videoUploadId: video.body.data.id })
    const untitled = await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .send({ teacherId: 1, title: ' ', videoUploadId: video.body.data.id })
    const broken = await api()
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', me.auth)
      .set('Content-Type', 'application/json')
      .send('{"teacherId":')

    expect(unknown.body).toEqual(failure(Code.NOT_FOUND, '名师不存在或已下架'))
    expect(untitled.body).toEqual(failure(Code.BAD_PARAMS, '请输入视频标题'))
    expect(broken.body).toEqual(failure(Code.BAD_PARAMS, '请求数据格式错误，请提交合法的 JSON'))
    expect(await prisma.teacherVideo.count({ where: { memberId: me.member.id } })).toBe(0)
  })
})
