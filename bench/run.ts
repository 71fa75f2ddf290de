// `npm run bench`: measures the real server on the large (and the demo) database against two ceilings
// served by a bare Express app, prints the table and writes bench/results.md. See docs/BENCHMARK.md.
// Every process listens on 127.0.0.1 only; the server and the ceilings run in child processes so the
// load generator (this process) never shares their event loop.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import autocannon, { type Result } from 'autocannon'
import Database from 'better-sqlite3'
import { projectRoot } from '../server/lib/database-url'
import { benchDataDir, benchUploadDir, ensureBenchDatabases, LARGE_COUNTS } from './generate-large-db'

// Actions under test. The payload names are the content API's (docs/API.md).
const INDEX_LIST = '/api/Index/indexList'
const TEACHER_LIST = '/api/Teacher/teacherList'
const COURSE_LIST = '/api/Course/courseList'
const COURSE_DETAILS = '/api/Course/courseDetails'
const SEARCH_PATH = '/api/Index/search'
const SEARCH_KEYWORD = '经济' // two characters, in about a fifth of the generated courses
const searchBody = { type: 'all', keyWord: SEARCH_KEYWORD }
const courseDetailsBody = (id: number) => ({ id })

// What Chromium sends; the server picks the encoding it prefers among these.
const ACCEPT_ENCODING = 'gzip, deflate, br'
const CONNECTIONS = 10
const DURATION = Number(process.env.BENCH_DURATION ?? 6)
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const WARMUP = 1
const HOST = '127.0.0.1'

type DbName = 'large' | 'demo'
type Target = { ratio: number; of: 'small' | 'same-size' } | { p99Below: number }
type Case = { name: string; path: string; body: object | ((n: number) => object); target?: Target; compareAcrossDbs?: boolean }
type Row = {
  name: string
  db: DbName | 'ceiling'
  rps: number
  p50: number
  p99: number
  bytes: number
  encoding: string
  errors: number
  cpuPerRequest?: number
  target?: Target
  note?: string
  ceiling?: Row
}

const started = Date.now()
const children = new Set<ChildProcess>()
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')))
// `timeout` and CI runners stop with SIGTERM; exiting through process.exit runs the handler above.
process.on('SIGINT', () => process.exit(130))
process.on('SIGTERM', () => process.exit(143))

type Server = { port: number; child: ChildProcess }

/** Runs a TypeScript file in its own Node process and waits for its `{"port":N}` line. */
function startChild(file: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: projectRoot,
    env: { ...process.env, HOST, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  return new Promise((resolve, reject) => {
    let buffered = ''
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 30 s`)), 30_000)
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code}`)))
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      for (const line of buffered.split('\n')) {
        if (!line.startsWith('{"port"')) continue
        clearTimeout(timer)
        resolve({ port: (JSON.parse(line) as { port: number }).port, child })
      }
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    children.delete(child)
  })
}

const startApp = (db: DbName) =>
  startChild('bench/serve-app.ts', {
    DATABASE_URL: `file:${path.join(benchDataDir, `${db}.db`)}`,
    UPLOAD_DIR: benchUploadDir,
    NODE_ENV: 'production',
    // Request logging off: the bench measures the API, not a terminal draining log lines.
    LOG_LEVEL: 'warn',
    PORT: '0',
  })

type Probe = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; json: { code?: number; msg?: string; data?: unknown } }

/** One request with the bench headers; `raw` is the body exactly as sent on the wire. */
function probe(port: number, urlPath: string, body: object): Promise<Probe> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const encoding = res.headers['content-encoding']
          const plain =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : encoding === 'deflate'
                  ? zlib.inflateSync(raw)
                  : raw
          try {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json: JSON.parse(plain.toString()) })
          } catch {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json: {} })
          }
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/**
 * CPU time (user + system, ms) a process has used, from /proc on Linux; undefined elsewhere.
 * Wall-clock throughput depends on what else the machine runs; CPU per request much less so.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime are fields 14 and 15 of the line, in clock ticks of 10 ms (USER_HZ = 100).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

async function measure(server: Server, urlPath: string, body: Case['body']): Promise<{ result: Result; cpu?: number }> {
  let n = 0
  const options = {
    url: `http://${HOST}:${server.port}`,
    connections: CONNECTIONS,
    headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
    // autocannon treats a present-but-undefined setupRequest as a function, so only add it when needed.
    requests: [
      typeof body === 'function'
        ? { method: 'POST', path: urlPath, setupRequest: (request: object) => ({ ...request, body: JSON.stringify(body(n++)) }) }
        : { method: 'POST', path: urlPath, body: JSON.stringify(body) },
    ],
  }
  await autocannon({ ...options, duration: WARMUP })
  const before = cpuMs(server.child.pid)
  const result = await autocannon({ ...options, duration: DURATION })
  const after = cpuMs(server.child.pid)
  return { result, cpu: before === undefined || after === undefined ? undefined : after - before }
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits

type Sample = { rps: number; p50: number; p99: number; errors: number; cpuPerRequest?: number }
type Prepared = { base: Pick<Row, 'name' | 'db' | 'bytes' | 'encoding' | 'target'>; note?: string }

/** Probes the case once: the answer must be code 200 before it is timed. */
async function prepareCase(db: DbName | 'ceiling', server: Server, c: Case): Promise<Prepared> {
  const first = await probe(server.port, c.path, typeof c.body === 'function' ? c.body(0) : c.body)
  const encoding = String(first.headers['content-encoding'] ?? 'identity')
  const base = { name: c.name, db, bytes: first.raw.length, encoding, target: c.target }
  if (first.status === 200 && (first.json.code === 200 || first.json.code === 0)) return { base }
  const note = `not measured: HTTP ${first.status} ${JSON.stringify(first.json.msg ?? '')}`
  console.log(`  ${c.name} [${db}] ${note}`)
  return { base, note }
}

async function sampleCase(server: Server, c: Case): Promise<Sample> {
  const { result, cpu } = await measure(server, c.path, c.body)
  return {
    rps: round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: cpu === undefined ? undefined : round((cpu * 1000) / result.requests.total),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2, 1)
}

/** One row from RUNS samples: the median of each figure (errors are summed). */
function summarize({ base }: Prepared, samples: Sample[]): Row {
  const cpu = samples.map((s) => s.cpuPerRequest).filter((v): v is number => v !== undefined)
  const row: Row = {
    ...base,
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    cpuPerRequest: cpu.length === samples.length ? median(cpu) : undefined,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  }
  const cpuText = row.cpuPerRequest === undefined ? '' : `, server CPU ${row.cpuPerRequest} µs/request`
  console.log(
    `  ${row.name} [${row.db}] median of ${samples.length}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${cpuText}, ${row.bytes} B ${row.encoding}`,
  )
  return row
}

const unmeasured = ({ base, note }: Prepared): Row => ({ ...base, rps: 0, p50: 0, p99: 0, errors: 0, note })

/** Published course ids spread over the whole table, so details requests rotate through real rows. */
function courseIds(file: string, wanted = 1000): number[] {
  const db = new Database(file, { readonly: true })
  const ids = (db.prepare('SELECT id FROM "Course" WHERE "isPublished" = 1 ORDER BY id').all() as { id: number }[]).map((r) => r.id)
  db.close()
  const step = Math.max(1, Math.floor(ids.length / wanted))
  return ids.filter((_, i) => i % step === 0).slice(0, wanted)
}

function machineNote(): string {
  const cpus = os.cpus()
  return `${cpus[0]?.model ?? 'unknown CPU'} x ${cpus.length}, ${round(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`
}

function describeTarget(t: Target | undefined): string {
  if (!t) return ''
  return 'ratio' in t ? `>= ${t.ratio * 100}% of ${t.of} ceiling` : `p99 < ${t.p99Below} ms`
}

async function main() {
  console.log('preparing databases ...')
  const { demo, large } = ensureBenchDatabases(process.argv.includes('--force'))
  for (const db of [demo, large])
    console.log(`  ${db.meta.kind}.db ${db.reused ? 'reused' : `generated in ${db.meta.seconds} s`}`, db.meta.counts)
  const ids = courseIds(large.file)

  const listCases: Case[] = [
    { name: 'teacherList page 1', path: TEACHER_LIST, body: { page: 1 }, compareAcrossDbs: true },
    { name: 'courseList page 1', path: COURSE_LIST, body: { page: 1 }, compareAcrossDbs: true },
    { name: `search all "${SEARCH_KEYWORD}"`, path: SEARCH_PATH, body: searchBody, target: { p99Below: 50 }, compareAcrossDbs: true },
  ]
  const largeCases: Case[] = [
    { name: 'indexList', path: INDEX_LIST, body: {}, target: { ratio: 0.8, of: 'same-size' }, compareAcrossDbs: true },
    { name: 'teacherList page 50', path: TEACHER_LIST, body: { page: 50 }, target: { ratio: 0.4, of: 'small' } },
    ...listCases,
    // Last: it counts views, i.e. writes.
    {
      name: `courseDetails (${ids.length} ids rotating)`,
      path: COURSE_DETAILS,
      body: (n) => courseDetailsBody(ids[n % ids.length]),
      target: { ratio: 0.4, of: 'small' },
    },
  ]
  const demoCases: Case[] = [largeCases[0], ...listCases]
  // `npm run bench -- --only courseDetails`: just the matching large-database rows (and their ceilings),
  // printed but not written to results.md; for checking one change quickly.
  const onlyAt = process.argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='))
  const onlyMode = onlyAt >= 0
  if (onlyMode) {
    const only = process.argv[onlyAt].split('=')[1] ?? process.argv[onlyAt + 1] ?? ''
    largeCases.splice(0, largeCases.length, ...largeCases.filter((c) => c.name.includes(only)))
    demoCases.length = 0
  }

  console.log('starting the real server on large.db ...')
  const app = await startApp('large')
  const index = await probe(app.port, INDEX_LIST, {})
  if (index.json.code !== 200) throw new Error(`indexList failed: ${index.status} ${JSON.stringify(index.json.msg)}`)
  const bodyFile = path.join(benchDataDir, 'indexList.body')
  fs.writeFileSync(bodyFile, index.raw)
  const encoding = String(index.headers['content-encoding'] ?? '')
  console.log(`  indexList answer: ${index.raw.length} bytes, Content-Encoding ${encoding || 'none'}`)
  const ceiling = await startChild('bench/ceiling-server.ts', { CEILING_BODY_FILE: bodyFile, CEILING_ENCODING: encoding })
  const ceilingCases: Record<'small' | 'same-size', Case> = {
    small: { name: 'ceiling: small JSON', path: '/small', body: {} },
    'same-size': { name: 'ceiling: same size as indexList', path: '/same-size', body: {} },
  }

  const rows: Row[] = []
  // Each ratio target runs right after its own ceiling: on a shared machine adjacent runs see the same load.
  // Each ratio target alternates with its own ceiling, run by run: on a shared machine adjacent
  // runs see the same load, and the medians of RUNS runs damp what one disturbed run would show.
  const run = async (db: DbName, server: Server, c: Case) => {
    const paired = db === 'large' && c.target && 'ratio' in c.target ? ceilingCases[c.target.of] : undefined
    const ceilingCase = paired && (await prepareCase('ceiling', ceiling, paired))
    const prepared = await prepareCase(db, server, c)
    if (prepared.note) {
      if (ceilingCase) rows.push(unmeasured(ceilingCase))
      rows.push(unmeasured(prepared))
      return
    }
    const ceilingSamples: Sample[] = []
    const samples: Sample[] = []
    for (let i = 0; i < RUNS; i++) {
      if (paired) ceilingSamples.push(await sampleCase(ceiling, paired))
      samples.push(await sampleCase(server, c))
    }
    if (!ceilingCase) return void rows.push(summarize(prepared, samples))
    const ceilingRow = summarize(ceilingCase, ceilingSamples)
    rows.push(ceilingRow, { ...summarize(prepared, samples), ceiling: ceilingRow })
  }
  console.log('large database ...')
  for (const c of largeCases) await run('large', app, c)
  await stopChild(app.child)
  console.log('demo database ...')
  if (demoCases.length) {
    const demoApp = await startApp('demo')
    for (const c of demoCases) await run('demo', demoApp, c)
    await stopChild(demoApp.child)
  }
  await stopChild(ceiling.child)

  const verdicts: string[] = []
  const table = [
    '| endpoint | db | req/s | p50 ms | p99 ms | server CPU µs/req | answer bytes | vs ceiling above | by CPU | target | result |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  for (const r of rows) {
    let ratio = ''
    let cpuRatio = ''
    let result = ''
    if (r.db === 'large' && r.target) {
      if (r.note) result = 'not measured'
      else if ('ratio' in r.target && r.ceiling) {
        const value = r.rps / r.ceiling.rps
        ratio = `${round(value * 100)}%`
        result = value >= r.target.ratio ? 'pass' : 'MISS'
        if (r.cpuPerRequest && r.ceiling.cpuPerRequest) {
          const byCpu = r.ceiling.cpuPerRequest / r.cpuPerRequest
          cpuRatio = `${round(byCpu * 100)}%`
          // Disagreement means the run was disturbed; say so rather than report a lucky pass or an unlucky miss.
          if (byCpu >= r.target.ratio !== value >= r.target.ratio)
            result += ` by req/s, ${byCpu >= r.target.ratio ? 'pass' : 'MISS'} by CPU`
        }
      } else if ('p99Below' in r.target) result = r.p99 < r.target.p99Below ? 'pass' : 'MISS'
      verdicts.push(`${r.name}: ${result}${cpuRatio ? ` (${ratio} by req/s, ${cpuRatio} by CPU)` : ''}`)
    }
    const cells = r.note
      ? `${r.note} | | | | | | |`
      : `${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuPerRequest ?? ''} | ${r.bytes} ${r.encoding} | ${ratio} | ${cpuRatio} |`
    table.push(
      `| ${r.name} | ${r.db === 'ceiling' ? '-' : r.db} | ${cells} ${r.db === 'large' ? describeTarget(r.target) : ''} | ${result} |`,
    )
  }

  // Large vs demo: a missing index shows up as a collapse in throughput, not as a few percent.
  const comparisons: string[] = []
  for (const c of largeCases.filter((c) => c.compareAcrossDbs)) {
    const l = rows.find((r) => r.name === c.name && r.db === 'large')
    const d = rows.find((r) => r.name === c.name && r.db === 'demo')
    if (!l || !d || l.note || d.note) continue
    const share = l.rps / d.rps
    const verdict = share >= 0.5 ? 'ok' : 'SLOWER (check indexes)'
    comparisons.push(`| ${c.name} | ${d.rps} | ${l.rps} | ${round(share * 100)}% | ${d.p99} | ${l.p99} | ${verdict} |`)
  }

  const seconds = round((Date.now() - started) / 1000)
  const markdown = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString()}, in ${seconds} s.`,
    '',
    `- Machine: ${machineNote()}; load average at the end ${os
      .loadavg()
      .map((n) => round(n, 2))
      .join(' / ')}. The machine`,
    '  may be shared with other work, so compare rows of one run rather than numbers across runs.',
    `- Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per run, ${RUNS} runs per row (each figure is the median), \`Accept-Encoding: ${ACCEPT_ENCODING}\`,`,
    '  POST with a JSON body, loopback only. The real server (`startServer` from server/index.ts, NODE_ENV=production,',
    '  LOG_LEVEL=warn) and the ceilings (bare Express) each run in their own child process.',
    `- Databases: large = demo seed + ${LARGE_COUNTS.teachers} teachers, ${LARGE_COUNTS.courses} courses, ${LARGE_COUNTS.specials} topics`,
    `  (${JSON.stringify(large.meta.counts)}); demo = the demo seed (${JSON.stringify(demo.meta.counts)}).`,
    `- courseDetails rotates over ${ids.length} published course ids spread over the table (views are counted on each`,
    `  request). Search: \`${SEARCH_PATH}\` with ${JSON.stringify(searchBody)}.`,
    '- Each row with a throughput target alternates run by run with its ceiling, and its ratio is of the two medians.',
    '  "by CPU" compares server CPU time per request instead (ceiling µs / endpoint µs, from /proc): what the ratio',
    '  would be on an otherwise idle machine for a CPU-bound server, and much steadier when the machine is busy.',
    '',
    table.join('\n'),
    '',
    '## Large vs demo database',
    '',
    '| endpoint | demo req/s | large req/s | large/demo | demo p99 ms | large p99 ms | verdict |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...comparisons,
    '',
    'A list or search that lost its index would fall far below half of its demo throughput; the verdict flags that.',
    '',
  ].join('\n')
  if (!onlyMode) fs.writeFileSync(path.join(projectRoot, 'bench', 'results.md'), markdown)
  console.log(`\n${table.join('\n')}\n\n${comparisons.join('\n')}\n`)
  console.log(`${verdicts.join('; ')}\n${onlyMode ? 'partial run: results.md left as it was' : 'wrote bench/results.md'} (${seconds} s)`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
