// `npm run bench:video`: the video pipeline on the real server, in one run, written to
// bench/results-video.md (docs/BENCHMARK.md describes the child processes and autocannon it shares
// with `npm run bench`):
//  1. request latency of three public actions with no job running and while ffmpeg transcodes a
//     1280x720, 60 s video in the server's job worker (JOB_CONCURRENCY=1), alternating, medians;
//  2. the server's RSS while it receives a 2 GiB resumable (tus) upload, and its completion action;
//  3. time to first frame on a course page on throttled 4G and 3G, for an hour-long lecture (made from the
//     test video by bench/video-hour.ts): its HLS copy against the MP4.
// Everything lives in a temporary folder (demo-seeded database, upload folder, client build, test
// video) that is removed at the end, whatever happens. `--quick` checks the wiring in a few minutes
// with short runs and a 256 MiB upload, and prints instead of writing the results file.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import autocannon, { type Result as AutocannonResult } from 'autocannon'
import Database from 'better-sqlite3'
import type { VideoStream } from '../common/video'
import { launchBrowser } from '../client/e2e/chromium'
import { DEMO_MEMBER } from '../seed/demo-accounts'
import { projectRoot } from '../server/lib/database-url'
import { makeTestVideo } from '../server/test/test-videos'
import {
  ACCEPT_ENCODING,
  CONNECTIONS,
  HOST,
  machineNote,
  median,
  probe,
  round,
  signIn,
  spawnTypeScript,
  started,
  startChild,
  type Server,
} from './load'
import { firstFrame, NETWORKS, type ClickMoment, type FirstFrame } from './video-first-frame'
import { cpuMs, ffmpegPids, niceOf } from './video-proc'
import { describeBytes, measureUpload, type UploadResult } from './video-upload'
import { makeHourLongVideo, type HourLongVideo } from './video-hour'
import { STREAM_ROOT } from '../server/lib/uploads'

const isQuick = process.argv.includes('--quick')
const LOAD_SECONDS = isQuick ? 2 : 10
const WARMUP_SECONDS = 1
const LATENCY_RUNS = isQuick ? 1 : 3
/** The paced mode's offered rate: about a quarter of what this machine's server answers flat out. */
const PACED_RATE = 1000
/** `--latency-only`: part 1 alone, printed (for trying a transcoding setting); the results file is left as it was. */
const isLatencyOnly = process.argv.includes('--latency-only')
const FRAME_RUNS = isQuick ? 1 : 3
const UPLOAD_BYTES = isQuick ? 256 * 1024 ** 2 : 2 * 1024 ** 3
const VIDEO = { seconds: 120, width: 1280, height: 720, fps: 25 }
const VIDEO_FOLDER = 'bench-video'
const POLL_MS = 200
const CLICK_MOMENTS: ClickMoment[] = ['settled', 'at once']

const runAsync = promisify(execFile)
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const loadNow = () =>
  os
    .loadavg()
    .map((n) => round(n, 2))
    .join(' / ')
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' ')

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
    await sleep(POLL_MS)
  }
}

type Course = { id: number; title: string }
type Site = {
  workDir: string
  databaseFile: string
  uploadDir: string
  clientDist: string
  videoFacts: string
  /** Plays the hour-long lecture's streaming copy. */
  hlsCourse: Course
  /** The same hour-long MP4 under another name, with no streaming copy: the player plays the original. */
  mp4Course: Course
  hour: HourLongVideo
  /** Timed by Course/courseDetails. */
  detailsCourse: Course
}

/** A migrated, demo-seeded database and upload folder, the client built, and the test video in place. */
async function prepareSite(workDir: string): Promise<Site> {
  const databaseFile = path.join(workDir, 'video.db')
  const uploadDir = path.join(workDir, 'uploads')
  const clientDist = path.join(workDir, 'client')
  // Seeded in development, as bench/generate-large-db.ts does: only then does the seed bring the demo accounts.
  const seedEnv = {
    ...process.env,
    DATABASE_URL: `file:${databaseFile}`,
    UPLOAD_DIR: uploadDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
  }
  const seeded = (async () => {
    await runAsync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env: seedEnv })
    await runAsync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env: seedEnv })
  })()
  // A private build: client/dist may be rebuilt by other runs meanwhile.
  const built = runAsync(bin('vite'), ['build', '--logLevel', 'error', '--outDir', clientDist, '--emptyOutDir'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
  })
  // Index first (+faststart), as web-ready MP4s are: the best case for playing the original.
  const made = makeTestVideo(workDir, { ...VIDEO, isIndexFirst: true, name: 'lecture.mp4' })
  const [, , original] = await Promise.all([seeded, built, made])

  const videoDir = path.join(uploadDir, VIDEO_FOLDER)
  fs.mkdirSync(videoDir, { recursive: true })
  for (let run = 1; run <= LATENCY_RUNS; run++)
    for (const mode of LOAD_MODES) fs.copyFileSync(original, path.join(videoDir, lectureName(run, mode)))
  console.log('making the hour-long lecture (MP4 and HLS ladder) ...')
  const hour = await makeHourLongVideo(original, workDir, uploadDir, VIDEO_FOLDER)
  const { size } = fs.statSync(original)
  const videoFacts = `${VIDEO.width}x${VIDEO.height}, ${VIDEO.fps} fps, ${VIDEO.seconds} s, ffmpeg testsrc2 pictures and a 440 Hz tone (\`makeTestVideo\` of server/test/test-videos.ts: libx264 ultrafast, AAC 64 kbit/s, +faststart): ${describeBytes(size)}, ${round((size * 8) / VIDEO.seconds / 1e6, 1)} Mbit/s`

  const db = new Database(databaseFile)
  try {
    const courses = db.prepare(`SELECT id, title FROM Course WHERE isPublished = 1 AND videoUrl = '' ORDER BY id LIMIT 3`).all() as Course[]
    if (courses.length < 3) throw new Error('the demo seed has fewer than 3 published courses without a video')
    // The hour-long ladder is the ready streaming copy of its MP4's second name, placed as a job would place it.
    const now = new Date().toISOString().replace('Z', '+00:00')
    const assetId = Number(
      db
        .prepare(
          `INSERT INTO VideoAsset (source, state, prefix, duration, width, height, renditions, createdAt, updatedAt) VALUES (?, 'ready', '', ?, ?, ?, ?, ?, ?)`,
        )
        .run(hour.hlsKey, hour.duration, hour.width, hour.height, hour.renditions, now, now).lastInsertRowid,
    )
    const prefix = `${STREAM_ROOT}/${assetId}/hour/`
    fs.mkdirSync(path.dirname(path.join(uploadDir, prefix)), { recursive: true })
    fs.renameSync(hour.ladderDir, path.join(uploadDir, prefix))
    db.prepare('UPDATE VideoAsset SET prefix = ? WHERE id = ?').run(prefix, assetId)
    const setVideo = db.prepare('UPDATE Course SET videoUrl = ? WHERE id = ?')
    setVideo.run(`/uploads/${hour.hlsKey}`, courses[0].id)
    setVideo.run(`/uploads/${hour.mp4Key}`, courses[1].id)
    return {
      workDir,
      databaseFile,
      uploadDir,
      clientDist,
      videoFacts,
      hlsCourse: courses[0],
      mp4Course: courses[1],
      hour,
      detailsCourse: courses[2],
    }
  } finally {
    db.close()
  }
}

/** Reads the job queue and the streaming copies in the server's database (WAL: readers never block it). */
function databaseWatch(file: string) {
  const db = new Database(file, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  const pending = db.prepare(`SELECT count(*) AS n FROM Job WHERE state IN ('queued', 'running')`)
  const asset = db.prepare('SELECT state, error, prefix, renditions, duration FROM VideoAsset WHERE source = ?')
  return {
    pendingJobs: () => (pending.get() as { n: number }).n,
    assetOf: (source: string) =>
      asset.get(source) as { state: string; error: string; prefix: string; renditions: string; duration: number | null } | undefined,
    close: () => db.close(),
  }
}
type Watch = ReturnType<typeof databaseWatch>

/** Runs bench/video-request.ts against the server's database and waits for it to finish. */
function requestStreamingCopy(appEnv: Record<string, string>, source: string): Promise<void> {
  const child = spawnTypeScript('bench/video-request.ts', { ...appEnv, BENCH_VIDEO_SOURCES: source })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/video-request.ts exited with ${code}`))))
  })
}

// ---------- 1. latency ----------

type Load = { name: string; path: string; body: object }
/** Flat out: 10 connections as fast as the server answers. Paced: PACED_RATE requests a second, as a busy site would send. */
type LoadMode = 'flat out' | 'paced'
const LOAD_MODES: LoadMode[] = ['flat out', 'paced']
const lectureName = (run: number, mode: LoadMode) => `lecture-${run}${mode === 'paced' ? '-paced' : ''}.mp4`

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]
}

type LatencySample = {
  p50: number
  p99: number
  rps: number
  errors: number
  /** µs of the server process's own CPU per request (ffmpeg not included). */
  serverCpuPerRequest: number
  /** Share of the run's polls (every 200 ms) that found ffmpeg running below the server. */
  ffmpegShare: number
  /** ffmpeg's CPU time over the run's wall time: the cores it used. */
  ffmpegCores: number
  nices: number[]
}

/** Polls the server's ffmpeg children every 200 ms: how often one ran, and the CPU they used. */
function watchFfmpeg(serverPid: number) {
  const firstCpu = new Map<number, number>()
  const lastCpu = new Map<number, number>()
  const nices = new Set<number>()
  let polls = 0
  let withFfmpeg = 0
  const poll = () => {
    polls++
    const pids = ffmpegPids(serverPid)
    if (pids.length) withFfmpeg++
    for (const pid of pids) {
      const cpu = cpuMs(pid)
      if (cpu === undefined) continue
      if (!firstCpu.has(pid)) firstCpu.set(pid, cpu)
      lastCpu.set(pid, cpu)
      const nice = niceOf(pid)
      if (nice !== undefined) nices.add(nice)
    }
  }
  const startedAt = performance.now()
  poll()
  const timer = setInterval(poll, POLL_MS)
  return () => {
    clearInterval(timer)
    poll()
    let cpu = 0
    for (const [pid, first] of firstCpu) cpu += (lastCpu.get(pid) ?? first) - first
    return { share: withFfmpeg / polls, cores: cpu / (performance.now() - startedAt), nices: [...nices] }
  }
}

async function timeLoad(server: Server, load: Load, seconds: number, mode: LoadMode = 'flat out'): Promise<LatencySample> {
  const pid = server.child.pid!
  const stopWatching = watchFfmpeg(pid)
  const cpuBefore = cpuMs(pid) ?? 0
  // Each answer's own time, in fractions of a millisecond: autocannon's summary rounds to whole ms, too coarse for a p99 of 2-9 ms.
  const times: number[] = []
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const run = autocannon(
      {
        url: `http://${HOST}:${server.port}`,
        connections: CONNECTIONS,
        duration: seconds,
        ...(mode === 'paced' ? { overallRate: PACED_RATE } : {}),
        headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
        requests: [{ method: 'POST', path: load.path, body: JSON.stringify(load.body) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    )
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  })
  const cpuAfter = cpuMs(pid) ?? 0
  const ffmpeg = stopWatching()
  const sorted = times.sort((a, b) => a - b)
  return {
    p50: round(percentile(sorted, 0.5), 2),
    p99: round(percentile(sorted, 0.99), 2),
    rps: round(result.requests.total / result.duration),
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpuPerRequest: round(((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total)),
    ffmpegShare: ffmpeg.share,
    ffmpegCores: ffmpeg.cores,
    nices: ffmpeg.nices,
  }
}

type LatencyResult = {
  loads: Load[]
  /** By load mode, then action. */
  idle: Record<LoadMode, Record<string, LatencySample[]>>
  busy: Record<LoadMode, Record<string, LatencySample[]>>
  /** Seconds from asking for each copy to its being ready. */
  transcodeSeconds: number[]
  ffmpegStartSeconds: number[]
  loadAverages: string[]
}

async function measureLatency(server: Server, site: Site, appEnv: Record<string, string>, watch: Watch): Promise<LatencyResult> {
  const pid = server.child.pid!
  const loads: Load[] = [
    { name: 'Index/indexList', path: '/api/Index/indexList', body: {} },
    { name: 'Course/courseDetails', path: '/api/Course/courseDetails', body: { id: site.detailsCourse.id } },
    { name: 'Teacher/teacherList', path: '/api/Teacher/teacherList', body: { page: 1, limit: 12 } },
  ]
  for (const load of loads) {
    const first = await probe(server.port, load.path, load.body)
    if (first.status !== 200 || first.json.code !== 200)
      throw new Error(`${load.name} answered ${first.status} ${JSON.stringify(first.json.msg)}`)
    await timeLoad(server, load, WARMUP_SECONDS)
  }
  const byAction = () => Object.fromEntries(loads.map((load) => [load.name, [] as LatencySample[]]))
  const result: LatencyResult = {
    loads,
    idle: { 'flat out': byAction(), paced: byAction() },
    busy: { 'flat out': byAction(), paced: byAction() },
    transcodeSeconds: [],
    ffmpegStartSeconds: [],
    loadAverages: [],
  }
  // Each round and mode: the actions with no job running, then again while a fresh copy of the video encodes.
  for (let run = 1; run <= LATENCY_RUNS; run++) {
    for (const mode of LOAD_MODES) {
      await waitFor(() => watch.pendingJobs() === 0 && ffmpegPids(pid).length === 0, 20 * 60_000, 'the job queue to empty')
      result.loadAverages.push(loadNow())
      for (const load of loads) result.idle[mode][load.name].push(await timeLoad(server, load, LOAD_SECONDS, mode))
      const source = `${VIDEO_FOLDER}/${lectureName(run, mode)}`
      const askedAt = performance.now()
      await requestStreamingCopy(appEnv, source)
      await waitFor(() => ffmpegPids(pid).length > 0, 120_000, 'the job worker to start ffmpeg')
      result.ffmpegStartSeconds.push(round((performance.now() - askedAt) / 1000, 1))
      for (const load of loads) result.busy[mode][load.name].push(await timeLoad(server, load, LOAD_SECONDS, mode))
      await waitFor(
        () => {
          const asset = watch.assetOf(source)
          if (asset?.state === 'failed') throw new Error(`the transcode of ${source} failed: ${asset.error}`)
          return asset?.state === 'ready'
        },
        20 * 60_000,
        `the streaming copy of ${source}`,
      )
      result.transcodeSeconds.push(round((performance.now() - askedAt) / 1000, 1))
      console.log(`  latency run ${run}, ${mode}: transcode ready after ${result.transcodeSeconds.at(-1)} s`)
    }
  }
  return result
}

// ---------- 3. first frame ----------

type Variant = 'HLS' | 'MP4'
type FrameResult = {
  hlsFacts: string
  /** By network, click moment and page. */
  runs: Record<string, Record<ClickMoment, Record<Variant, (FirstFrame | { error: string })[]>>>
  loadAverages: string[]
}

async function measureFirstFrames(server: Server, site: Site, watch: Watch): Promise<FrameResult> {
  const baseUrl = `http://${HOST}:${server.port}`
  const courses: Record<Variant, Course> = { HLS: site.hlsCourse, MP4: site.mp4Course }
  const streams = await Promise.all(
    [site.hlsCourse, site.mp4Course].map(
      async (course) =>
        ((await probe(server.port, '/api/Course/courseDetails', { id: course.id })).json.data as { stream: VideoStream | null }).stream,
    ),
  )
  if (streams[0]?.state !== 'ready') throw new Error(`the HLS course's stream is ${JSON.stringify(streams[0])}, not ready`)
  if (streams[1] !== null) throw new Error(`the MP4 course has a stream: ${JSON.stringify(streams[1])}`)
  const asset = watch.assetOf(site.hour.hlsKey)!
  const rungs = (JSON.parse(asset.renditions) as { label: string }[]).map(({ label }) => {
    const dir = path.join(site.uploadDir, asset.prefix, label)
    const bytes = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0)
    return `${label} ${describeBytes(bytes)} (${round((bytes * 8) / (asset.duration ?? VIDEO.seconds) / 1e6, 2)} Mbit/s)`
  })
  const hlsFacts = `rungs ${rungs.join(', ')}; 4 s segments`

  const runs: FrameResult['runs'] = Object.fromEntries(
    NETWORKS.map((network) => [network.name, { settled: { HLS: [], MP4: [] }, 'at once': { HLS: [], MP4: [] } }]),
  )
  const loadAverages: string[] = []
  const browser = await launchBrowser()
  try {
    // Not counted: the server's first render of each page and the browser's own start.
    for (const variant of ['HLS', 'MP4'] as const) {
      const course = courses[variant]
      await firstFrame(browser, baseUrl, `/course/detail/${course.id}`, course.title, null, 'at once')
    }
    for (const network of NETWORKS) {
      loadAverages.push(`${network.name}: ${loadNow()}`)
      for (const moment of CLICK_MOMENTS) {
        for (let run = 1; run <= FRAME_RUNS; run++) {
          for (const variant of ['HLS', 'MP4'] as const) {
            const course = courses[variant]
            const outcome = await firstFrame(browser, baseUrl, `/course/detail/${course.id}`, course.title, network, moment).catch(
              (error: unknown) => ({ error: errorText(error) }),
            )
            runs[network.name][moment][variant].push(outcome)
            console.log(
              `  ${network.name} ${moment} ${variant} run ${run}: ${'error' in outcome ? outcome.error : `${outcome.ms} ms, ${describeBytes(outcome.videoBytes)}, played ${outcome.playedSeconds} s`}`,
            )
          }
        }
      }
    }
  } finally {
    await browser.close()
  }
  return { hlsFacts, runs, loadAverages }
}

// ---------- the results ----------

const percent = (value: number) => `${Math.round(value * 100)}%`
const ratio = (busy: number, idle: number) => (idle > 0 ? `${round(busy / idle, 2)}x` : 'n/a')
const kib = (bytes: number) => `${round(bytes / 1024)} KiB`

function latencySection(result: LatencyResult | { error: string }): string[] {
  const head = [
    '## 1. Request latency while a video transcodes',
    '',
    `Method: autocannon in the bench process, ${CONNECTIONS} connections, POST with a JSON body and \`Accept-Encoding: ${ACCEPT_ENCODING}\`,`,
    `${LOAD_SECONDS} s per action after a ${WARMUP_SECONDS} s warm-up each, in two modes: **flat out** (as fast as the server answers) and`,
    `**paced** (${PACED_RATE} requests a second offered, about a quarter of what it answers flat out, as a busy site's traffic would be).`,
    `${LATENCY_RUNS} rounds; in each round and mode the three actions are timed with no job running (the queue empty, no ffmpeg below`,
    'the server), then the streaming copy of a fresh copy of the test video is asked for (`requestStreamingCopy` from',
    "bench/video-request.ts in the server's database, as `npm run media:transcode` does), and once the server's job worker has",
    "started ffmpeg the three actions are timed again while it encodes; then the copy is awaited. Latency is each answer's own time",
    "as autocannon measured it (its 'response' event, fractions of a ms; its summary rounds to whole ms), p50 and p99 of each run;",
    `the tables show medians of the rounds. ffmpeg runs at TRANSCODE_PRIORITY=${process.env.TRANSCODE_PRIORITY ?? 'idle'}, TRANSCODE_THREADS=${process.env.TRANSCODE_THREADS ?? `unset, so ${Math.max(1, os.availableParallelism() - 1)} beside serving`} (idle: \`chrt --idle 0\`, niceness`,
    '19; server/features/video/ffmpeg-tools.ts) with libx264 veryfast, one process encoding every rung.',
    '',
  ]
  if ('error' in result) return [...head, `Not measured: ${result.error}`, '']
  const tables = LOAD_MODES.flatMap((mode) => {
    const rows = result.loads.map(({ name }) => {
      const idle = result.idle[mode][name]
      const busy = result.busy[mode][name]
      const [i50, b50, i99, b99, irps, brps] = [
        median(idle.map((s) => s.p50)),
        median(busy.map((s) => s.p50)),
        median(idle.map((s) => s.p99)),
        median(busy.map((s) => s.p99)),
        median(idle.map((s) => s.rps)),
        median(busy.map((s) => s.rps)),
      ]
      const errors = [...idle, ...busy].reduce((sum, s) => sum + s.errors, 0)
      return `| ${name} | ${i50} | ${b50} | ${ratio(b50, i50)} | ${i99} | ${b99} | ${ratio(b99, i99)} | ${irps} | ${brps} | ${percent(brps / irps)} | ${median(idle.map((s) => s.serverCpuPerRequest))} / ${median(busy.map((s) => s.serverCpuPerRequest))} | ${percent(median(busy.map((s) => s.ffmpegShare)))} | ${round(median(busy.map((s) => s.ffmpegCores)), 2)} | ${errors} |`
    })
    const perRun = result.loads.map(
      ({ name }) =>
        `  - ${name}: p99 idle ${result.idle[mode][name].map((s) => s.p99).join(' / ')} ms, busy ${result.busy[mode][name].map((s) => s.p99).join(' / ')} ms; req/s idle ${result.idle[mode][name].map((s) => s.rps).join(' / ')}, busy ${result.busy[mode][name].map((s) => s.rps).join(' / ')}`,
    )
    return [
      `### ${mode === 'paced' ? `Paced: ${PACED_RATE} requests a second` : 'Flat out'}`,
      '',
      '| action | p50 idle (ms) | p50 transcoding | ratio | p99 idle (ms) | p99 transcoding | ratio | req/s idle | req/s transcoding | req/s kept | server CPU µs/req idle / transcoding | ffmpeg running during the timed runs | ffmpeg CPU (cores) | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      '- Each run (rounds in order):',
      ...perRun,
      '',
    ]
  })
  const allBusy = LOAD_MODES.flatMap((mode) => Object.values(result.busy[mode]).flat())
  const allIdle = LOAD_MODES.flatMap((mode) => Object.values(result.idle[mode]).flat())
  const nices = [...new Set(allBusy.flatMap((s) => s.nices))].sort()
  return [
    ...head,
    ...tables,
    `- ffmpeg niceness seen during the runs: ${nices.join(', ') || 'none seen'}; ffmpeg seen in the idle runs: ${allIdle.some((s) => s.ffmpegShare > 0) ? 'yes' : 'never'}.`,
    `- ffmpeg started ${result.ffmpegStartSeconds.join(' / ')} s after the copy was asked for (ffprobe and the job poll first); each copy was ready ${result.transcodeSeconds.join(' / ')} s after it was asked for (partly under the timed load), rounds and modes in order.`,
    `- Load average at the start of each round and mode: ${result.loadAverages.join('; ')}.`,
    '',
  ]
}

function uploadSection(result: UploadResult | { error: string }): string[] {
  const head = [
    `## 2. Memory while receiving a ${describeBytes(UPLOAD_BYTES)} resumable upload`,
    '',
    `Method: a sparse file of ${describeBytes(UPLOAD_BYTES)} (an mp4 \`ftyp\` box, as \`mp4Bytes\` in server/test/member-factories.ts, then zeros)`,
    'sent by tus-js-client from the bench process to `/resumable-uploads/` on loopback, in 16 MiB chunks (RESUMABLE_CHUNK_BYTES),',
    'as the demo member (bearer token from `Member/login`), purpose `teacher-video`; then `POST /api/Teacher/uploadComplete {key}`',
    "(type check, SHA-256 of the whole file, move into storage). The server child's VmRSS (/proc/<pid>/status) is read every 200 ms:",
    'before is the median of the second before the upload, after is 5 s after the completion answered. One upload (not repeated:',
    'it writes 2 GiB to disk). Throughput is in decimal MB (10^6 bytes) per second, both ends on this machine. The file and its',
    'stored copy were deleted afterwards.',
    '',
  ]
  if ('error' in result) return [...head, `Not measured: ${result.error}`, '']
  return [
    ...head,
    '| RSS before | peak while receiving | at the end of the upload | peak during completion | 5 s after | upload time | throughput | uploadComplete |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.rssBefore} MiB | ${result.rssPeakUpload} MiB | ${result.rssEndOfUpload} MiB | ${result.rssPeakComplete} MiB | ${result.rssAfter} MiB | ${result.uploadSeconds} s | ${result.mbPerSecond} MB/s | ${result.completeMs} ms |`,
    '',
    `(${result.samples} RSS samples.)`,
    '',
  ]
}

function frameSection(result: FrameResult | { error: string }, site: Site | undefined): string[] {
  const networks = NETWORKS.map(
    (n) => `${n.name}: ${n.downKbps / 1000} Mbit/s down, ${n.upKbps / 1000} Mbit/s up, ${n.latencyMs} ms added latency`,
  )
  const head = [
    '## 3. Time to first frame on slow networks: HLS against the original MP4',
    '',
    `Method: Debian's Chromium (headless, playwright-core, client/e2e/chromium.ts), a fresh browser context per run (empty cache),`,
    `throttled with the DevTools protocol's \`Network.emulateNetworkConditions\` (${networks.join('; ')};`,
    '1 Mbit = 10^6 bit; the latency is added to every request). Two course pages with the same **hour-long** lecture',
    `(bench/video-hour.ts: the test video's streams repeated 60 times without re-encoding, +faststart, ${site ? describeBytes(fs.existsSync(path.join(site.uploadDir, site.hour.mp4Key)) ? fs.statSync(path.join(site.uploadDir, site.hour.mp4Key)).size : 0) : '?'}): one whose`,
    "video has its ready streaming copy (the server's ladder of the 60 s video, each rung's segments repeated into an hour-long",
    'playlist; played through hls.js from the master playlist), one pointing at the MP4 under another name with no streaming copy',
    'and no VideoAsset row (the player plays the original). Each run opens the page and waits until it is',
    'taken over (hydrated); **settled** then also waits until the network is idle (with preload="metadata" hls.js has fetched the',
    'playlists, and Chromium the start of the MP4), **at once** presses play straight away. The video is muted, the play button',
    '(`播放「<title>」`) is pressed, and the time is measured in the page from that click to `currentTime > 0` (polled every 5 ms);',
    '"page open" is from the navigation\'s start (for settled it includes the wait for an idle network). Video bytes are the playlists, segments and MP4 received (DevTools',
    '`Network.dataReceived`), counted up to the moment the first frame was seen. After the first frame, 10 s of playback are',
    'watched: seconds of video played and `waiting` events (stalls). ' +
      `${FRAME_RUNS} runs per page, click moment and network, the two pages alternating; one unthrottled load of each page first, not counted. Medians.`,
    '',
  ]
  if ('error' in result) return [...head, `Not measured: ${result.error}`, '']
  const rows: string[] = []
  const perRun: string[] = []
  for (const network of NETWORKS) {
    for (const moment of CLICK_MOMENTS) {
      for (const variant of ['HLS', 'MP4'] as const) {
        const runs = result.runs[network.name][moment][variant]
        const ok = runs.filter((run): run is FirstFrame => !('error' in run))
        const failed = runs.filter((run): run is { error: string } => 'error' in run)
        const failedText = failed.length ? `${failed.length} failed: ${failed[0].error}` : ''
        const label = `| ${network.name} | ${moment} | ${variant} |`
        perRun.push(
          `- ${network.name}, ${moment}, ${variant}: ${runs.map((run) => ('error' in run ? 'failed' : `${run.ms} ms (page open ${run.sincePageOpenMs} ms, ${kib(run.videoBytes)}, played ${run.playedSeconds} s)`)).join(' / ')}`,
        )
        if (!ok.length) {
          rows.push(`${label} | | | | | | | | | ${failedText} |`)
          continue
        }
        const heights = [...new Set(ok.map((r) => `${r.height}p`))].join(', ')
        rows.push(
          `${label} ${median(ok.map((r) => r.ms))} | ${median(ok.map((r) => r.sincePageOpenMs))} | ${kib(median(ok.map((r) => r.videoBytesBeforeClick)))} | ${kib(median(ok.map((r) => r.videoBytes)))} | ${kib(median(ok.map((r) => r.allBytes)))} | ${heights} | ${median(ok.map((r) => r.playedSeconds))} s | ${median(ok.map((r) => r.stalls))} | ${failedText} |`,
        )
      }
    }
  }
  return [
    ...head,
    `- HLS copy: ${result.hlsFacts}. Course pages: HLS /course/detail/${site?.hlsCourse.id}, MP4 /course/detail/${site?.mp4Course.id}.`,
    `- Load average before each network: ${result.loadAverages.join('; ')}.`,
    '',
    '| network | click | page plays | click to first frame (ms) | page open to first frame (ms) | video bytes before the click | video bytes up to the first frame | all bytes, page open to first frame | picture height at first frame | video played in the next 10 s | stalls in those 10 s | failed runs |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |',
    ...rows,
    '',
    'Each run:',
    '',
    ...perRun,
    '',
    'Reading the numbers: with preload="metadata" Chromium fetches the start of an index-first MP4 as soon as the server-rendered',
    'page names it, so the original can show its first frame almost at once after the click; whether it then keeps playing depends',
    "on the original's bit rate against the link, which the played seconds and stalls show. The player attaches hls.js only after",
    'the page is taken over; a page\'s main video (preload="auto") then loads the first segment of the lowest rung once the page',
    'is idle, so a click on the settled page finds it buffered. A click before that (at once) pays the first segment after the',
    'click, on the rung hls.js picks from its default bandwidth estimate.',
    '',
  ]
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-bench-video-'))
  // load.ts stops the child processes on exit; the temporary folder (2 GiB at times) goes with them.
  process.on('exit', () => fs.rmSync(workDir, { recursive: true, force: true }))
  const loadAtStart = loadNow()
  let site: Site | undefined
  let server: Server | undefined
  let watch: Watch | undefined
  let latency: LatencyResult | { error: string } = { error: 'not reached' }
  let upload: UploadResult | { error: string } = { error: 'not reached' }
  let frames: FrameResult | { error: string } = { error: 'not reached' }
  try {
    console.log(`preparing the site in ${workDir} (seed, client build, test video) ...`)
    site = await prepareSite(workDir)
    const appEnv = {
      UPLOAD_DIR: site.uploadDir,
      DATABASE_URL: `file:${site.databaseFile}`,
      CLIENT_DIST: site.clientDist,
      NODE_ENV: 'production',
      SMS_PROVIDER: 'off',
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'warn',
      PORT: '0',
      JWT_SECRET: 'bench-secret-0123456789-0123456789-abcdef',
      JOB_CONCURRENCY: '1',
    }
    server = await startChild('bench/serve-app.ts', appEnv)
    watch = databaseWatch(site.databaseFile)
    const { pendingJobs } = watch
    // The seed asked for the demo videos' copies: they are made before anything is timed.
    console.log('waiting for the demo seed’s transcodes ...')
    await waitFor(() => pendingJobs() === 0, 10 * 60_000, "the demo seed's transcodes")

    console.log('1. latency while transcoding ...')
    latency = await measureLatency(server, site, appEnv, watch).catch((error: unknown) => ({ error: errorText(error) }))
    if (isLatencyOnly) {
      upload = { error: 'not measured in this run (--latency-only)' }
      frames = { error: 'not measured in this run (--latency-only)' }
    } else {
      console.log(`2. memory during a ${describeBytes(UPLOAD_BYTES)} upload ...`)
      const serverPid = server.child.pid!
      const port = server.port
      const uploadDir = site.uploadDir
      upload = await (async () => {
        await waitFor(() => pendingJobs() === 0, 20 * 60_000, 'the job queue to empty')
        const auth = await signIn(port, DEMO_MEMBER)
        return measureUpload({ port, pid: serverPid, auth, workDir, uploadDir, bytes: UPLOAD_BYTES })
      })().catch((error: unknown) => ({ error: errorText(error) }))
      console.log(`   ${JSON.stringify(upload)}`)
      console.log('3. time to first frame ...')
      frames = await measureFirstFrames(server, site, watch).catch((error: unknown) => ({ error: errorText(error) }))
    }
  } catch (error) {
    const text = errorText(error)
    for (const part of [latency, upload, frames])
      if ('error' in part && part.error === 'not reached') part.error = `the run stopped before it: ${text}`
    console.error(error)
  } finally {
    watch?.close()
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve))
      server.child.kill('SIGTERM')
      await Promise.race([exited, sleep(15_000)])
    }
  }

  const seconds = round((Date.now() - started) / 1000)
  const markdown = [
    '# Benchmark: the video pipeline',
    '',
    `Written by \`npm run bench:video\` (bench/video.ts) on ${new Date().toISOString()}, in ${seconds} s.`,
    '',
    `- Machine: ${machineNote()}; load average at the start ${loadAtStart}, at the end ${loadNow()} (each part records its own`,
    '  below). The machine is shared with other work, so compare figures of this run with each other, not across runs.',
    '- Server: the real server (`startServer` via bench/serve-app.ts) in a child process, NODE_ENV=production, LOG_LEVEL=warn,',
    '  JOB_CONCURRENCY=1 (transcoding jobs in the server process, ffmpeg its child), on a freshly migrated, demo-seeded SQLite',
    '  database and upload folder in a temporary directory, with the client built for it by vite. Everything on 127.0.0.1; the',
    "  demo seed's own two small videos were transcoded before anything was timed.",
    `- Test video, made at run time: ${site?.videoFacts ?? 'not made'}.`,
    '',
    ...latencySection(latency),
    ...uploadSection(upload),
    ...frameSection(frames, site),
  ].join('\n')
  if (isQuick || isLatencyOnly)
    console.log(`\n${markdown}\n(${isQuick ? '--quick' : '--latency-only'}: bench/results-video.md left as it was)`)
  else {
    fs.writeFileSync(path.join(projectRoot, 'bench', 'results-video.md'), markdown)
    console.log(`wrote bench/results-video.md (${seconds} s)`)
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
