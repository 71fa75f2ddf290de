// Admin/import against hostile archives (security review F2, F4, F7): every limit is refused early
// with a Chinese 4xx, the event loop stays free meanwhile, and no work folder is left behind.
import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import request from '../../test/request'
import yazl from 'yazl'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { createSignedInMember } from '../../test/member-factories'
import { sweepUnusedUploads } from '../upload/upload.sweep'
import { uploadTempDir } from '../../lib/uploads'
import { importLimits } from './import.service'

const MB = 1024 * 1024
const DAY = 24 * 60 * 60 * 1000
const failure = (code: number, msg: string) => ({ code, msg, data: null })

// One server for every request, so a probe's time is the app's and not a new listener's.
let server: Server
let admin: string
beforeAll(async () => {
  server = createApp().listen(0)
  admin = (await createSignedInMember({ role: 'admin' })).auth
  // The first import loads and compiles what every later one reuses; that is no stall of an import.
  await importZip(await zipOf({ 'questions.json': Buffer.from('[]') }))
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

// The temp folder is shared by the test files running beside this one: watch only our own folders.
const importFolders: string[] = []
const mkdirSync = fs.mkdirSync
beforeEach(() => {
  vi.spyOn(fs, 'mkdirSync').mockImplementation((dir, options) => {
    if (/[\\/]import-[0-9a-f]{16}$/.test(String(dir))) importFolders.push(String(dir))
    return mkdirSync(dir, options)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  for (const dir of importFolders.splice(0)) expect(fs.existsSync(dir), dir).toBe(false)
})

const importZip = (bytes: Buffer) =>
  request(server).post('/api/Admin/import').set('Authorization', admin).attach('file', bytes, 'content.zip')

type Content = Buffer | (() => Readable) | null
/** A zip made by yazl: a buffer, a stream (for large files), or null for a folder entry. */
async function zipOf(entries: Record<string, Content>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of Object.entries(entries)) {
    if (content === null) zip.addEmptyDirectory(name)
    else if (Buffer.isBuffer(content)) zip.addBuffer(content, name)
    else zip.addReadStream(content(), name)
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** `bytes` zero bytes, made as they are read: deflated, megabytes of them take a few kilobytes. */
const zeros = (bytes: number) => () =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(64 * 1024)
      for (let left = bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left)
    })(),
  )

const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02])
/** The archive with the central directory claiming `size` unpacked bytes for `name`: a header that lies. */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip)
  for (let at = copy.indexOf(CENTRAL_HEADER); at >= 0; at = copy.indexOf(CENTRAL_HEADER, at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28)
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue
    copy.writeUInt32LE(size, at + 24)
    return copy
  }
  throw new Error(`no entry ${name}`)
}

/**
 * Runs `work` while another client asks GET /healthz every 20 ms; answers the work's result, how long
 * it took, the slowest /healthz and the longest the event loop was held.
 */
async function watched<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  const latencies: number[] = []
  let isDone = false
  // The monitor's timer must be running before the work starts and fire once after it ends, or a
  // stall at either end goes unseen.
  delay.enable()
  await sleep(20)
  const probe = (async () => {
    while (!isDone) {
      const started = performance.now()
      const res = await request(server).get('/healthz')
      latencies.push(performance.now() - started)
      expect(res.status).toBe(200)
      await sleep(20)
    }
  })()
  const started = performance.now()
  let result: T
  try {
    result = await work()
  } finally {
    isDone = true
  }
  const ms = performance.now() - started
  await probe
  await sleep(20)
  delay.disable()
  return { result, ms, maxLagMs: delay.max / 1e6, slowestHealthzMs: Math.max(...latencies) }
}

describe('POST /api/Admin/import with a hostile archive', () => {
  test('a small zip of a million empty records is refused within 2 s, the event loop never held 100 ms', async () => {
    const bomb = await zipOf({ 'teachers.json': Buffer.from(`[${'{},'.repeat(999_999)}{}]`) })
    expect(bomb.length).toBeLessThan(20_000)

    const { result: res, ms, maxLagMs, slowestHealthzMs } = await watched(() => importZip(bomb))

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '文件 teachers.json 超过 20000 条记录上限'))
    console.info(`million-record bomb: ${ms.toFixed(0)} ms, lag ${maxLagMs.toFixed(1)} ms, healthz ${slowestHealthzMs.toFixed(1)} ms`)
    expect(ms).toBeLessThan(2000)
    expect(maxLagMs).toBeLessThan(100)
    expect(slowestHealthzMs).toBeLessThan(100)
  })

  test('an archive declaring more than the unpacked limit is refused before unpacking, the event loop free', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `media/uploads/seed/video/v-${i}.mp4`)
    let zip = await zipOf(Object.fromEntries(names.map((name) => [name, Buffer.from('x')])))
    for (const name of names) zip = declareSize(zip, name, 450 * MB)

    const { result: res, ms, maxLagMs, slowestHealthzMs } = await watched(() => importZip(zip))

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '压缩包解压后超过 2GB 上限'))
    console.info(`declared 2.2 GB: ${ms.toFixed(0)} ms, lag ${maxLagMs.toFixed(1)} ms, healthz ${slowestHealthzMs.toFixed(1)} ms`)
    expect(ms).toBeLessThan(2000)
    expect(maxLagMs).toBeLessThan(100)
    expect(slowestHealthzMs).toBeLessThan(100)
  })

  test('a JSON file over its limit is refused from its header, honest or not', async () => {
    const honest = await zipOf({ 'teachers.json': zeros(17 * MB) })
    expect(honest.length).toBeLessThan(100_000)
    const started = performance.now()
    const res = await importZip(honest)
    console.info(`17 MB JSON: ${(performance.now() - started).toFixed(0)} ms`)
    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '文件 teachers.json 超过 16MB 上限'))

    // One JSON file claiming 1.1 GB (the review's 1.1 MB zip): never unpacked, never read.
    const claimed = declareSize(await zipOf({ 'teachers.json': Buffer.from('[]') }), 'teachers.json', 1100 * MB)
    expect((await importZip(claimed)).body).toEqual(failure(Code.TOO_LARGE, '文件 teachers.json 超过 16MB 上限'))

    // Files each under the limit, together more than the importer holds at once.
    const kinds = ['teachers', 'courses', 'specials', 'activities', 'viewpoints']
    let many = await zipOf(Object.fromEntries(kinds.map((kind) => [`${kind}.json`, Buffer.from('[]')])))
    for (const kind of kinds) many = declareSize(many, `${kind}.json`, 15 * MB)
    expect((await importZip(many)).body).toEqual(failure(Code.TOO_LARGE, '压缩包中的 JSON 文件合计超过 64MB 上限'))
  })

  test('any other file over the largest upload is refused from its header', async () => {
    // A file limit below the archive's 2 GB total (the default is a video's 4 GB), so it is what refuses.
    const fileLimit = importLimits.fileBytes
    importLimits.fileBytes = 500 * MB
    onTestFinished(() => {
      importLimits.fileBytes = fileLimit
    })
    const zip = declareSize(
      await zipOf({ 'media/uploads/seed/video/big.mp4': Buffer.from('x') }),
      'media/uploads/seed/video/big.mp4',
      2200 * MB,
    )

    const res = await importZip(zip)

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '文件 media/uploads/seed/video/big.mp4 超过 500MB 上限'))
  })

  test('a file inflating past the size its header declares is cut off there', async () => {
    const zip = declareSize(await zipOf({ 'questions.json': zeros(5 * MB) }), 'questions.json', 1000)

    const started = performance.now()
    const res = await importZip(zip)

    expect(performance.now() - started).toBeLessThan(2000)
    expect(res.status).toBe(400)
    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '压缩包已损坏或不是有效的 zip 文件（无法解压 questions.json）'))
  })

  test('an entry name of 300 characters is refused with 400', async () => {
    const name = `${'名'.repeat(300)}.json`

    const res = await importZip(await zipOf({ [name]: Buffer.from('[]') }))

    expect(res.status).toBe(400)
    expect(res.body).toEqual(failure(Code.BAD_PARAMS, `压缩包中的文件名过长（每一级最多 255 字节）：${'名'.repeat(60)}…`))
  })

  test('2,000 nested folders are refused with 400 and leave nothing behind', async () => {
    const entries: Record<string, Content> = { 'questions.json': Buffer.from('[]') }
    let folder = ''
    for (let i = 0; i < 2000; i++) entries[(folder += 'a/')] = null
    entries[`${folder}x.json`] = Buffer.from('[]')

    const res = await importZip(await zipOf(entries))

    expect(res.status).toBe(400)
    expect(res.body).toEqual(failure(Code.BAD_PARAMS, `压缩包中的文件夹层级过深（最多 8 层）：${'a/'.repeat(9)}`))
  })

  test('names the file system cannot take (a file where a folder goes, a control character) are 400, never 500', async () => {
    const clash = await zipOf({ 'media/x': Buffer.from('file'), 'media/x/y.png': Buffer.from('png') })
    expect((await importZip(clash)).body).toEqual(failure(Code.BAD_PARAMS, '压缩包已损坏或不是有效的 zip 文件（无法解压 media/x/y.png）'))

    const control = await zipOf({ 'bad\u0001name.json': Buffer.from('[]') })
    expect((await importZip(control)).body).toEqual(failure(Code.BAD_PARAMS, '压缩包中的文件名不合法：bad\\u0001name.json'))
  })

  test('a damaged archive is a 4xx, whichever part is damaged', async () => {
    const good = await zipOf({
      'questions.json': Buffer.from(JSON.stringify([{ slug: 'q-damaged', title: '损坏的压缩包' }])),
      'media/uploads/seed/x.png': Buffer.alloc(2000, 7),
    })
    const end = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    const damaged = (change: (bytes: Buffer) => void) => {
      const copy = Buffer.from(good)
      change(copy)
      return copy
    }
    const variants = [
      good.subarray(0, good.length / 2),
      good.subarray(0, good.length - 10),
      damaged((bytes) => bytes.fill(0xff, 40, 80)),
      damaged((bytes) => bytes.writeUInt16LE(0xffff, end + 10)),
      damaged((bytes) => bytes.writeUInt32LE(0x7fffffff, end + 16)),
      damaged((bytes) => bytes.fill(0, bytes.indexOf(CENTRAL_HEADER), bytes.indexOf(CENTRAL_HEADER) + 8)),
    ]

    for (const [k, bytes] of variants.entries()) expect([400, 413, 415], `variant ${k}`).toContain((await importZip(bytes)).status)
  })

  test('a record with thousands of values is refused before it is parsed', async () => {
    const zip = await zipOf({ 'questions.json': Buffer.from(JSON.stringify([{ slug: 'q', title: '题', tags: Array(5000).fill({}) }])) })

    const res = await importZip(zip)

    expect(res.status).toBe(413)
    expect(res.body).toEqual(failure(Code.TOO_LARGE, '文件 questions.json 第 1 条的字段和数组项过多（最多 2000 个）'))
  })

  test('problems in the records are told in Chinese only', async () => {
    const zip = await zipOf({
      'questions.json': Buffer.from(
        JSON.stringify([
          { slug: 'q-zh', title: 5 },
          { slug: 'q-zh-2', title: '问题', sort: 'first' },
        ]),
      ),
      'tags.json': Buffer.from('[{"name": "a"}, {"name": '),
    })

    const res = await importZip(zip)

    expect(res.body).toEqual(
      failure(
        Code.BAD_PARAMS,
        [
          '种子数据有误，未导入任何内容：',
          'tags.json: 不是有效的 JSON',
          'questions.json 第 1 条 (slug "q-zh") 字段 title: 格式不正确（应为字符串）',
          'questions.json 第 2 条 (slug "q-zh-2") 字段 sort: 格式不正确（应为数字）',
        ].join('\n'),
      ),
    )
  })
})

describe('the upload sweep', () => {
  test('removes work folders left in the temp folder for a day, however deep, and keeps young ones', async () => {
    const stale = path.join(uploadTempDir(), `import-stale-${process.pid}`)
    const young = path.join(uploadTempDir(), `import-young-${process.pid}`)
    // Deeper than rmSync can take: the tree a deep archive used to leave.
    let deep = stale
    for (let i = 0; i < 1000; i++) deep = path.join(deep, 'a')
    mkdirSync(deep, { recursive: true })
    fs.writeFileSync(path.join(deep, 'x.json'), '[]')
    mkdirSync(young, { recursive: true })
    const old = new Date(Date.now() - 2 * DAY)
    fs.utimesSync(stale, old, old)

    const result = await sweepUnusedUploads()

    expect(result.tempFiles).toBeGreaterThanOrEqual(1)
    expect(fs.existsSync(stale)).toBe(false)
    expect(fs.existsSync(young)).toBe(true)
    fs.rmSync(young, { recursive: true })
  })
})
