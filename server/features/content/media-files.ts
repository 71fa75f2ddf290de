// Turns one image or video field of a record into a stored file under seed/ (server/lib/storage:
// the upload folder or the bucket) and the root-relative URL stored in the database. Pictures are
// drawn from the record's slug, so they are stable across imports; files named in the seed folder
// are copied. Every picture gets its responsive WebP copies (common/image-variants.ts) here, once.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import { hasVariants, variantUrl, VARIANT_WIDTHS } from '../../../common/image-variants'
import { projectRoot } from '../../lib/database-url'
import { readAll, storage } from '../../lib/storage'
import { makeVariants, storeVariants, type PictureVariants } from '../upload/image-variants.service'
import { drawPicture, type Picture } from './pictures/pictures'

export type { Picture }

/** One file to put in place (`key` as in server/lib/storage): either drawn or copied from the seed folder. */
export type MediaJob = { key: string; url: string } & MediaLabel & ({ picture: Picture } | { source: string })

/** How the media library lists a file the write path stores (server/features/upload/media-records.service.ts). */
export type MediaLabel = { name?: string; folder?: string }

// Bump when a drawing changes, so existing seed pictures are redrawn on the next import.
const DRAWING_VERSION = 2
// Bump when the responsive copies change (widths, quality), so they are made again.
const VARIANTS_VERSION = 1
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif'])
const VIDEO_EXTENSIONS = new Set(['.mp4'])

export type MediaRequest = { kind: string; slug: string; value: string; picture?: Picture; video?: boolean; label?: MediaLabel }
/** `storedKey`: an `/uploads/...` value whose file must already be stored (the caller asks the storage). */
export type MediaResult = { url: string; job?: MediaJob; storedKey?: string } | { error: string }

/** The problem of a value naming an upload that is not stored. */
export const missingUploadProblem = (url: string) => `上传目录中没有文件 ${url}`

/**
 * Resolves one media field. "" draws `picture` (or stays empty when there is none), "/..." and
 * "http(s)://..." are kept as they are, anything else is a file relative to the seed folder.
 */
export async function resolveMedia(seedDir: string, request: MediaRequest): Promise<MediaResult> {
  const { kind, slug, value, picture } = request
  if (value === '') {
    if (!picture) return { url: '' }
    const relative = `seed/${kind}/${slug}.png`
    return { url: `/uploads/${relative}`, job: { key: relative, url: `/uploads/${relative}`, picture, ...request.label } }
  }
  if (/^https?:\/\//.test(value)) return { url: value }
  if (value.startsWith('/')) {
    if (value.includes('..')) return { error: `路径不能包含 ".."：${value}` }
    return value.startsWith('/uploads/') ? { url: value, storedKey: value.slice('/uploads/'.length) } : { url: value }
  }
  const source = path.resolve(seedDir, value)
  if (!source.startsWith(path.resolve(seedDir) + path.sep)) return { error: `文件必须位于种子目录内：${value}` }
  const ext = path.extname(source).toLowerCase()
  const allowed = request.video ? VIDEO_EXTENSIONS : IMAGE_EXTENSIONS
  if (!allowed.has(ext)) {
    return { error: `不支持的${request.video ? '视频' : '图片'}格式 "${ext || value}"，可用 ${[...allowed].join('、')}` }
  }
  if (!(await fs.promises.stat(source).catch(() => null))?.isFile()) return { error: `找不到文件 ${value}` }
  // Named by content, so a file shared by many records is copied once and a changed file gets a new URL.
  // Hashed as it is read, off the event loop: a video may be hundreds of MB.
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(source)) hash.update(chunk as Buffer)
  const digest = hash.digest('hex').slice(0, 10)
  const relative = `seed/${request.video ? 'video' : kind}/${path.basename(source, ext)}-${digest}${ext}`
  // A copied file keeps the name it has in the folder.
  const label = { ...request.label, name: path.basename(source) }
  return { url: `/uploads/${relative}`, job: { key: relative, url: `/uploads/${relative}`, source, ...label } }
}

const pictureKey = (picture: Picture) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, picture]))
    .digest('hex')

const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'mingshi-seed-pictures')
const cached = (name: string) => path.join(cacheDir, name)

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])

/** A cached picture, or null when it is missing or cut short. */
function readWholePng(file: string): Buffer | null {
  try {
    const bytes = fs.readFileSync(file)
    return bytes.length > 20 && bytes.subarray(-12).equals(PNG_END) ? bytes : null
  } catch {
    return null
  }
}

/** Write-then-rename, so a concurrent import (parallel test runs share the cache) never reads half a file. */
function writeAtomic(file: string, bytes: Buffer | string) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(temp, bytes)
  fs.renameSync(temp, file)
}

export type MediaStats = { drawn: number; copied: number; unchanged: number }

const workerBootstrap = `
const { workerData } = require('node:worker_threads')
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.file) })
`

/** Draws in a worker thread; rejects if workers cannot run here (e.g. TypeScript without a loader). */
function drawInWorker(pictures: Picture[]): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    // Loader hooks are per thread, so the worker registers tsx itself before loading TypeScript.
    const worker = new Worker(workerBootstrap, {
      eval: true,
      workerData: { tsx: import.meta.resolve('tsx/esm/api'), file: new URL('./pictures/draw-worker.ts', import.meta.url).href },
    })
    worker.once('message', (images: Uint8Array[]) => {
      resolve(images.map((image) => Buffer.from(image.buffer, image.byteOffset, image.byteLength)))
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.postMessage(pictures)
  })
}

/**
 * Draws on this thread, one picture per turn of the event loop: a picture takes tens of
 * milliseconds, and the server (Admin/import) answers other requests between them.
 */
async function drawHere(pictures: Picture[]): Promise<Buffer[]> {
  const images: Buffer[] = []
  for (const picture of pictures) {
    images.push(drawPicture(picture))
    await nextTurn()
  }
  return images
}

/**
 * Draws pictures, spreading large batches over the CPU cores in worker threads (the main thread
 * serves requests meanwhile), falling back to the main thread when workers are unavailable.
 */
async function drawAll(pictures: Picture[]): Promise<Buffer[]> {
  const threads = Math.min(os.availableParallelism(), 4)
  if (pictures.length < 40 || threads < 2) return drawHere(pictures)
  const shares = Array.from({ length: threads }, (_, k) => pictures.filter((_, i) => i % threads === k))
  const results = await Promise.all(shares.map((share) => drawInWorker(share).catch(() => null)))
  const images: Buffer[] = []
  for (const [k, result] of results.entries()) {
    const drawn = result ?? (await drawHere(shares[k]))
    drawn.forEach((image, j) => (images[j * threads + k] = image))
  }
  return images
}

const MANIFEST_KEY = 'seed/.manifest.json'
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
}
const contentTypeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

async function readManifest(): Promise<Record<string, string>> {
  const body = await storage().get(MANIFEST_KEY)
  if (!body) return {}
  try {
    return JSON.parse((await readAll(body)).toString('utf8')) as Record<string, string>
  } catch {
    return {} // A broken manifest only costs a check of every file below.
  }
}

/** The copies of a drawn picture, from the cache beside the drawings when they are there, else made (and kept there). */
async function variantsOfDrawing(key: string, cacheKey: string, png: Buffer): Promise<PictureVariants | null> {
  const files = VARIANT_WIDTHS.map((width) => ({
    key: variantUrl(key, width),
    file: cached(`${cacheKey}-v${VARIANTS_VERSION}.w${width}.webp`),
  }))
  const kept = files.map(({ file }) => readWholeFile(file))
  const size = readWholeFile(cached(`${cacheKey}-v${VARIANTS_VERSION}.size`))
    ?.toString('utf8')
    .split('x')
    .map(Number)
  if (kept.every(Boolean) && size?.length === 2) {
    return { width: size[0], height: size[1], files: files.map((item, i) => ({ key: item.key, bytes: kept[i]! })) }
  }
  const made = await makeVariants(key, png)
  if (!made) return null
  try {
    made.files.forEach((item, i) => writeAtomic(files[i].file, item.bytes))
    writeAtomic(cached(`${cacheKey}-v${VARIANTS_VERSION}.size`), `${made.width}x${made.height}`)
  } catch {
    // A read-only node_modules only costs speed.
  }
  return made
}

const readWholeFile = (file: string): Buffer | null => {
  try {
    return fs.readFileSync(file)
  } catch {
    return null
  }
}

/** Puts every job's file in place with its responsive copies, leaving files that already hold the same content untouched. */
export async function writeMedia(jobs: MediaJob[]): Promise<MediaStats> {
  const stats: MediaStats = { drawn: 0, copied: 0, unchanged: 0 }
  const manifest = await readManifest()
  const unique = [...new Map(jobs.map((job) => [job.key, job])).values()]
  const pictures: { job: MediaJob & { picture: Picture }; key: string }[] = []
  for (const job of unique) {
    if ('source' in job) {
      // The file name carries the content hash, so an existing file (with its copies) is the same file.
      const isComplete =
        (await storage().exists(job.key)) && (!hasVariants(job.key) || (await storage().exists(variantUrl(job.key, VARIANT_WIDTHS[0]))))
      if (isComplete) stats.unchanged++
      else {
        // Read off the event loop: a carried video may be hundreds of MB.
        const bytes = await fs.promises.readFile(job.source)
        await storage().put(job.key, bytes, { contentType: contentTypeOf(job.key) })
        await storeVariants(await makeVariants(job.key, bytes))
        stats.copied++
      }
      continue
    }
    const key = `${pictureKey(job.picture)}:v${VARIANTS_VERSION}`
    if (manifest[job.key] === key && (await storage().exists(job.key))) stats.unchanged++
    else pictures.push({ job, key })
  }

  // Drawn pictures are kept in a cache outside the upload folder, so a fresh upload folder (every
  // test run, a new deployment volume) gets its pictures by copying rather than redrawing.
  const drawingOf = (key: string) => key.slice(0, key.lastIndexOf(':'))
  const ready = new Map<string, Buffer>()
  for (const { key } of pictures) {
    const bytes = readWholePng(cached(`${drawingOf(key)}.png`))
    if (bytes) ready.set(key, bytes)
  }
  const missing = [...new Map(pictures.filter(({ key }) => !ready.has(key)).map((p) => [p.key, p.job.picture])).entries()]
  const drawn = await drawAll(missing.map(([, picture]) => picture))
  stats.drawn = drawn.length
  missing.forEach(([key], i) => {
    ready.set(key, drawn[i])
    try {
      writeAtomic(cached(`${drawingOf(key)}.png`), drawn[i])
    } catch {
      // A read-only node_modules only costs speed.
    }
  })
  const fresh = new Set(missing.map(([key]) => key))
  // A few at a time: each stores four files, and sharp works on its own threads.
  for (let start = 0; start < pictures.length; start += 8) {
    await Promise.all(
      pictures.slice(start, start + 8).map(async ({ job, key }) => {
        const bytes = ready.get(key) as Buffer
        await storage().put(job.key, bytes, { contentType: 'image/png' })
        await storeVariants(await variantsOfDrawing(job.key, drawingOf(key), bytes))
        if (!fresh.has(key)) stats.copied++
        manifest[job.key] = key
      }),
    )
  }
  await storage().put(MANIFEST_KEY, Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), { contentType: 'application/json' })
  return stats
}
