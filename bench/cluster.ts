// `npm run bench -- --cluster`: the portal on PostgreSQL as `npm run start:cluster` runs it, two
// workers against one. Every timed action alternates between the two clusters run by run; server
// CPU per request is the primary's and its workers' together, the database's is measured beside
// it. Then the issue's cross-process checks through two separate server processes (a cluster's
// port hides which worker answers). Writes bench/results-cluster.md.
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import pg from 'pg'
import { DEMO_ADMIN, DEMO_MEMBER } from '../seed/demo-accounts'
import { actions } from '../server/actions'
import { actionPath } from '../server/http/action'
import { Code } from '../server/http/envelope'
import { projectRoot } from '../server/lib/database-url'
import { freePort } from '../server/test/postgres-cluster'
import { authFor, loadOf, notRepeatable, selectedActions } from './action-loads'
import {
  childPids,
  CONNECTIONS,
  DURATION,
  machineNote,
  median,
  paired,
  probe,
  round,
  RUNS,
  signIn,
  spawnTypeScript,
  started,
  startChild,
  treeCpuMs,
} from './load'
import type { Sample, Server } from './load'
import { copyIntoPostgres } from './postgres-copy'

/** The issue's rule: two workers may not spend more than 10% more server CPU per request than one. */
const CPU_GROWTH_LIMIT = 1.1
/** An admin edit through one process must be seen through the other within this long. */
const FRESH_WITHIN_MS = 1000

type ClusterRow = { name: string; one?: Sample; two?: Sample; note?: string }
type Check = { name: string; passed: boolean; detail: string }
type Options = { runFile: string; appEnv: Record<string, string>; only: string | undefined; counts: Record<string, number> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runClusterBench({ runFile, appEnv, only, counts }: Options) {
  const { cluster, url } = await copyIntoPostgres(runFile)
  const env = { ...appEnv, DATABASE_URL: url }
  console.log('starting one cluster with 1 worker and one with 2 ...')
  const one = await startCluster(1, env, cluster.pid())
  const two = await startCluster(2, env, cluster.pid())
  const tokens = { memberAuth: await signIn(two.port, DEMO_MEMBER), adminAuth: await signIn(two.port, DEMO_ADMIN) }

  const rows: ClusterRow[] = []
  for (const action of selectedActions(actions, only)) {
    const name = actionPath(action).slice(5)
    const skip = notRepeatable(name)
    if (skip) {
      rows.push({ name, note: `not timed: ${skip}` })
      continue
    }
    const load = loadOf(action, runFile, authFor(action, tokens))
    const first = await probe(two.port, load.path, load.body(0), load.auth)
    if (first.status !== 200 || first.json.code !== 200) {
      rows.push({ name, note: `answered HTTP ${first.status} ${JSON.stringify(first.json.msg ?? '')}` })
      continue
    }
    const { own, ceiling } = await paired(two, load, one, load)
    rows.push({ name, two: own, one: ceiling })
    console.log(
      `  ${name}: 1 worker ${ceiling.rps} req/s ${ceiling.cpuPerRequest} µs/req, 2 workers ${own.rps} req/s ${own.cpuPerRequest} µs/req`,
    )
  }
  await Promise.all([stop(one), stop(two)])

  console.log('cross-process checks with two server processes ...')
  const checks = await crossProcessChecks(env)
  for (const check of checks) console.log(`  ${check.passed ? 'pass' : 'FAIL'}: ${check.name}: ${check.detail}`)
  await sleep(500)
  await cluster.stop()
  writeClusterResults(rows, checks, only, counts)
}

/**
 * `scripts/start-cluster.ts` with `workers` workers on a free port; ready once it answers and every
 * worker has finished starting (its CPU at rest), so no timed run pays for a worker's start-up.
 */
async function startCluster(workers: number, env: Record<string, string>, databasePid: number): Promise<Server> {
  const port = await freePort()
  const child = spawnTypeScript('scripts/start-cluster.ts', { ...env, PORT: String(port), WEB_CONCURRENCY: String(workers) })
  child.stdout!.resume()
  const deadline = Date.now() + 120_000
  let seen = ''
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start:cluster with ${workers} workers exited with code ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error(`start:cluster with ${workers} workers did not start within 120 s (${seen})`)
    const answered = await probe(port, '/api/Index/getConfig', {}).then(
      (res) => res.status === 200,
      () => false,
    )
    // The workers are the primary's children running the same script (a loader may have its own).
    const pids = childPids(child.pid!).filter((pid) => commandLine(pid).includes('start-cluster'))
    const before = pids.map((pid) => treeCpuMs(pid) ?? 0)
    await sleep(500)
    const busy = pids.map((pid, i) => (treeCpuMs(pid) ?? 0) - before[i])
    seen = `answered: ${answered}, workers: ${pids.length}, CPU ms in 500 ms: ${busy.join('/')}`
    if (answered && pids.length === workers && busy.every((ms) => ms < 30)) return { port, child, databasePid }
  }
}

const commandLine = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return ''
  }
}

async function stop(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await Promise.race([exited, sleep(20_000)])
}

/** The issue's three checks, through two real server processes on the one database. */
async function crossProcessChecks(env: Record<string, string>): Promise<Check[]> {
  const [a, b] = await Promise.all([startChild('bench/serve-app.ts', env), startChild('bench/serve-app.ts', env)])
  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  try {
    const memberAuth = await signIn(a.port, DEMO_MEMBER)
    const adminAuth = await signIn(a.port, DEMO_ADMIN)
    return [await parallelFollows(a, b, db, memberAuth), await loginLimit(a, b), await adminEditSeen(a, b, adminAuth)]
  } finally {
    await db.end()
    a.child.kill('SIGTERM')
    b.child.kill('SIGTERM')
  }
}

async function parallelFollows(a: Server, b: Server, db: pg.Client, memberAuth: string): Promise<Check> {
  const member = (await db.query<{ id: number }>('SELECT id FROM "Member" WHERE phone = $1', [DEMO_MEMBER.phone])).rows[0]
  const teacher = (await db.query<{ id: number }>('SELECT id FROM "Teacher" WHERE "isPublished" ORDER BY id DESC LIMIT 1')).rows[0]
  await db.query('DELETE FROM "TeacherFollow" WHERE "memberId" = $1 AND "teacherId" = $2', [member.id, teacher.id])
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => probe((i % 2 ? b : a).port, '/api/Teacher/teacherFollow', { teacherId: teacher.id }, memberAuth)),
  )
  const succeeded = answers.filter((answer) => answer.json.code === Code.OK).length
  const { count } = (
    await db.query<{ count: string }>('SELECT count(*) FROM "TeacherFollow" WHERE "memberId" = $1 AND "teacherId" = $2', [
      member.id,
      teacher.id,
    ])
  ).rows[0]
  return {
    name: '100 parallel follows of one teacher by one member, split across both processes',
    passed: succeeded === 100 && Number(count) === 1,
    detail: `${succeeded} of 100 answered 200; ${count} row(s) left`,
  }
}

async function loginLimit(a: Server, b: Server): Promise<Check> {
  // A number no account has: failures count for a phone whether or not it is registered.
  const phone = `137${String(Date.now()).slice(-8)}`
  const attempt = (server: Server, password: string) => probe(server.port, '/api/Member/login', { phone, password })
  const onA = []
  for (let i = 0; i < 3; i++) onA.push((await attempt(a, `wrong-password-${i}`)).json.code)
  const onB = (await attempt(b, 'another-password-9')).json.code
  return {
    name: 'a sign-in limit reached through one process holds on the other',
    passed: onA[2] === Code.CAPTCHA_REQUIRED && onB === Code.CAPTCHA_REQUIRED,
    detail: `3 failures through A answered ${onA.join(', ')}; the next attempt through B answered ${onB} (428: image captcha required)`,
  }
}

async function adminEditSeen(a: Server, b: Server, adminAuth: string): Promise<Check> {
  const icp = `京ICP备${Date.now() % 1e8}号`
  // B keeps the current answer first, so the check is about its kept copy going stale.
  await probe(b.port, '/api/Index/getConfig', {})
  const saved = await probe(a.port, '/api/Admin/configSave', { icp }, adminAuth)
  const savedAt = Date.now()
  let seenAfter: number | undefined
  while (saved.json.code === Code.OK && Date.now() - savedAt < 5000) {
    const config = (await probe(b.port, '/api/Index/getConfig', {})).json.data as { icp?: string } | undefined
    if (config?.icp === icp) {
      seenAfter = Date.now() - savedAt
      break
    }
    await sleep(10)
  }
  return {
    name: 'an admin edit through one process is seen through the other within 1 s',
    passed: seenAfter !== undefined && seenAfter <= FRESH_WITHIN_MS,
    detail:
      saved.json.code !== Code.OK
        ? `the edit answered ${saved.json.code}`
        : seenAfter === undefined
          ? 'not seen within 5 s'
          : `seen after ${seenAfter} ms`,
  }
}

function writeClusterResults(rows: ClusterRow[], checks: Check[], only: string | undefined, counts: Record<string, number>) {
  const timed = rows.filter((row) => row.one?.cpuPerRequest && row.two?.cpuPerRequest)
  const cpuRatio = (row: ClusterRow) => row.two!.cpuPerRequest! / row.one!.cpuPerRequest!
  const rpsRatio = (row: ClusterRow) => row.two!.rps / row.one!.rps
  const totalCpu = (sample: Sample) => (sample.cpuPerRequest ?? 0) + (sample.databaseCpuPerRequest ?? 0)
  const grown = timed.filter((row) => cpuRatio(row) > CPU_GROWTH_LIMIT)
  const percent = (value: number) => `${round(value * 100)}%`
  const seconds = round((Date.now() - started) / 1000)
  const lines = [
    '# Benchmark: two worker processes against one, on PostgreSQL',
    '',
    `Written by \`npm run bench -- --cluster\` (bench/cluster.ts) on ${new Date().toISOString()}, in ${seconds} s.`,
    '',
    `- Machine: ${machineNote()}; load average at the end ${os
      .loadavg()
      .map((n) => round(n, 2))
      .join(' / ')}. The load generator (autocannon, one core at most) and PostgreSQL share these cores with the workers.`,
    `- Two \`npm run start:cluster\` instances on one PostgreSQL 15 database (the large database copied in: ${JSON.stringify(counts)}),`,
    '  one with `WEB_CONCURRENCY=1` and one with `WEB_CONCURRENCY=2`. Every action with its example payload, alternating',
    `  between them run by run (${RUNS} runs of ${DURATION} s, ${CONNECTIONS} connections, medians).`,
    '- Server CPU is the primary and its workers together, read from /proc; PostgreSQL CPU is its server and backends.',
    '',
    '## Summary',
    '',
    '| measure | value |',
    '| --- | --- |',
    `| timed actions | ${timed.length} |`,
    `| throughput, 2 workers / 1 worker (median) | ${timed.length ? percent(median(timed.map(rpsRatio))) : 'n/a'} |`,
    `| server CPU µs per request, 2 workers / 1 worker (median) | ${timed.length ? percent(median(timed.map(cpuRatio))) : 'n/a'} |`,
    `| server + PostgreSQL CPU per request, 2 workers / 1 worker (median) | ${timed.length ? percent(median(timed.map((row) => totalCpu(row.two!) / totalCpu(row.one!)))) : 'n/a'} |`,
    `| actions whose server CPU per request grew by more than ${percent(CPU_GROWTH_LIMIT - 1)} | ${grown.length ? grown.map((row) => `${row.name} (${percent(cpuRatio(row))})`).join(', ') : 'none'} |`,
    '',
    '## Correctness with two processes',
    '',
    '| check | result | detail |',
    '| --- | --- | --- |',
    ...checks.map((check) => `| ${check.name} | ${check.passed ? 'pass' : 'FAIL'} | ${check.detail} |`),
    '',
    '## Every action',
    '',
    '| action | 1 worker req/s | 2 workers req/s | throughput ratio | 1 worker CPU µs/req | 2 workers CPU µs/req | CPU ratio | PostgreSQL CPU µs/req (1 / 2) | p99 ms (1 / 2) | result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) =>
      row.one && row.two && timed.includes(row)
        ? `| ${row.name} | ${row.one.rps} | ${row.two.rps} | ${percent(rpsRatio(row))} | ${row.one.cpuPerRequest} | ${row.two.cpuPerRequest} | ${percent(cpuRatio(row))} | ${row.one.databaseCpuPerRequest ?? ''} / ${row.two.databaseCpuPerRequest ?? ''} | ${row.one.p99} / ${row.two.p99} | ${cpuRatio(row) <= CPU_GROWTH_LIMIT ? 'pass' : 'MISS'}${row.one.errors + row.two.errors ? `, ${row.one.errors + row.two.errors} errors` : ''} |`
        : `| ${row.name} | | | | | | | | | ${row.note ?? 'no CPU reading'} |`,
    ),
    '',
  ]
  const file = path.join(projectRoot, 'bench', only ? 'results-cluster-partial.md' : 'results-cluster.md')
  fs.writeFileSync(file, lines.join('\n'))
  console.log(`wrote ${path.relative(projectRoot, file)} (${seconds} s)`)
}
