// Follower fan-out across processes (issue 25): two job-worker processes on the same database share
// the events' jobs, each follower told once per event, and a fan-out whose worker died after its
// first batch is finished by another process once the lease runs out. Runs on SQLite and PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { prisma } from '../../db'
import { env } from '../../env'
import { projectRoot } from '../../lib/database-url'
import { createTeacher } from '../../test/factories'
import { killTree, projectBin } from '../../test/server-process'
import { fanoutSettings, FANOUT_JOB, recordFollowUpdate, tellNextBatch } from './fanout.service'

const workers: ChildProcess[] = []
function startWorker() {
  const child = spawn(projectBin('tsx'), ['scripts/worker.ts'], {
    cwd: projectRoot,
    env: { ...process.env, JWT_SECRET: env.jwtSecret, JOB_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  workers.push(child)
}
afterAll(() => workers.forEach((child) => child.pid && killTree(child.pid)))

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A teacher with `count` followers, written in two statements. */
async function followedTeacher(count: number) {
  const teacher = await createTeacher()
  const tag = crypto.randomBytes(4).toString('hex')
  await prisma.member.createMany({
    data: Array.from({ length: count }, (_, i) => ({ memberNo: `F${tag}${i}`, passwordHash: 'x', nickname: `粉丝${i}` })),
  })
  const members = await prisma.member.findMany({ where: { memberNo: { startsWith: `F${tag}` } }, select: { id: true } })
  await prisma.teacherFollow.createMany({ data: members.map(({ id }) => ({ memberId: id, teacherId: teacher.id })) })
  return { teacher, memberIds: members.map(({ id }) => id).sort((a, b) => a - b) }
}

/** An event of the teacher's new course, due at once (no fold window). */
async function dueEvent(teacherId: number) {
  const saved = fanoutSettings.foldMs
  fanoutSettings.foldMs = 0
  try {
    return await recordFollowUpdate(prisma, 'teacher', teacherId, { entity: 'course', id: 1, title: '新课程', link: '/course/detail/1' })
  } finally {
    fanoutSettings.foldMs = saved
  }
}

const toldMembers = async (eventId: number) =>
  (await prisma.notification.findMany({ where: { eventId }, select: { memberId: true } }))
    .map(({ memberId }) => memberId)
    .sort((a, b) => a - b)

test('two worker processes tell every follower of every event once; a dead worker’s half-told event is finished by another', async () => {
  const teachers = await Promise.all([300, 300, 300, 2500].map((count) => followedTeacher(count)))
  const events = await Promise.all(teachers.map(({ teacher }) => dueEvent(teacher.id)))

  // The last event's worker died after its first batch: its job runs under a lease nobody renews.
  const halfTold = events[3]
  await tellNextBatch(halfTold, { title: '新课程', body: '', link: '/course/detail/1' })
  expect((await toldMembers(halfTold)).length).toBe(fanoutSettings.batch)
  await prisma.job.update({
    where: { uniqueKey: `${FANOUT_JOB}:${halfTold}` },
    data: { state: 'running', attempts: 1, lockedBy: 'dead-worker', lockedUntil: new Date(Date.now() - 1) },
  })

  startWorker()
  startWorker()
  const sent = () => prisma.notificationEvent.count({ where: { id: { in: events }, state: 'sent' } })
  await until(async () => (await sent()) === events.length, 150_000)

  for (const [index, eventId] of events.entries()) {
    expect(await toldMembers(eventId)).toEqual(teachers[index].memberIds)
    expect((await prisma.notificationEvent.findUniqueOrThrow({ where: { id: eventId } })).told).toBe(teachers[index].memberIds.length)
  }
  // Each job ends done. Two processes writing one SQLite file may meet a busy database and retry a job
  // (backoff): a retry resumes from the committed cursor, which the exact notice lists above prove.
  for (const eventId of events) {
    const job = await prisma.job.findFirstOrThrow({ where: { kind: FANOUT_JOB, payload: JSON.stringify({ eventId }) } })
    expect(job.state).toBe('done')
    if (eventId === halfTold) expect(job.attempts).toBeGreaterThanOrEqual(2)
  }
}, 180_000)
