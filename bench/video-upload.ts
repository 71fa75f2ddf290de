// bench/video.ts, part 2: the server's memory while it receives a large resumable (tus) upload. The
// file is sparse (an mp4 signature, then zeros), sent by tus-js-client from the bench process in
// RESUMABLE_CHUNK_BYTES chunks; the server child's VmRSS is read every 200 ms throughout.
import fs from 'node:fs'
import path from 'node:path'
import * as tus from 'tus-js-client'
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH, resumableKeyOf } from '../common/resumable-upload'
import { HOST, median, probe, round } from './load'
import { rssMib } from './video-proc'

const SAMPLE_MS = 200
const MiB = 1024 * 1024

export type UploadResult = {
  bytes: number
  /** MiB: median of the second before the upload, highest while the bytes arrive, at their end. */
  rssBefore: number
  rssPeakUpload: number
  rssEndOfUpload: number
  /** MiB: highest during the completion action, then 5 s after it answered. */
  rssPeakComplete: number
  rssAfter: number
  uploadSeconds: number
  /** Decimal megabytes (10^6 bytes) per second. */
  mbPerSecond: number
  completeMs: number
  samples: number
}

/** An mp4's first box (ftyp isom), as server/test/member-factories.ts `mp4Bytes` writes it. */
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')])

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Samples the process's RSS every 200 ms; `mark()` answers how many samples were taken so far. */
function rssSampler(pid: number) {
  const samples: number[] = []
  const take = () => {
    const rss = rssMib(pid)
    if (rss !== undefined) samples.push(rss)
  }
  take()
  const timer = setInterval(take, SAMPLE_MS)
  return {
    mark: () => samples.length,
    between: (from: number, to = samples.length) => samples.slice(from, to),
    stop: () => clearInterval(timer),
    count: () => samples.length,
  }
}

export async function measureUpload(options: {
  port: number
  pid: number
  auth: string
  workDir: string
  uploadDir: string
  bytes: number
}): Promise<UploadResult> {
  const { port, pid, auth, workDir, uploadDir, bytes } = options
  // The source is sparse, but the server writes every byte: the staged file, then the same file moved.
  const free = fs.statfsSync(workDir)
  const freeBytes = free.bavail * free.bsize
  if (freeBytes < bytes * 2)
    throw new Error(`only ${round(freeBytes / 2 ** 30, 1)} GiB free under ${workDir}, ${round((bytes * 2) / 2 ** 30, 1)} GiB needed`)
  const file = path.join(workDir, 'large-upload.mp4')
  fs.writeFileSync(file, MP4_HEAD)
  fs.truncateSync(file, bytes)
  let storedFile: string | undefined
  const rss = rssSampler(pid)
  try {
    await sleep(1000)
    const uploadFrom = rss.mark()
    const startedAt = performance.now()
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(fs.createReadStream(file), {
        endpoint: `http://${HOST}:${port}${RESUMABLE_UPLOAD_PATH}`,
        chunkSize: RESUMABLE_CHUNK_BYTES,
        retryDelays: [0, 1000, 3000],
        headers: { Authorization: auth },
        metadata: { filename: '长视频.mp4', filetype: 'video/mp4', purpose: 'teacher-video' },
        onSuccess: () => resolve(upload.url ?? ''),
        onError: reject,
      })
      upload.start()
    })
    const uploadSeconds = (performance.now() - startedAt) / 1000
    const uploadTo = rss.mark()
    const key = resumableKeyOf(url)
    if (!key) throw new Error(`tus answered an address without a key: ${url}`)

    const completeAt = performance.now()
    const completed = await probe(port, '/api/Teacher/uploadComplete', { key }, auth)
    const completeMs = performance.now() - completeAt
    const completeTo = rss.mark()
    if (completed.json.code !== 200) throw new Error(`uploadComplete answered ${completed.status} ${JSON.stringify(completed.json)}`)
    const stored = (completed.json.data as { url?: string } | null)?.url ?? ''
    if (stored.startsWith('/uploads/')) storedFile = path.join(uploadDir, stored.slice('/uploads/'.length))
    await sleep(5000)

    const before = rss.between(0, uploadFrom)
    const during = rss.between(uploadFrom, uploadTo)
    const completing = rss.between(uploadTo, completeTo)
    return {
      bytes,
      rssBefore: round(median(before), 1),
      rssPeakUpload: round(Math.max(...during), 1),
      rssEndOfUpload: round(during[during.length - 1], 1),
      rssPeakComplete: round(Math.max(...completing, during[during.length - 1]), 1),
      rssAfter: round(rss.between(rss.count() - 1)[0], 1),
      uploadSeconds: round(uploadSeconds, 1),
      mbPerSecond: round(bytes / 1e6 / uploadSeconds, 1),
      completeMs: Math.round(completeMs),
      samples: rss.count(),
    }
  } finally {
    rss.stop()
    fs.rmSync(file, { force: true })
    if (storedFile) fs.rmSync(storedFile, { force: true })
    // An upload that failed half-way leaves its staged bytes under .resumable (the folder stays: tus's store owns it).
    const staged = path.join(uploadDir, '.resumable')
    for (const name of fs.existsSync(staged) ? fs.readdirSync(staged) : []) fs.rmSync(path.join(staged, name), { force: true })
  }
}

export const describeBytes = (bytes: number) => (bytes >= 2 ** 30 ? `${round(bytes / 2 ** 30, 2)} GiB` : `${round(bytes / MiB)} MiB`)
