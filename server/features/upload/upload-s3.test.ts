// The upload paths against a real S3-compatible server (s3rver, in-process on a free port): files are
// judged on this disk and stored only in the bucket, served from it by the app (the CDN's origin),
// swept from it, and exported from it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import request from '../../test/request'
import yauzl from 'yauzl'
import { variantUrl, VARIANT_WIDTHS } from '../../../common/image-variants'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { Code } from '../../lib/api-error'
import { readiness } from '../../data/readiness'
import { readAll, s3ClientConfig, storage, storageConfigProblem, storageFromEnv, useStorage } from '../../lib/storage'
import { s3Storage, type S3Settings } from '../../lib/storage/s3'
import { createSignedInMember, pngBytes } from '../../test/member-factories'
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server'
import { publicMediaUrl } from './upload-access.service'
import { sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from './upload.sweep'

// A private upload folder (it must stay empty but for temp files) and a CDN base for public media.
const uploadDir = vi.hoisted(() => {
  const dir = `${process.env.TEST_DIR}/uploads-s3-${process.pid}-${Math.random().toString(36).slice(2)}`
  process.env.UPLOAD_DIR = dir
  process.env.MEDIA_PUBLIC_URL = 'https://cdn.example.com/uploads'
  return dir
})

const BUCKET = 'mingshi-test'
let s3: S3TestServer
let settings: S3Settings
let bucket: S3Client

beforeAll(async () => {
  s3 = await startS3TestServer(BUCKET)
  settings = s3.settings
  bucket = new S3Client(s3ClientConfig(settings))
  useStorage(s3Storage(settings))
})

afterAll(async () => {
  useStorage(undefined)
  bucket.destroy()
  await s3.close()
})

const app = createApp()

/** Every key in the bucket, asked of the bucket itself rather than through the storage module. */
async function bucketKeys(): Promise<string[]> {
  const page = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))
  return (page.Contents ?? []).map((item) => item.Key!).sort()
}

/** Files on this disk outside the temp folder: with S3 there must be none. */
function localFiles(dir = uploadDir): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.tmp') return []
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? localFiles(full) : [path.relative(uploadDir, full)]
  })
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer()

async function download(url: string, headers: Record<string, string> = {}) {
  return request(app)
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
}

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
const upload = (who: Signed, bytes: Buffer, filename: string) =>
  request(app).post('/api/Member/uploads').set('Authorization', who.auth).attach('file', bytes, { filename, contentType: 'image/png' })

describe('S3 storage: uploads', () => {
  test('a picture is judged on this disk, then stored in the bucket only, with its WebP copies', async () => {
    const me = await createSignedInMember()
    const bytes = await photo(1000, 600)

    const res = await upload(me, bytes, '海报.png')

    expect(res.body).toMatchObject({ code: Code.OK, data: { kind: 'image', width: 1000, height: 600 } })
    const key = (res.body.data.url as string).slice('/uploads/'.length)
    const keys = await bucketKeys()
    expect(keys).toEqual(expect.arrayContaining([key, ...VARIANT_WIDTHS.map((width) => variantUrl(key, width))]))
    expect(localFiles()).toEqual([])
    // Copies are never wider than the original.
    const widths = await Promise.all(
      VARIANT_WIDTHS.map(async (width) => (await sharp(await readAll((await storage().get(variantUrl(key, width)))!)).metadata()).width),
    )
    expect(widths).toEqual([480, 960, 1000])
  })

  test('a file refused by its content never reaches the bucket', async () => {
    const me = await createSignedInMember()
    const before = await bucketKeys()

    const res = await upload(me, Buffer.from('<script>alert(1)</script>'), 'fake.png')

    expect(res.body).toEqual({ code: Code.UNSUPPORTED, msg: expect.stringContaining('不支持的文件类型'), data: null })
    expect(await bucketKeys()).toEqual(before)
  })

  test('a private file is read from the bucket only through its signed URL, whole or by range', async () => {
    const me = await createSignedInMember()
    const bytes = pngBytes(9, 9)
    const { url, previewUrl } = (await upload(me, bytes, 'private.png')).body.data

    expect((await request(app).get(url)).status).toBe(404)
    const whole = await download(previewUrl)
    expect([whole.status, whole.headers['cache-control'], whole.headers['content-type']]).toEqual([200, 'private, no-store', 'image/png'])
    expect((whole.body as Buffer).equals(bytes)).toBe(true)
    const part = await download(previewUrl, { Range: 'bytes=1-3' })
    expect([part.status, part.headers['content-range']]).toEqual([206, `bytes 1-3/${bytes.length}`])
    expect((part.body as Buffer).equals(bytes.subarray(1, 4))).toBe(true)
    // Its copies are as private as it is.
    expect((await request(app).get(`${url}.w480.webp`)).status).toBe(404)
  })

  test('a public file has its address on MEDIA_PUBLIC_URL; the app, the CDN origin, serves it from the bucket, cacheable', async () => {
    const me = await createSignedInMember()
    const bytes = await photo(700, 400)
    const { id, url } = (await upload(me, bytes, 'public.png')).body.data
    await prisma.upload.update({ where: { id }, data: { isPublic: true } })

    expect(publicMediaUrl(url)).toBe(`https://cdn.example.com/uploads/${url.slice('/uploads/'.length)}`)
    const origin = await download(url)
    expect([origin.status, origin.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
    expect((origin.body as Buffer).equals(bytes)).toBe(true)
    const again = await request(app).get(url).set('If-None-Match', origin.headers.etag)
    expect(again.status).toBe(304)
    const copy = await download(`${url}.w480.webp`)
    expect([copy.status, copy.headers['content-type']]).toEqual([200, 'image/webp'])
    // Pages may show pictures from the CDN.
    expect((await request(app).get('/healthz')).headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.example\.com;/,
    )
  })
})

describe('S3 storage: sweep and export', () => {
  test('the sweep deletes an unused upload and its copies from the bucket', async () => {
    const me = await createSignedInMember()
    const { id, url } = (await upload(me, await photo(600, 300), 'unused.png')).body.data
    const key = url.slice('/uploads/'.length)
    await prisma.upload.update({ where: { id }, data: { createdAt: new Date(Date.now() - UNUSED_UPLOAD_GRACE_MS - 60_000) } })

    const result = await sweepUnusedUploads()

    expect(result.uploads).toBeGreaterThanOrEqual(1)
    expect(await prisma.upload.findUnique({ where: { id } })).toBeNull()
    expect((await bucketKeys()).filter((item) => item.startsWith(key))).toEqual([])
  })

  test('Admin/export packs files from the bucket and stores the archive there', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const member = await createSignedInMember()
    const bytes = pngBytes(7, 5)
    const { id, url } = (await upload(member, bytes, 'teacher.png')).body.data
    await prisma.upload.update({ where: { id }, data: { isPublic: true } })
    const teacher = await prisma.teacher.findFirstOrThrow({ where: { isPublished: true } })
    await prisma.teacher.update({ where: { id: teacher.id }, data: { photo: url } })

    const res = await request(app).post('/api/Admin/export').set('Authorization', admin.auth).send({})

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.missingFiles).not.toContain(url)
    const archiveKey = (res.body.data.url as string).split('?')[0].slice('/uploads/'.length)
    expect(await bucketKeys()).toContain(archiveKey)
    const zip = await yauzl.fromBufferPromise((await download(res.body.data.url)).body as Buffer, { lazyEntries: true })
    const entries = new Map<string, Buffer>()
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      entries.set(entry.fileName, Buffer.concat(chunks))
    }
    expect(entries.get(`media${url}`)?.equals(bytes)).toBe(true)
    expect(localFiles()).toEqual([])
  })
})

describe('S3 storage: configuration and readiness', () => {
  const base = {
    STORAGE: 's3' as const,
    UPLOAD_DIR: uploadDir,
    S3_ENDPOINT: undefined,
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
    S3_FORCE_PATH_STYLE: false,
  }

  test('S3 settings missing a key are refused, naming each missing variable', () => {
    expect(storageConfigProblem(base)).toBeUndefined()
    expect(storageConfigProblem({ ...base, S3_BUCKET: undefined, S3_SECRET_ACCESS_KEY: undefined })).toBe(
      'S3_BUCKET: STORAGE=s3 时必须设置 / required when STORAGE=s3\nS3_SECRET_ACCESS_KEY: STORAGE=s3 时必须设置 / required when STORAGE=s3',
    )
    expect(() => storageFromEnv({ ...base, S3_ACCESS_KEY_ID: undefined })).toThrow(/S3_ACCESS_KEY_ID/)
    expect(storageConfigProblem({ ...base, STORAGE: 'local', S3_BUCKET: undefined })).toBeUndefined()
  })

  test('the server refuses to start with STORAGE=s3 and no bucket, naming the variable', async () => {
    const { assertWorkableConfiguration } = await import('../../index')
    const saved = { STORAGE: env.STORAGE, S3_BUCKET: env.S3_BUCKET }
    Object.assign(env, { STORAGE: 's3', S3_BUCKET: undefined, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })
    try {
      expect(() => assertWorkableConfiguration()).toThrow('S3_BUCKET: STORAGE=s3 时必须设置 / required when STORAGE=s3')
    } finally {
      Object.assign(env, saved, { S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined })
    }
  })

  test('/readyz asks the bucket instead of the local disk, and is unready when the bucket does not answer', async () => {
    expect((await readiness(env.UPLOAD_DIR)).checks).toMatchObject({ uploadStorage: { ok: true } })
    expect((await readiness(env.UPLOAD_DIR)).checks.uploadDisk).toBeUndefined()
    const configured = storage()
    useStorage(s3Storage({ ...settings, accessKeyId: 'wrong', secretAccessKey: crypto.randomBytes(8).toString('hex') }))
    try {
      const result = await readiness(env.UPLOAD_DIR)
      expect([result.ok, result.checks.uploadStorage?.ok]).toEqual([false, false])
    } finally {
      useStorage(configured)
    }
  })
})
