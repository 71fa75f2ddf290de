// The console's 后台任务: every staff role sees the jobs with their state, percent and reason; admins
// run a finished or failed one again, audited; everything else is refused in Chinese.
import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { enqueueJob, failJob } from '../../../data/jobs'
import { Code } from '../../../lib/api-error'
import { createSignedInMember } from '../../../test/member-factories'

const app = createApp()
const admin = (action: string, auth: string, body: object = {}) =>
  request(app).post(`/api/Admin/${action}`).set('Authorization', auth).send(body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let reviewer: Signed
let member: Signed
let failedId: number
let queuedId: number
beforeAll(async () => {
  ;[boss, reviewer, member] = await Promise.all([
    createSignedInMember({ role: 'admin' }),
    createSignedInMember({ role: 'reviewer' }),
    createSignedInMember(),
  ])
  failedId = await enqueueJob('video.transcode', { source: 'test/broken.mp4' })
  // Failed as a worker fails it (the template's own demo transcodes wait, queued, beside it).
  await prisma.job.update({ where: { id: failedId }, data: { state: 'running', lockedBy: 'w', attempts: 1 } })
  await failJob({ id: failedId, kind: 'video.transcode', attempts: 1, maxAttempts: 3 }, 'w', '文件只有声音没有画面，请上传视频文件', true)
  queuedId = await enqueueJob('video.transcode', { source: 'test/waiting.mp4' })
})

test('every staff role lists the jobs by state, with counts, reasons and the video each works on', async () => {
  const res = await admin('jobList', reviewer.auth, { state: 'failed' })

  expect(res.body.code).toBe(Code.OK)
  const row = res.body.data.list.find((job: { id: number }) => job.id === failedId)
  expect(row).toMatchObject({
    kindText: '视频转码',
    subject: 'test/broken.mp4',
    state: 'failed',
    stateText: '失败',
    attempts: 1,
    error: '文件只有声音没有画面，请上传视频文件',
    isStalled: false,
  })
  expect(res.body.data.list.every((job: { state: string }) => job.state === 'failed')).toBe(true)
  expect(res.body.data.counts.failed).toBeGreaterThanOrEqual(1)
  expect(res.body.data.counts.queued).toBeGreaterThanOrEqual(1)
})

test('an admin runs a failed job again from the start, audited; a queued one is refused', async () => {
  const res = await admin('jobRerun', boss.auth, { id: failedId })

  expect(res.body).toEqual({ code: Code.OK, msg: expect.any(String), data: { id: failedId, state: 'queued' } })
  expect(await prisma.job.findUnique({ where: { id: failedId } })).toMatchObject({ state: 'queued', attempts: 0, error: '' })
  expect(await prisma.auditLog.count({ where: { action: 'Admin/jobRerun', entityId: String(failedId) } })).toBe(1)
  expect((await admin('jobRerun', boss.auth, { id: queuedId })).body).toEqual(failure(409, '任务正在排队或进行中，无需重新执行'))
})

test('refusals: strangers, members and non-admins, an unknown job, a bad state', async () => {
  expect((await request(app).post('/api/Admin/jobList').send({})).body.code).toBe(Code.NEED_LOGIN)
  expect((await admin('jobList', member.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅员工可以查看后台任务'))
  expect((await admin('jobRerun', reviewer.auth, { id: failedId })).body).toEqual(failure(Code.FORBIDDEN, '仅管理员可以重新执行后台任务'))
  expect((await admin('jobRerun', boss.auth, { id: 999_999 })).body).toEqual(failure(Code.NOT_FOUND, '任务不存在'))
  expect((await admin('jobList', boss.auth, { state: 'lost' })).body).toEqual(
    failure(Code.BAD_PARAMS, '任务状态应为 queued、running、done 或 failed'),
  )
})
