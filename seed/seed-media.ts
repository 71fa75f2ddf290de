// Turns the image and video fields of seed records into files under <UPLOAD_DIR>/seed/ and
// the root-relative URLs stored in the database. Pictures are drawn from the record's slug,
// so they are stable across imports; files named in the seed folder are copied.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { drawPicture, type Picture } from './images/pictures'
import { projectRoot } from '../server/lib/database-url'

export type { Picture }

/** One file to put in place: either drawn or copied from the seed folder. */
export type MediaJob = { target: string; url: string } & ({ picture: Picture } | { source: string })

// Bump when a drawing changes, so existing seed pictures are redrawn on the next import.
const DRAWING_VERSION = 2
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif'])
const VIDEO_EXTENSIONS = new Set(['.mp4'])

export type MediaRequest = { kind: string; slug: string; value: string; picture?: Picture; video?: boolean }
export type MediaResult = { url: string; job?: MediaJob } | { error: string }

/**
 * Resolves one media field. "" draws `picture` (or stays empty when there is none), "/..." and
 * "http(s)://..." are kept as they are, anything else is a file relative to the seed folder.
 */
export function resolveMedia(seedDir: string, uploadDir: string, request: MediaRequest): MediaResult {
  const { kind, slug, value, picture } = request
  if (value === '') {
    if (!picture) return { url: '' }
    const relative = `seed/${kind}/${slug}.png`
    return { url: `/uploads/${relative}`, job: { target: path.join(uploadDir, relative), url: `/uploads/${relative}`, picture } }
  }
  if (/^https?:\/\//.test(value)) return { url: value }
  if (value.startsWith('/')) {
    if (value.includes('..')) return { error: `路径不能包含 ".."：${value}` }
    if (value.startsWith('/uploads/') && !fs.existsSync(path.join(uploadDir, value.slice('/uploads/'.length)))) {
      return { error: `上传目录中没有文件 ${value}` }
    }
    return { url: value }
  }
  const source = path.resolve(seedDir, value)
  if (!source.startsWith(path.resolve(seedDir) + path.sep)) return { error: `文件必须位于种子目录内：${value}` }
  const ext = path.extname(source).toLowerCase()
  const allowed = request.video ? VIDEO_EXTENSIONS : IMAGE_EXTENSIONS
  if (!allowed.has(ext)) {
    return { error: `不支持的${request.video ? '视频' : '图片'}格式 "${ext || value}"，可用 ${[...allowed].join('、')}` }
  }
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) return { error: `找不到文件 ${value}` }
  // Named by content, so a file shared by many records is copied once and a changed file gets a new URL.
  const hash = crypto.createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 10)
  const relative = `seed/${request.video ? 'video' : kind}/${path.basename(source, ext)}-${hash}${ext}`
  return { url: `/uploads/${relative}`, job: { target: path.join(uploadDir, relative), url: `/uploads/${relative}`, source } }
}

const pictureKey = (picture: Picture) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, picture]))
    .digest('hex')

const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'mingshi-seed-pictures')

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
      workerData: { tsx: import.meta.resolve('tsx/esm/api'), file: new URL('./images/draw-worker.ts', import.meta.url).href },
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
 * Draws pictures, spreading large batches over the CPU cores: the main thread takes one share
 * and worker threads the others, falling back to the main thread when workers are unavailable.
 */
async function drawAll(pictures: Picture[]): Promise<Buffer[]> {
  const threads = Math.min(os.availableParallelism(), 4)
  if (pictures.length < 40 || threads < 2) return pictures.map(drawPicture)
  const shares = Array.from({ length: threads }, (_, k) => pictures.filter((_, i) => i % threads === k))
  const fromWorkers = shares.slice(1).map((share) => drawInWorker(share).catch(() => null))
  const results = [shares[0].map(drawPicture), ...(await Promise.all(fromWorkers))]
  const images: Buffer[] = []
  results.forEach((result, k) => {
    const drawn = result ?? shares[k].map(drawPicture)
    drawn.forEach((image, j) => (images[j * threads + k] = image))
  })
  return images
}

/** Puts every job's file in place, leaving files that already hold the same content untouched. */
export async function writeMedia(jobs: MediaJob[], uploadDir: string): Promise<MediaStats> {
  const stats: MediaStats = { drawn: 0, copied: 0, unchanged: 0 }
  const manifestFile = path.join(uploadDir, 'seed', '.manifest.json')
  let manifest: Record<string, string> = {}
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>
  } catch {
    // No manifest yet: every file is checked by content below.
  }
  const unique = [...new Map(jobs.map((job) => [job.target, job])).values()]
  const pictures: { job: MediaJob & { picture: Picture }; key: string; relative: string }[] = []
  for (const job of unique) {
    if ('source' in job) {
      // The file name carries the content hash, so an existing file is the same file.
      if (fs.existsSync(job.target)) stats.unchanged++
      else {
        writeAtomic(job.target, fs.readFileSync(job.source))
        stats.copied++
      }
      continue
    }
    const key = pictureKey(job.picture)
    const relative = path.relative(uploadDir, job.target)
    if (manifest[relative] === key && fs.existsSync(job.target)) stats.unchanged++
    else pictures.push({ job, key, relative })
  }

  // Drawn pictures are kept in a cache outside the upload folder, so a fresh upload folder (every
  // test run, a new deployment volume) gets its pictures by copying rather than redrawing.
  const cached = (key: string) => path.join(cacheDir, `${key}.png`)
  const ready = new Map<string, Buffer>()
  for (const { key } of pictures) {
    const bytes = readWholePng(cached(key))
    if (bytes) ready.set(key, bytes)
  }
  const missing = [...new Map(pictures.filter(({ key }) => !ready.has(key)).map((p) => [p.key, p.job.picture])).entries()]
  const drawn = await drawAll(missing.map(([, picture]) => picture))
  stats.drawn = drawn.length
  missing.forEach(([key], i) => {
    ready.set(key, drawn[i])
    try {
      writeAtomic(cached(key), drawn[i])
    } catch {
      // A read-only node_modules only costs speed.
    }
  })
  const fresh = new Set(missing.map(([key]) => key))
  for (const { job, key, relative } of pictures) {
    const bytes = ready.get(key) as Buffer
    if (fs.existsSync(job.target) && fs.readFileSync(job.target).equals(bytes)) stats.unchanged++
    else {
      writeAtomic(job.target, bytes)
      if (!fresh.has(key)) stats.copied++
    }
    manifest[relative] = key
  }
  writeAtomic(manifestFile, `${JSON.stringify(manifest, null, 1)}\n`)
  return stats
}
