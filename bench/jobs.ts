// `npm run bench:jobs`: what pg-boss costs the durable jobs on PostgreSQL, against the ledger's own
// leases (the queue SQLite uses) run on the same database, side by side in one run, written to
// bench/results-jobs.md:
//  * enqueue: one job in its own transaction, as a publish's fan-out or an upload's transcode asks;
//  * drain: JOBS jobs taken by WORKERS claim loops at once (claim, then complete), in jobs per second,
//    and how many were claimed twice (must be 0).
// Rounds alternate the queues (A B A B …) on one throwaway cluster; medians are quoted. The measuring
// runs in a child process so DATABASE_URL is set before the server's modules load. `--quick`: fewer
// jobs and rounds, printed instead of written.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'
import { migratePostgres } from '../scripts/migrate'
import { onServer, startPostgresCluster, TEST_JWT_SECRET } from '../server/test/postgres-cluster'
import { machineNote, round } from './load'

const isQuick = process.argv.includes('--quick')
const JOBS = isQuick ? 200 : 2_000
const ENQUEUES = isQuick ? 100 : 500
const WORKERS = 4
const ROUNDS = isQuick ? 1 : 3
const RESULTS = path.join(projectRoot, 'bench', 'results-jobs.md')

type Round = { queue: string; enqueueP50: number; enqueueP99: number; drainJobsPerSecond: number; duplicates: number }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const median = (values: number[]) => percentile(values, 50)

async function child(): Promise<void> {
  await import('./orphan-guard')
  const { leaseQueue } = await import('../server/data/job-lease-queue')
  const { pgBossQueue } = await import('../server/data/job-pgboss-queue')
  const queues = { 'pg-boss': pgBossQueue, 'ledger leases': leaseQueue }
  const rounds: Round[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, queue] of Object.entries(queues)) {
      const kind = `bench.${name.replace(/\W/g, '')}.${round}`
      const latencies: number[] = []
      for (let i = 0; i < ENQUEUES; i++) {
        const started = performance.now()
        await queue.enqueue(kind, { i }, {}, undefined)
        latencies.push(performance.now() - started)
      }
      for (let i = ENQUEUES; i < JOBS; i++) await queue.enqueue(kind, { i }, {}, undefined)
      const claimed: number[] = []
      const started = performance.now()
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, w) => {
          const worker = `bench-${w}`
          for (let job = await queue.claim([kind], worker); job; job = await queue.claim([kind], worker)) {
            claimed.push(job.id)
            await queue.complete(job, worker)
          }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      if (new Set(claimed).size !== JOBS) throw new Error(`${name}: ${new Set(claimed).size} of ${JOBS} jobs claimed`)
      rounds.push({
        queue: name,
        enqueueP50: round2(median(latencies)),
        enqueueP99: round2(percentile(latencies, 99)),
        drainJobsPerSecond: Math.round(JOBS / seconds),
        duplicates: claimed.length - JOBS,
      })
      console.error(JSON.stringify(rounds.at(-1)))
    }
  }
  console.log(`FIGURES ${JSON.stringify(rounds)}`)
  process.exit(0)
}

const round2 = (n: number) => round(n, 2)

function runChild(env: NodeJS.ProcessEnv): Promise<Round[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
      ['bench/jobs.ts', '--child', ...(isQuick ? ['--quick'] : [])],
      {
        cwd: projectRoot,
        env: { ...process.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    proc.on('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('FIGURES '))
      if (code === 0 && line) resolve(JSON.parse(line.slice('FIGURES '.length)) as Round[])
      else reject(new Error(`the bench child exited with ${code}:\n${out.slice(-2000)}`))
    })
  })
}

function report(rounds: Round[]): string {
  const names = [...new Set(rounds.map((entry) => entry.queue))]
  const of = (name: string) => rounds.filter((entry) => entry.queue === name)
  const row = (name: string) => {
    const mine = of(name)
    const list = (pick: (entry: Round) => number) => mine.map(pick).join(' / ')
    return `| ${name} | ${median(mine.map((entry) => entry.enqueueP50))} ms (${list((entry) => entry.enqueueP50)}) | ${median(mine.map((entry) => entry.enqueueP99))} ms | ${median(mine.map((entry) => entry.drainJobsPerSecond))} (${list((entry) => entry.drainJobsPerSecond)}) | ${mine.reduce((sum, entry) => sum + entry.duplicates, 0)} |`
  }
  const [boss, lease] = names.map((name) => of(name))
  const ratio = (pick: (entry: Round) => number) => round2(median(boss.map(pick)) / median(lease.map(pick)))
  return [
    '# Durable jobs on PostgreSQL: pg-boss against the ledger leases',
    '',
    `Written by \`npm run bench:jobs\` on ${new Date().toISOString()}. Machine: ${machineNote()}.`,
    '',
    `One throwaway PostgreSQL cluster (fsync off, as the test clusters), one process. Each round enqueues ${JOBS} jobs`,
    `(the first ${ENQUEUES} timed one by one, each in its own transaction), then ${WORKERS} claim loops drain them (claim, then`,
    `complete). ${ROUNDS} rounds alternate the queues; medians, with each round's figure in brackets. "ledger leases" is the`,
    'SQLite queue (server/data/job-lease-queue.ts) on the same database: the baseline pg-boss replaced on PostgreSQL.',
    '',
    '| queue | enqueue p50 | enqueue p99 | drain, jobs/s | claimed twice |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...names.map(row),
    '',
    `pg-boss / leases: enqueue p50 ${ratio((entry) => entry.enqueueP50)}×, drain ${ratio((entry) => entry.drainJobsPerSecond)}×.`,
    '',
    "A pg-boss enqueue writes the ledger row and pg-boss's job in one transaction (three statements where the leases",
    "write one row). A pg-boss claim is its fetch (`FOR UPDATE SKIP LOCKED`) and the row's update in one transaction,",
    "after the watchdog's look for lapsed leases; the leases' claim is a read and a conditional update that racing",
    'workers retry when another took the row first.',
    '',
  ].join('\n')
}

async function main() {
  if (process.argv.includes('--child')) return child()
  const cluster = await startPostgresCluster()
  try {
    await onServer(cluster.serverUrl, 'CREATE DATABASE jobs')
    const url = cluster.urlFor('jobs')
    await migratePostgres(url, () => undefined)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-jobs-'))
    try {
      const rounds = await runChild({ DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'uploads'), JWT_SECRET: TEST_JWT_SECRET })
      const text = report(rounds)
      if (isQuick) console.log(text)
      else fs.writeFileSync(RESULTS, text)
      console.log(isQuick ? 'done (quick: nothing written)' : `written to ${path.relative(projectRoot, RESULTS)}`)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  } finally {
    await cluster.stop()
  }
}

await main()
