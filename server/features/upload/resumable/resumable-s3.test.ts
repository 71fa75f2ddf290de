// Resumable (tus) uploads when the portal stores files in a bucket: the bytes wait in the bucket
// under .resumable/ (so any machine may take an upload's next chunk), the first ones judged as they
// arrive, read back from the bucket when a PATCH resumes inside them; a cut connection is resumed,
// a complete upload becomes a stored upload in the bucket only, and refusal, cancel and the sweep
// leave nothing staged. Against s3rver in this process (server/test/s3-test-server.ts).
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@tus/server'
import { RESUMABLE_UPLOAD_PATH } from '../../../../common/resumable-upload'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { env } from '../../../env'
import { Code } from '../../../lib/api-error'
import { clock } from '../../../lib/clock'
import { s3ClientConfig, useStorage } from '../../../lib/storage'
import { s3Storage } from '../../../lib/storage/s3'
import { uploadLimits } from '../../../lib/uploads'
import { createSignedInMember, mp4Bytes, pdfBytes } from '../../../test/member-factories'
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server'
import { envelopeOf, keyOf, TUS_HEADERS, tusRequests } from '../../../test/tus-requests'
import { sweepAbandonedResumable } from '../resumable.service'
import { HEAD_BYTES } from './head-check'
import { ResumableRefusal } from './resumable.store'
import { JudgedS3Store, STAGING_PREFIX } from './s3-staging'

const MB = 1024 * 1024

const app = createApp()
let s3: S3TestServer
let bucket: S3Client
let server: http.Server
let endpoint: string

beforeAll(async () => {
  s3 = await startS3TestServer()
  bucket = new S3Client(s3ClientConfig(s3.settings))
  useStorage(s3Storage(s3.settings))
  // A port of its own for the request that is cut off mid-body.
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${RESUMABLE_UPLOAD_PATH}`
})

afterAll(async () => {
  useStorage(undefined)
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  bucket.destroy()
  await s3.close()
})

const { create, patch, head, cancel, complete } = tusRequests(app)
const start = async (auth: string, size: number) => keyOf((await create(auth, size)).headers.location)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A PATCH that sends `bytes` of a body declared `length` long, then loses its connection (a closed
 * lid, a train into a tunnel). The pause lets the server pass its checks and take the bytes.
 */
async function cutOffPatch(auth: string, key: string, offset: number, bytes: Buffer, length: number) {
  const req = http.request(`${endpoint}${key}`, {
    method: 'PATCH',
    headers: {
      ...TUS_HEADERS,
      Authorization: auth,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(length),
    },
  })
  // The connection is dropped on purpose.
  req.on('error', () => undefined)
  await new Promise((resolve) => req.write(bytes, resolve))
  await sleep(500)
  req.destroy()
}

/** What upload `key` has in the bucket: its objects under the staging prefix, and its open multipart upload. */
async function staged(key: string): Promise<string[]> {
  const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: `${STAGING_PREFIX}${key}` }))
  const objects = (page.Contents ?? []).map((item) => item.Key!)
  const multipart = s3.openMultipartUploads().filter((item) => item === `${STAGING_PREFIX}${key}`)
  return [...objects, ...multipart.map((item) => `multipart ${item}`)].sort()
}

/**
 * What this disk holds of upload `key`: a local staging of it, a copy left in the temp folder, or
 * the stored file. (The upload folder is shared with other test files running at the same time.)
 */
function onThisDisk(key: string, storedKey = ''): string[] {
  const tempDir = path.join(env.UPLOAD_DIR, '.tmp')
  const copies = fs.existsSync(tempDir) ? fs.readdirSync(tempDir).filter((name) => name.startsWith('resumable-')) : []
  const files = [`.resumable/${key}`, `.resumable/${key}.json`, ...(storedKey ? [storedKey] : [])]
  return [...files.filter((file) => fs.existsSync(path.join(env.UPLOAD_DIR, file))), ...copies.map((name) => `.tmp/${name}`)]
}

async function bucketObject(key: string): Promise<Buffer> {
  const { Body } = await bucket.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }))
  return Buffer.from(await Body!.transformToByteArray())
}

describe('sending a video to the bucket', () => {
  test('in several PATCHes, the first shorter than a signature and one cut off: resumed from HEAD, completed, stored in the bucket only', async () => {
    const { auth, member } = await createSignedInMember()
    // Past the 8 MiB part size, so the bucket gets a real part, then the last one.
    const video = Buffer.concat([mp4Bytes(4096), crypto.randomBytes(12 * MB - 4096)])
    const key = await start(auth, video.length)
    expect(await staged(key)).toEqual([`${STAGING_PREFIX}${key}.info`, `multipart ${STAGING_PREFIX}${key}`])

    // 1000 bytes: short of a part, they wait in the bucket as the incomplete part.
    expect((await patch(auth, key, 0, video.subarray(0, 1000))).headers['upload-offset']).toBe('1000')
    expect(await staged(key)).toContain(`${STAGING_PREFIX}${key}.part`)

    // The next PATCH starts inside the head, so its judge reads the first 1000 bytes back from the
    // bucket (without them the bytes from 1000 on are no video); its connection drops after 1 MiB.
    await cutOffPatch(auth, key, 1000, video.subarray(1000, 1000 + MB), video.length - 1000)
    const offset = Number((await head(auth, key)).headers['upload-offset'])
    expect(offset).toBeGreaterThan(1000)
    expect(offset).toBeLessThanOrEqual(1000 + MB)

    // To 9 MiB: one 8 MiB part of the multipart upload, the rest incomplete again; HEAD adds the
    // listed parts to the incomplete one (ListParts, which s3rver gets from s3-test-server.ts).
    await patch(auth, key, offset, video.subarray(offset, 9 * MB))
    expect((await head(auth, key)).headers['upload-offset']).toBe(String(9 * MB))
    const rest = await patch(auth, key, 9 * MB, video.subarray(9 * MB))
    expect([rest.status, rest.headers['upload-offset']]).toEqual([204, String(video.length)])
    const done = await complete(auth, key)
    expect(done.body).toMatchObject({ code: Code.OK, data: { kind: 'video', mime: 'video/mp4', size: video.length, name: '第一讲.mp4' } })

    const storedKey = (done.body.data.url as string).slice('/uploads/'.length)
    expect((await bucketObject(storedKey)).equals(video)).toBe(true)
    expect(await staged(key)).toEqual([])
    expect(onThisDisk(key, storedKey)).toEqual([])
    expect(await prisma.resumableUpload.findUnique({ where: { id: key } })).toMatchObject({ uploadId: done.body.data.id })
    expect(await prisma.upload.count({ where: { memberId: member.id } })).toBe(1)
  }, 60_000)

  test('a file that is not a video is refused with its first chunk, and nothing of it stays in the bucket', async () => {
    const { auth } = await createSignedInMember()
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(HEAD_BYTES * 2)])
    const key = await start(auth, pdf.length)

    const res = await patch(auth, key, 0, pdf)

    expect(res.status).toBe(415)
    expect(envelopeOf(res)).toEqual({ code: Code.UNSUPPORTED, msg: '不支持的文件类型，仅支持视频（mp4）', data: null })
    expect(await prisma.resumableUpload.findUnique({ where: { id: key } })).toBeNull()
    expect(await staged(key)).toEqual([])
  })

  test('a declared size over the limit is refused before anything reaches the bucket', async () => {
    const { auth } = await createSignedInMember()
    const before = await bucket.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: STAGING_PREFIX }))

    const res = await create(auth, uploadLimits.video + 1)

    expect([res.status, envelopeOf(res).code]).toEqual([413, Code.TOO_LARGE])
    const after = await bucket.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: STAGING_PREFIX }))
    expect(after.KeyCount).toBe(before.KeyCount)
  })

  test("another member's upload answers 404 to every request, and its staged bytes stay as they were", async () => {
    const owner = await createSignedInMember()
    const other = await createSignedInMember()
    const video = mp4Bytes(5000)
    const key = await start(owner.auth, video.length)
    await patch(owner.auth, key, 0, video.subarray(0, 2000))
    const before = await staged(key)

    const answers = [await head(other.auth, key), await patch(other.auth, key, 2000, video.subarray(2000)), await cancel(other.auth, key)]

    expect(answers.map((res) => res.status)).toEqual([404, 404, 404])
    expect(envelopeOf(answers[2])).toEqual({ code: Code.NOT_FOUND, msg: '上传不存在或已过期，请重新选择文件上传', data: null })
    expect((await complete(other.auth, key)).body.code).toBe(Code.NOT_FOUND)
    expect((await head(owner.auth, key)).headers['upload-offset']).toBe('2000')
    expect(await staged(key)).toEqual(before)
  })
})

describe('the bucket store itself', () => {
  test('a PATCH that resumes inside the head and is refused removes the upload, its incomplete part included', async () => {
    const looks: number[] = []
    const refusal = new ResumableRefusal(415, 'refused')
    // Passes the first look (10 bytes) and refuses the second, which sees them read back from the bucket.
    const store = new JudgedS3Store(
      s3.settings,
      async () => {
        looks.push(looks.length)
        if (looks.length > 1) throw refusal
      },
      async () => {},
    )
    const key = crypto.randomBytes(16).toString('base64url')
    await store.create(new Upload({ id: key, size: 10_000, offset: 0 }))
    expect(await store.write(Readable.from([mp4Bytes().subarray(0, 10)]), key, 0)).toBe(10)
    expect(await staged(key)).toContain(`${STAGING_PREFIX}${key}.part`)

    await expect(store.write(Readable.from([Buffer.alloc(5000)]), key, 10)).rejects.toBe(refusal)

    expect(looks).toEqual([0, 1])
    expect(await staged(key)).toEqual([])
  })
})

describe('completing from the bucket', () => {
  test('an upload refused at completion (over a limit set after it started) leaves nothing staged or copied', async () => {
    const { auth } = await createSignedInMember()
    const video = mp4Bytes(3000)
    const key = await start(auth, video.length)
    await patch(auth, key, 0, video)
    const limit = uploadLimits.video
    uploadLimits.video = 1000
    onTestFinished(() => {
      uploadLimits.video = limit
    })

    expect((await complete(auth, key)).body.code).toBe(Code.TOO_LARGE)

    expect(await staged(key)).toEqual([])
    expect(onThisDisk(key)).toEqual([])
  })
})

describe('cancelling and abandoning', () => {
  test('a cancelled upload (DELETE) leaves nothing in the bucket and loses its row', async () => {
    const { auth } = await createSignedInMember()
    const key = await start(auth, 5000)
    await patch(auth, key, 0, mp4Bytes(5000).subarray(0, 4500))
    expect(await staged(key)).toHaveLength(3)

    expect((await cancel(auth, key)).status).toBe(204)

    expect(await staged(key)).toEqual([])
    await expect.poll(() => prisma.resumableUpload.findUnique({ where: { id: key } })).toBeNull()
  })

  test('the sweep removes an idle upload, and staged objects without a row once they are as old; a recent upload stays', async () => {
    const { auth } = await createSignedInMember()
    const [idle, orphan, recent] = [await start(auth, 5000), await start(auth, 5000), await start(auth, 5000)]
    for (const key of [idle, orphan, recent]) await patch(auth, key, 0, mp4Bytes(5000).subarray(0, 2000))
    await prisma.resumableUpload.update({ where: { id: idle }, data: { lastActivityAt: new Date(clock.now() - 25 * 3600_000) } })
    // A crash between forgetting the row and removing the bytes.
    await prisma.resumableUpload.delete({ where: { id: orphan } })

    await sweepAbandonedResumable()

    expect(await staged(idle)).toEqual([])
    expect(await prisma.resumableUpload.findUnique({ where: { id: idle } })).toBeNull()
    expect(await staged(orphan)).toHaveLength(3)
    expect(await staged(recent)).toHaveLength(3)
    expect(await prisma.resumableUpload.findUnique({ where: { id: recent } })).not.toBeNull()

    await sweepAbandonedResumable(clock.now() + 25 * 3600_000)

    expect(await staged(orphan)).toEqual([])
  })
})
