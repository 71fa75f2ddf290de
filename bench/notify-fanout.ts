// `npm run bench:fanout`: follower updates (issue 25) for a teacher with 100,000 followers, on SQLite
// and on a throwaway PostgreSQL cluster, written to bench/results-fanout.md:
//  * the staff's publish (POST /api/Admin/coursePublish) latency: it writes the event row and its
//    durable job only, whatever the follower count;
//  * the time from the publish until every follower has the notice: the fold window, the worker's
//    poll, and the fan-out job's batches.
// Each database is a fresh migrated, seeded one in a temporary folder; the measuring runs in a child
// process (the real server, startServer, with its job worker) so each dialect gets its own Prisma
// client. `--quick` uses 5,000 followers and prints instead of writing. `--sqlite-only` skips PostgreSQL.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'
import { migratePostgres } from '../scripts/migrate'
import { onServer, startPostgresCluster, TEST_JWT_SECRET } from '../server/test/postgres-cluster'
import { machineNote, round } from './load'

const isQuick = process.argv.includes('--quick')
const FOLLOWERS = isQuick ? 5_000 : 100_000
const RESULTS = path.join(projectRoot, 'bench', 'results-fanout.md')
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)

type Figures = {
  dialect: string
  followers: number
  generateMs: number
  warmPublishMs: number[]
  publishMs: number
  foldMs: number
  batch: number
  /** From the publish's answer until the last follower's notice was counted. */
  deliveredMs: number
  /** From the event's send time (end of the fold window) until the last notice. */
  fanoutMs: number
  notices: number
  duplicates: number
  getUserInfoMs: number
}

async function child(): Promise<void> {
  await import('./orphan-guard')
  const { prisma } = await import('../server/db')
  const { startServer } = await import('../server/index')
  const { signMemberToken } = await import('../server/data/member-tokens')
  const { fanoutSettings } = await import('../server/features/notification/fanout.service')
  const { env } = await import('../server/env')
  const started = Date.now()
  const category = await prisma.courseCategory.findFirstOrThrow({ select: { id: true } })
  const teacher = await prisma.teacher.create({
    data: { slug: 'bench-fanout', name: '压测名师', categoryId: (await prisma.teacherCategory.findFirstOrThrow()).id },
  })
  const quiet = await prisma.teacher.create({ data: { slug: 'bench-quiet', name: '无人关注', categoryId: teacher.categoryId } })
  const chunk = 5_000
  for (let from = 0; from < FOLLOWERS; from += chunk) {
    const count = Math.min(chunk, FOLLOWERS - from)
    await prisma.member.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        memberNo: `B${String(from + i).padStart(8, '0')}`,
        phone: `170${String(from + i).padStart(8, '0')}`,
        passwordHash: '',
        nickname: `压测会员${from + i}`,
      })),
    })
  }
  const members = await prisma.member.findMany({ where: { memberNo: { startsWith: 'B' } }, select: { id: true }, orderBy: { id: 'asc' } })
  for (let from = 0; from < members.length; from += chunk) {
    await prisma.teacherFollow.createMany({
      data: members.slice(from, from + chunk).map((member) => ({ memberId: member.id, teacherId: teacher.id })),
    })
  }
  const generateMs = Date.now() - started
  const admin = await prisma.member.create({
    data: { memberNo: 'BADMIN', phone: '17999999999', passwordHash: '', nickname: '压测管理员', role: 'admin' },
  })
  const auth = `Bearer ${signMemberToken(admin, false)}`

  const server = await startServer(0)
  const port = (server.address() as { port: number }).port
  const call = async (action: string, body: object, token = auth) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { code: number; msg: string; data: unknown }
    if (json.code !== 200) throw new Error(`${action}: ${json.code} ${json.msg}`)
    return json.data
  }
  const newCourse = (teacherId: number, n: number) =>
    prisma.course.create({
      data: { slug: `bench-course-${teacherId}-${n}`, title: `压测课程 ${n}`, teacherId, categoryId: category.id, isPublished: false },
    })
  const timed = async (task: () => Promise<unknown>) => {
    const at = performance.now()
    await task()
    return performance.now() - at
  }

  // Warm-up: the same publish for a teacher nobody follows, so the measured one pays no first-call costs.
  const warmPublishMs: number[] = []
  for (let n = 0; n < 3; n++) {
    const course = await newCourse(quiet.id, n)
    warmPublishMs.push(await timed(() => call('Admin/coursePublish', { id: course.id, isPublished: true })))
  }

  const course = await newCourse(teacher.id, 99)
  const publishedAt = Date.now()
  const publishMs = await timed(() => call('Admin/coursePublish', { id: course.id, isPublished: true }))
  const event = await prisma.notificationEvent.findFirstOrThrow({ where: { source: 'teacher', sourceId: teacher.id } })
  let notices = 0
  while (notices < members.length) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    notices = await prisma.notification.count({ where: { eventId: event.id } })
    if (Date.now() - publishedAt > 300_000) throw new Error(`only ${notices} of ${members.length} notices after 5 minutes`)
  }
  const doneAt = Date.now()
  const distinct = await prisma.notification.groupBy({ by: ['memberId'], where: { eventId: event.id }, _count: true })
  // A follower's getUserInfo right after (the kept answer was dropped by the fan-out's tag).
  const fan = members[members.length - 1]
  const fanAuth = `Bearer ${signMemberToken({ id: fan.id, tokenVersion: 0 }, false)}`
  const info = (await call('Member/getUserInfo', {}, fanAuth)) as { unreadCount: number }
  if (info.unreadCount !== 1) throw new Error(`the last follower's unread count is ${info.unreadCount}`)
  const getUserInfoMs = await timed(() => call('Member/getUserInfo', {}, fanAuth))

  const figures: Figures = {
    dialect: env.databaseDialect,
    followers: members.length,
    generateMs,
    warmPublishMs: warmPublishMs.map((ms) => round(ms, 1)),
    publishMs: round(publishMs, 1),
    foldMs: fanoutSettings.foldMs,
    batch: fanoutSettings.batch,
    deliveredMs: doneAt - publishedAt,
    fanoutMs: doneAt - event.sendAt.getTime(),
    notices,
    duplicates: notices - distinct.length,
    getUserInfoMs: round(getUserInfoMs, 1),
  }
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`)
  server.close()
  await prisma.$disconnect()
  process.exit(0)
}

function runChild(env: NodeJS.ProcessEnv): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin('tsx'), ['bench/notify-fanout.ts', '--child', ...(isQuick ? ['--quick'] : [])], {
      cwd: projectRoot,
      env: { ...process.env, ...env, NODE_ENV: 'test', JOB_CONCURRENCY: '1', LOG_LEVEL: 'warn', SMS_PROVIDER: 'dev' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    proc.on('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('FIGURES '))
      if (code === 0 && line) resolve(JSON.parse(line.slice('FIGURES '.length)) as Figures)
      else reject(new Error(`the bench child exited with ${code}:\n${out.slice(-2000)}`))
    })
  })
}

async function sqliteRun(dir: string): Promise<Figures> {
  console.log('SQLite: migrating and seeding ...')
  const env = { DATABASE_URL: `file:${path.join(dir, 'fanout.db')}`, UPLOAD_DIR: path.join(dir, 'uploads') }
  execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: 'pipe' })
  execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: 'pipe' })
  console.log(`SQLite: ${FOLLOWERS} followers, publishing ...`)
  return runChild(env)
}

async function postgresRun(dir: string): Promise<Figures> {
  console.log('PostgreSQL: starting a throwaway cluster, migrating and seeding ...')
  const cluster = await startPostgresCluster()
  try {
    await onServer(cluster.serverUrl, 'CREATE DATABASE fanout')
    const url = cluster.urlFor('fanout')
    await migratePostgres(url, () => undefined)
    const env = { DATABASE_URL: url, UPLOAD_DIR: path.join(dir, 'uploads-pg'), JWT_SECRET: TEST_JWT_SECRET }
    execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env: { ...process.env, ...env }, stdio: 'pipe' })
    console.log(`PostgreSQL: ${FOLLOWERS} followers, publishing ...`)
    return await runChild(env)
  } finally {
    await cluster.stop()
  }
}

const seconds = (ms: number) => `${round(ms / 1000, 1)} s`

function report(runs: Figures[]): string {
  const rows = runs.map(
    (run) =>
      `| ${run.dialect} | ${run.followers.toLocaleString('en')} | ${run.publishMs} ms | ${run.warmPublishMs.join(' / ')} ms | ${seconds(run.deliveredMs)} | ${seconds(run.fanoutMs)} | ${run.notices.toLocaleString('en')} | ${run.duplicates} | ${run.getUserInfoMs} ms |`,
  )
  return [
    '# Follower fan-out (issue 25)',
    '',
    `Written by \`npm run bench:fanout\` on ${new Date().toISOString()}. Machine: ${machineNote()}.`,
    '',
    `One teacher with the followers below; staff publish one of the teacher's courses for the first time through`,
    '`POST /api/Admin/coursePublish` on the real server (its job worker running beside it, JOB_CONCURRENCY=1).',
    `The fold window is ${runs[0].foldMs / 1000} s (publishes of one teacher within it become one notice) and the job writes`,
    `${runs[0].batch} notices per transaction. PostgreSQL is a throwaway local cluster (fsync off, as the test clusters).`,
    '',
    "| database | followers | publish (staff save) | publish, nobody following (3 runs) | publish → every follower told | fan-out after the window | notices | duplicates | a follower's getUserInfo after |",
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'The publish writes the course flag, its lifecycle state, the audit entry, one NotificationEvent row and one Job',
    'row in one transaction: its time does not depend on the follower count (compare the two publish columns).',
    '"publish → every follower told" includes the fold window and the worker\'s poll (every 2 s).',
    '',
  ].join('\n')
}

async function main() {
  if (process.argv.includes('--child')) return child()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-fanout-'))
  try {
    const runs = [await sqliteRun(dir)]
    if (!process.argv.includes('--sqlite-only')) runs.push(await postgresRun(dir))
    const text = report(runs)
    if (isQuick) console.log(text)
    else fs.writeFileSync(RESULTS, text)
    console.log(isQuick ? 'done (quick: nothing written)' : `written to ${path.relative(projectRoot, RESULTS)}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
