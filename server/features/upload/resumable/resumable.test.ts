// Resumable (tus) uploads against the real app and database: who may start one and how large, the
// first bytes judged as they arrive, other members kept out, a cut connection resumed, completion
// once, cancellation and the sweep of abandoned uploads. One journey uses tus-js-client itself.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import * as tus from 'tus-js-client'
import { RESUMABLE_UPLOAD_PATH } from '../../../../common/resumable-upload'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { env } from '../../../env'
import { Code } from '../../../lib/api-error'
import { clock } from '../../../lib/clock'
import { uploadLimits } from '../../../lib/uploads'
import { createTeacher } from '../../../test/factories'
import { createSignedInMember, mp4Bytes, pdfBytes } from '../../../test/member-factories'
import request from '../../../test/request'
import { startServerProcess } from '../../../test/server-process'
import { envelopeOf, keyOf, TUS_HEADERS, tusRequests } from '../../../test/tus-requests'
import { dailyUploadQuota } from '../upload.types'
import { sweepAbandonedResumable, UNFINISHED_UPLOADS_PER_MEMBER } from '../resumable.service'
import { HEAD_BYTES } from './head-check'

const app = createApp()
const MB = 1024 * 1024

const defaultQuota = { ...dailyUploadQuota }
afterEach(() => {
  Object.assign(dailyUploadQuota, defaultQuota)
})

/** Where the local store keeps an upload's bytes (its record is beside them, `<key>.json`). */
const stagedPath = (key: string) => path.join(env.UPLOAD_DIR, '.resumable', key)

const { create, patch, head, complete } = tusRequests(app)

describe('starting a resumable upload', () => {
  test('a member starts one: 201 with its address, and a row that says whose it is', async () => {
    const { auth, member } = await createSignedInMember()
    const res = await create(auth, 1000)
    expect(res.status).toBe(201)
    const key = keyOf(res.headers.location)
    expect(res.headers.location).toBe(`${RESUMABLE_UPLOAD_PATH}${key}`)
    const row = await prisma.resumableUpload.findUnique({ where: { id: key } })
    expect(row).toMatchObject({ memberId: member.id, purpose: 'teacher-video', originalName: '第一讲.mp4', uploadId: null })
    expect(Number(row!.size)).toBe(1000)
  })

  test.each([
    ['without a token', null, 1000, {}, 401, '请先登录'],
    ['without a size', 'member', null, {}, 400, '请在开始上传时告知文件大小'],
    ['over the limit', 'member', 4 * 1024 ** 3 + 1, {}, 413, '视频不能超过 4GB'],
    ['with an unknown purpose', 'member', 1000, { purpose: 'avatar' }, 400, '上传用途不正确'],
    ['for the media library by a member', 'member', 1000, { purpose: 'media' }, 403, '仅管理员、编辑和发布员可以管理媒体库'],
    ['with a path in the name', 'member', 1000, { filename: '../../etc/passwd' }, 400, '文件名不合法'],
  ])('refused %s, before any byte, with the envelope', async (_case, who, size, fields, status, msg) => {
    const { auth } = await createSignedInMember()
    const before = await prisma.resumableUpload.count()
    const res = await create(who ? auth : null, size, fields)
    expect(res.status).toBe(status)
    expect(envelopeOf(res).msg).toContain(msg)
    expect(await prisma.resumableUpload.count()).toBe(before)
  })

  test('an editor may upload to the media library', async () => {
    const { auth } = await createSignedInMember({ role: 'editor' })
    expect((await create(auth, 1000, { purpose: 'media' })).status).toBe(201)
  })

  test(`at most ${UNFINISHED_UPLOADS_PER_MEMBER} unfinished uploads per member, even when started at once`, async () => {
    const { auth } = await createSignedInMember()
    const answers = await Promise.all(Array.from({ length: UNFINISHED_UPLOADS_PER_MEMBER + 3 }, () => create(auth, 1000)))
    expect(answers.filter((res) => res.status === 201)).toHaveLength(UNFINISHED_UPLOADS_PER_MEMBER)
    const refused = answers.filter((res) => res.status !== 201)
    expect(refused.map((res) => envelopeOf(res).code)).toEqual(Array(3).fill(Code.RATE_LIMITED))
    expect(envelopeOf(refused[0]).msg).toBe(`最多同时进行 ${UNFINISHED_UPLOADS_PER_MEMBER} 个上传，请等待当前上传完成或取消后再试`)
  })

  test('unfinished uploads count against the daily quota', async () => {
    const { auth } = await createSignedInMember()
    Object.assign(dailyUploadQuota, { bytes: 3 * MB })
    expect((await create(auth, 2 * MB)).status).toBe(201)
    const res = await create(auth, 2 * MB)
    expect(res.status).toBe(429)
    expect(envelopeOf(res).msg).toBe('文件过大：24 小时内您还可上传 1MB')
  })
})

describe('sending the bytes', () => {
  test('a file that is not a video is refused with its first chunk and removed', async () => {
    const { auth } = await createSignedInMember()
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(HEAD_BYTES * 2)])
    const key = keyOf((await create(auth, pdf.length)).headers.location)
    const res = await patch(auth, key, 0, pdf)
    expect(res.status).toBe(415)
    expect(envelopeOf(res)).toEqual({ code: Code.UNSUPPORTED, msg: '不支持的文件类型，仅支持视频（mp4）', data: null })
    expect(await prisma.resumableUpload.findUnique({ where: { id: key } })).toBeNull()
    expect(fs.existsSync(stagedPath(key))).toBe(false)
  })

  test('the type is judged across chunks when the first is shorter than a signature', async () => {
    const { auth } = await createSignedInMember()
    const video = mp4Bytes(HEAD_BYTES + 500)
    const key = keyOf((await create(auth, video.length)).headers.location)
    expect((await patch(auth, key, 0, video.subarray(0, 10))).status).toBe(204)
    expect((await patch(auth, key, 10, video.subarray(10))).headers['upload-offset']).toBe(String(video.length))
  })

  test("another member's upload answers 404 to every request, and nothing changes", async () => {
    const owner = await createSignedInMember()
    const other = await createSignedInMember()
    const video = mp4Bytes(5000)
    const key = keyOf((await create(owner.auth, video.length)).headers.location)
    expect((await patch(owner.auth, key, 0, video.subarray(0, 2000))).status).toBe(204)
    for (const res of [await head(other.auth, key), await patch(other.auth, key, 2000, video.subarray(2000))]) {
      expect(res.status).toBe(404)
    }
    const cancel = await request(app).delete(`${RESUMABLE_UPLOAD_PATH}${key}`).set(TUS_HEADERS).set('Authorization', other.auth)
    expect(envelopeOf(cancel)).toEqual({ code: Code.NOT_FOUND, msg: '上传不存在或已过期，请重新选择文件上传', data: null })
    expect((await head(owner.auth, key)).headers['upload-offset']).toBe('2000')
    expect(await complete(other.auth, key).then((res) => res.body.code)).toBe(Code.NOT_FOUND)
  })

  test('reading an upload back is not offered', async () => {
    const { auth } = await createSignedInMember()
    const key = keyOf((await create(auth, 100)).headers.location)
    const res = await request(app).get(`${RESUMABLE_UPLOAD_PATH}${key}`).set('Authorization', auth)
    expect(res.status).toBe(405)
  })
})

describe('completing', () => {
  test('only once every byte is there; then the file is a stored upload, answered the same on a second call', async () => {
    const { auth, member } = await createSignedInMember()
    const video = mp4Bytes(9000)
    const key = keyOf((await create(auth, video.length)).headers.location)
    await patch(auth, key, 0, video.subarray(0, 5000))
    expect((await complete(auth, key)).body).toEqual({ code: Code.EXISTS, msg: '文件尚未上传完成，请继续上传', data: null })

    await patch(auth, key, 5000, video.subarray(5000))
    const first = await complete(auth, key)
    expect(first.body).toMatchObject({ code: Code.OK, data: { kind: 'video', mime: 'video/mp4', size: 9000, name: '第一讲.mp4' } })
    const again = await complete(auth, key)
    expect(again.body.data.id).toBe(first.body.data.id)
    expect(await prisma.upload.count({ where: { memberId: member.id } })).toBe(1)
    expect([fs.existsSync(stagedPath(key)), fs.existsSync(`${stagedPath(key)}.json`)]).toEqual([false, false])

    // The stored video is what addTeacherVideo takes, as from the multipart Teacher/upload.
    const teacher = await createTeacher()
    const submitted = await request(app)
      .post('/api/Teacher/addTeacherVideo')
      .set('Authorization', auth)
      .send({ teacherId: teacher.id, title: '课堂实录', videoUploadId: first.body.data.id })
    expect(submitted.body.code).toBe(Code.OK)
  })

  test('an upload over the video limit set after it started is refused at completion, and its bytes go', async () => {
    const { auth } = await createSignedInMember()
    const video = mp4Bytes(3000)
    const key = keyOf((await create(auth, video.length)).headers.location)
    await patch(auth, key, 0, video)
    const limit = uploadLimits.video
    uploadLimits.video = 1000
    onTestFinished(() => {
      uploadLimits.video = limit
    })
    expect((await complete(auth, key)).body.code).toBe(Code.TOO_LARGE)
    expect(fs.existsSync(stagedPath(key))).toBe(false)
  })

  test('a key that was never issued', async () => {
    const { auth } = await createSignedInMember()
    expect((await complete(auth, 'AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual({
      code: Code.NOT_FOUND,
      msg: '上传不存在或已过期，请重新选择文件上传',
      data: null,
    })
    expect((await complete(auth, '../x')).body.code).toBe(Code.BAD_PARAMS)
  })
})

describe('cancelling and abandoning', () => {
  test('a cancelled upload (DELETE) loses its bytes and its row, and frees its place', async () => {
    const { auth } = await createSignedInMember()
    const key = keyOf((await create(auth, 5000)).headers.location)
    await patch(auth, key, 0, mp4Bytes(5000).subarray(0, 4500))
    const res = await request(app).delete(`${RESUMABLE_UPLOAD_PATH}${key}`).set(TUS_HEADERS).set('Authorization', auth)
    expect(res.status).toBe(204)
    await expect.poll(() => prisma.resumableUpload.findUnique({ where: { id: key } })).toBeNull()
    expect(fs.existsSync(stagedPath(key))).toBe(false)
  })

  test('an upload without a byte for the configured hours is swept, a recent one stays', async () => {
    const { auth } = await createSignedInMember()
    const stale = keyOf((await create(auth, 5000)).headers.location)
    const fresh = keyOf((await create(auth, 5000)).headers.location)
    await prisma.resumableUpload.update({ where: { id: stale }, data: { lastActivityAt: new Date(clock.now() - 25 * 3600_000) } })
    await sweepAbandonedResumable()
    expect(await prisma.resumableUpload.findUnique({ where: { id: stale } })).toBeNull()
    expect(fs.existsSync(stagedPath(stale))).toBe(false)
    expect(await prisma.resumableUpload.findUnique({ where: { id: fresh } })).not.toBeNull()
    expect(fs.existsSync(stagedPath(fresh))).toBe(true)
  })
})

describe('with tus-js-client', () => {
  /** An app on a real port, as after a start of the server; closed when the test ends. */
  async function serving() {
    const server = createApp().listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    onTestFinished(() => {
      server.closeAllConnections()
      server.close()
    })
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}${RESUMABLE_UPLOAD_PATH}`
  }

  test('stopped halfway and resumed against a restarted server, it sends only the rest under the same key', async () => {
    const { auth, member } = await createSignedInMember()
    const video = mp4Bytes(600_000)
    const options = {
      chunkSize: 100_000,
      retryDelays: [0, 50],
      headers: { Authorization: auth },
      metadata: { filename: '长视频.mp4', filetype: 'video/mp4', purpose: 'teacher-video' },
    }
    // First run: the page is closed after three chunks.
    const firstUrl = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        ...options,
        endpoint: '',
        onChunkComplete: (_chunk, sent) => {
          if (sent >= 300_000) upload.abort().then(() => resolve(upload.url!), reject)
        },
        onError: reject,
      })
      serving().then((endpoint) => {
        upload.options.endpoint = endpoint
        upload.start()
      }, reject)
    })
    const key = keyOf(firstUrl)
    expect((await head(auth, key)).headers['upload-offset']).toBe('300000')

    // Second run, on a new server process's app: tus asks where the bytes stopped and sends the rest.
    const endpoint = await serving()
    const sentFrom: number[] = []
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        ...options,
        endpoint,
        uploadUrl: `${endpoint}${key}`,
        onProgress: (sent) => sentFrom.push(sent),
        onSuccess: () => resolve(),
        onError: reject,
      })
      upload.start()
    })
    expect(Math.min(...sentFrom)).toBeGreaterThanOrEqual(300_000)
    expect(await prisma.resumableUpload.count({ where: { memberId: member.id } })).toBe(1)
    expect((await complete(auth, key)).body.data).toMatchObject({ size: 600_000, kind: 'video', name: '长视频.mp4' })
  })

  test('the server killed at half the bytes: a new server process resumes where they stopped, and the file is whole', async () => {
    const { auth } = await createSignedInMember()
    const site = { ...process.env, JWT_SECRET: env.jwtSecret, JOB_CONCURRENCY: '0', LOG_LEVEL: 'warn' }
    const first = await startServerProcess(site)
    onTestFinished(() => first.kill())
    const video = Buffer.concat([mp4Bytes(4096), crypto.randomBytes(1_000_000 - 4096)])
    const options = {
      chunkSize: 100_000,
      retryDelays: null,
      headers: { Authorization: auth },
      metadata: { filename: '断电.mp4', filetype: 'video/mp4', purpose: 'teacher-video' },
    }
    const key = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        ...options,
        endpoint: `${first.baseUrl}${RESUMABLE_UPLOAD_PATH}`,
        onChunkComplete: (_chunk, sent) => {
          if (sent < 500_000) return
          const url = upload.url!
          first.kill().then(() => resolve(keyOf(url)), reject)
        },
        // The connection dies with the server: expected once it is killed.
        onError: () => undefined,
      })
      upload.start()
    })

    const second = await startServerProcess(site)
    onTestFinished(() => second.stop())
    const endpoint = `${second.baseUrl}${RESUMABLE_UPLOAD_PATH}`
    const offset = Number(
      (await fetch(`${endpoint}${key}`, { method: 'HEAD', headers: { ...TUS_HEADERS, Authorization: auth } })).headers.get('upload-offset'),
    )
    expect(offset).toBeGreaterThanOrEqual(500_000)
    expect(offset).toBeLessThan(video.length)
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(video, { ...options, endpoint, uploadUrl: `${endpoint}${key}`, onSuccess: () => resolve(), onError: reject }).start()
    })
    const done = (await (
      await fetch(`${second.baseUrl}/api/Teacher/uploadComplete`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: auth },
        body: JSON.stringify({ key }),
      })
    ).json()) as { data: { url: string; size: number } }
    expect(done.data.size).toBe(video.length)
    expect(fs.readFileSync(path.join(env.UPLOAD_DIR, done.data.url.replace('/uploads/', ''))).equals(video)).toBe(true)
  }, 60_000)
})
