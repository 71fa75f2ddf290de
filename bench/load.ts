// The load side of `npm run bench`, shared by its modes (bench/run.ts, bench/cluster.ts): child
// processes on loopback, one request with the browser's headers, autocannon samples with the CPU the
// server's processes spent on them, and medians of alternating runs.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import { projectRoot } from '../server/lib/database-url'

// What Chromium sends; the server picks the encoding it prefers among these.
export const ACCEPT_ENCODING = 'gzip, deflate, br'
export const CONNECTIONS = 10
export const DURATION = Number(process.env.BENCH_DURATION ?? 1.5)
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
export const WARMUP = 0.5
export const HOST = '127.0.0.1'

export const started = Date.now()
const children = new Set<ChildProcess>()
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')))
process.on('SIGINT', () => process.exit(130))
process.on('SIGTERM', () => process.exit(143))

/** A server under load; its CPU is its process's and every descendant's (cluster workers). */
export type Server = {
  port: number
  child: ChildProcess
  /** The database server's process, when it is a process here (PostgreSQL): its CPU is sampled too. */
  databasePid?: number
  /** Worker processes behind the port (a cluster); 1 when absent. */
  workers?: number
}

/** Spawns a TypeScript file (or, `isCompiled`, a built JavaScript one) in its own Node process, stopped when the bench exits. */
export function spawnTypeScript(file: string, env: Record<string, string>, isCompiled = false): ChildProcess {
  const child = spawn(process.execPath, isCompiled ? [file] : ['--import', 'tsx', file], {
    cwd: projectRoot,
    env: { ...process.env, HOST, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Runs a TypeScript file in its own Node process and waits for its `{"port":N}` line. */
export function startChild(file: string, env: Record<string, string>): Promise<Server> {
  const child = spawnTypeScript(file, env)
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

export type Probe = {
  status: number
  headers: http.IncomingHttpHeaders
  raw: Buffer
  json: { code?: number; msg?: string; data?: unknown }
}

/** One request with the bench headers; `raw` is the body exactly as sent on the wire. */
export function probe(port: number, urlPath: string, body: object, auth?: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING }
    if (auth) headers.authorization = auth
    const req = http.request({ host: HOST, port, path: urlPath, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const plain = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
        let json = {}
        try {
          json = JSON.parse(plain.toString())
        } catch {
          // Left empty: the probe's caller reports the status.
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, json })
      })
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

/**
 * CPU time (ms) a process has used, from /proc on Linux; undefined elsewhere. Each thread's
 * schedstat gives its time on a CPU in nanoseconds; /proc/<pid>/stat's utime and stime (clock
 * ticks of 10 ms) are the fallback. Nanoseconds matter: a light action at a low rate uses a few ms
 * of CPU in a run, which ticks would round to nothing.
 */
function ownCpuMs(pid: number): number | undefined {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .reduce((sum, task) => sum + Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6, 0)
  } catch {
    // A thread that ended between the listing and the read, or no schedstat: the whole process's ticks.
  }
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime are fields 14 and 15 of the line, in clock ticks of 10 ms (USER_HZ = 100).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/** The pids of a process's living children (Linux's /proc/<pid>/task/<tid>/children). */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

/**
 * CPU time (ms) of a process and all its living descendants: a cluster's primary and workers, or
 * a PostgreSQL server and its backends. Undefined where /proc is missing.
 */
export function treeCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  const own = ownCpuMs(pid)
  if (own === undefined) return undefined
  return childPids(pid).reduce((sum, child) => sum + (treeCpuMs(child) ?? 0), own)
}

/** `rotation`: how many distinct payloads `body` cycles through; the warm-up visits each once. */
export type Load = { path: string; body: (n: number) => object; auth?: string; rotation?: number }
export type Sample = { rps: number; p99: number; errors: number; cpuPerRequest?: number; databaseCpuPerRequest?: number }

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits

/** `rate`: requests per second offered in all (an equal load for two servers); as many as answered without it. */
export async function sample(server: Server, load: Load, warmup: boolean, rate?: number): Promise<Sample> {
  let n = 0
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING }
  if (load.auth) headers.authorization = load.auth
  const options = {
    url: `http://${HOST}:${server.port}`,
    connections: CONNECTIONS,
    ...(rate ? { overallRate: rate } : {}),
    headers,
    requests: [
      {
        method: 'POST' as const,
        path: load.path,
        setupRequest: (request: object) => ({ ...request, body: JSON.stringify(load.body(n++)) }),
      },
    ],
  }
  // Steady state: a rotation is visited once before timing (its first visits build kept answers).
  // Behind several workers each keeps its own answers and gets an unpredictable share of the
  // requests, so the rotation goes round 3 times per worker (a page a worker never saw: ~1.6% with two).
  const rounds = (server.workers ?? 1) > 1 ? 3 * server.workers! : 1
  if (warmup) await autocannon(load.rotation ? { ...options, amount: load.rotation * rounds } : { ...options, duration: WARMUP })
  const before = [treeCpuMs(server.child.pid), treeCpuMs(server.databasePid)]
  const result = await autocannon({ ...options, duration: DURATION })
  const after = [treeCpuMs(server.child.pid), treeCpuMs(server.databasePid)]
  /** µs of CPU per request between the two readings of one process tree. */
  const perRequest = (i: number) => {
    const [from, to] = [before[i], after[i]]
    return from === undefined || to === undefined ? undefined : round(((to - from) * 1000) / result.requests.total)
  }
  return {
    rps: round(result.requests.total / result.duration),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: perRequest(0),
    databaseCpuPerRequest: perRequest(1),
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2, 1)
}
/** The median of the values that were measured; undefined when none was. */
const medianOfDefined = (values: (number | undefined)[]) => {
  const defined = values.filter((v): v is number => v !== undefined)
  return defined.length ? median(defined) : undefined
}
export const medianOf = (samples: Sample[]): Sample => ({
  rps: median(samples.map((s) => s.rps)),
  p99: median(samples.map((s) => s.p99)),
  errors: samples.reduce((sum, s) => sum + s.errors, 0),
  cpuPerRequest: medianOfDefined(samples.map((s) => s.cpuPerRequest)),
  databaseCpuPerRequest: medianOfDefined(samples.map((s) => s.databaseCpuPerRequest)),
})

/**
 * Runs the load and its ceiling alternately, RUNS times each; medians of both. The first run of
 * each warms up first unless `isWarm`; `rate` and `ceilingRate` offer each a fixed number of
 * requests per second instead of as many as it answers.
 */
export async function paired(
  server: Server,
  load: Load,
  ceiling: Server,
  ceilingLoad: Load,
  { rate, ceilingRate, isWarm = false }: { rate?: number; ceilingRate?: number; isWarm?: boolean } = {},
) {
  const own: Sample[] = []
  const bare: Sample[] = []
  for (let i = 0; i < RUNS; i++) {
    bare.push(await sample(ceiling, ceilingLoad, i === 0 && !isWarm, ceilingRate))
    own.push(await sample(server, load, i === 0 && !isWarm, rate))
  }
  return { own: medianOf(own), ceiling: medianOf(bare) }
}

export async function signIn(port: number, account: { phone: string; password: string }): Promise<string> {
  const res = await probe(port, '/api/Member/login', { phone: account.phone, password: account.password, isWithout: true })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (!token) throw new Error(`sign-in of ${account.phone} failed: ${res.status} ${res.json.msg}`)
  return `Bearer ${token}`
}

export function machineNote(): string {
  const cpus = os.cpus()
  return `${cpus[0]?.model ?? 'unknown CPU'} x ${cpus.length}, ${round(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`
}
