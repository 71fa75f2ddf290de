// An S3-compatible server for tests, in this process: s3rver on a free port, with one bucket.
// s3rver lacks two calls @tus/s3-store makes (resumable uploads on S3): ListParts (GET
// /:bucket/:key?uploadId=, asked on every resume) and AbortMultipartUpload (DELETE, on cancel,
// refusal and sweep). They are added here in s3rver's own style, from the parts its filesystem
// store keeps in <directory>/<bucket>/._S3rver_uploads/<uploadId>/ (files `key`, `<n>`, `<n>.md5`).
// No better server installs offline: npm's s3rver forks lack the same calls, Debian packages none.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { S3Settings } from '../lib/storage'

type Context = {
  method: string
  path: string
  params: { bucket: string; key: string }
  query: Record<string, string | string[] | undefined>
  status: number
  body: unknown
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}
type Next = () => Promise<unknown>
type Middleware = (ctx: Context, next: Next) => Promise<unknown>
type S3rver = { middleware: ({ router?: unknown } & Middleware)[]; run(): Promise<{ port: number }>; close(): Promise<void> }

// s3rver's own modules, resolved from s3rver so they are the versions it runs with.
const fromS3rver = createRequire(createRequire(import.meta.url).resolve('s3rver'))
const S3rverServer = fromS3rver('./s3rver') as new (options: object) => S3rver
const authentication = (fromS3rver('./middleware/authentication') as () => Middleware)()
const { bucketExists } = fromS3rver('./controllers/bucket') as { bucketExists: Middleware }
const S3Error = fromS3rver('./models/error') as new (code: string, message: string, detail?: object) => Error

const UPLOADS = 'uploads'

/** The folder of upload `uploadId` of object `ctx.params.key`, or NoSuchUpload (completed, aborted or never begun). */
function uploadFolder(ctx: Context): string {
  const uploadId = String(ctx.query.uploadId)
  const folder = path.join(ctx.store.getResourcePath(ctx.params.bucket, undefined, UPLOADS), uploadId)
  const key = fs.existsSync(path.join(folder, 'key')) ? fs.readFileSync(path.join(folder, 'key'), 'utf8') : null
  if (key !== ctx.params.key) {
    throw new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      { UploadId: uploadId },
    )
  }
  return folder
}

/**
 * List Parts: the parts uploaded so far, in order, all in one page.
 * {@link https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListParts.html}
 */
async function listParts(ctx: Context) {
  const folder = uploadFolder(ctx)
  const marker = Number(ctx.query['part-number-marker'] ?? 0)
  const numbers = fs
    .readdirSync(folder)
    .filter((name) => /^\d+$/.test(name) && Number(name) > marker)
    .map(Number)
    .sort((a, b) => a - b)
  // A part's checksum is written once its bytes are: one without is still arriving, as S3 would not list it.
  const parts = numbers
    .filter((number) => fs.existsSync(path.join(folder, `${number}.md5`)))
    .map((number) => {
      const stats = fs.statSync(path.join(folder, String(number)))
      const md5 = fs.readFileSync(path.join(folder, `${number}.md5`), 'utf8')
      return { PartNumber: number, LastModified: stats.mtime.toISOString(), ETag: JSON.stringify(md5), Size: stats.size }
    })
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: ctx.params.bucket,
      Key: ctx.params.key,
      UploadId: ctx.query.uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: parts.at(-1)?.PartNumber ?? marker,
      MaxParts: 10000,
      IsTruncated: false,
      Part: parts,
    },
  }
}

/**
 * Abort Multipart Upload: its parts go; the upload is no longer listed or completable.
 * {@link https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html}
 */
async function abortMultipartUpload(ctx: Context) {
  fs.rmSync(uploadFolder(ctx), { recursive: true, force: true })
  ctx.status = 204
}

const MULTIPART_CALLS: Record<string, (ctx: Context) => Promise<void>> = { GET: listParts, DELETE: abortMultipartUpload }

/**
 * Serves the calls above (?uploadId= on an object), signed and on an existing bucket, as s3rver's
 * routes would; passes every other request on. A plain middleware: a second koa router before
 * s3rver's would hand it its own matched path instead of the request's.
 */
const multipartCalls: Middleware = (ctx, next) => {
  const controller = 'uploadId' in ctx.query ? MULTIPART_CALLS[ctx.method] : undefined
  const object = /^\/([^/]+)\/(.+)$/.exec(ctx.path)
  if (!controller || !object) return next()
  ctx.params = { bucket: decodeURIComponent(object[1]), key: decodeURIComponent(object[2]) }
  return authentication(ctx, () => bucketExists(ctx, () => controller(ctx)))
}

/** Puts the calls before s3rver's own routes, which refuse both as MethodNotAllowed. */
function addMultipartCalls(server: S3rver) {
  const routes = server.middleware.findIndex((middleware) => middleware.router)
  server.middleware.splice(routes, 0, multipartCalls)
}

export type S3TestServer = {
  settings: S3Settings
  /** Keys of the multipart uploads begun and neither completed nor aborted. */
  openMultipartUploads(): string[]
  close(): Promise<void>
}

/** Starts s3rver (with the two calls above) on 127.0.0.1 with an empty `bucket`, its files in a fresh folder. */
export async function startS3TestServer(bucket = 'mingshi-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(process.env.TEST_DIR ?? os.tmpdir(), 's3rver-'))
  const server = new S3rverServer({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  addMultipartCalls(server)
  const { port } = await server.run()
  const uploads = path.join(directory, bucket, `._S3rver_${UPLOADS}`)
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    openMultipartUploads: () =>
      fs.existsSync(uploads) ? fs.readdirSync(uploads).map((id) => fs.readFileSync(path.join(uploads, id, 'key'), 'utf8')) : [],
    close: () => server.close(),
  }
}
