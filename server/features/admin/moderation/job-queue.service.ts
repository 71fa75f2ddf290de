// The console's view of the durable jobs (server/data/jobs.ts): what is queued, running with its
// percent, done, or failed with its reason, and a failed or finished job run again from the start.
import { prisma } from '../../../db'
import { rerunJob } from '../../../data/jobs'
import { ApiError, Code } from '../../../lib/api-error'
import { skipTake, toPage } from '../../../lib/pagination'
import { recordAudit } from '../../audit/audit.service'
import type { StaffActor } from '../people/staff-access'
import { ALERT_DELIVER_JOB } from '../../alert/alert.service'
import { TRANSCODE_JOB } from '../../video/video-assets.service'
import type { JobListInput } from './job-queue.schemas'

const KIND_TEXT: Record<string, string> = { [TRANSCODE_JOB]: '视频转码', [ALERT_DELIVER_JOB]: '告警推送' }
const STATE_TEXT: Record<string, string> = { queued: '排队中', running: '进行中', done: '已完成', failed: '失败' }

/** What a job works on, in words staff know: a video's file for a transcode. */
function subjectOf(kind: string, payload: string): string {
  const data = JSON.parse(payload) as Record<string, unknown>
  if (kind === TRANSCODE_JOB) return String(data.source ?? '')
  // An alert: its title and the channel it goes to.
  if (kind === ALERT_DELIVER_JOB) return `${String(data.title ?? '')}（通道 ${String(data.channelId ?? '')}）`
  return ''
}

export async function listJobs({ state, keyword, ...page }: JobListInput) {
  const where = {
    ...(state ? { state } : {}),
    ...(keyword ? { payload: { contains: keyword } } : {}),
  }
  const [total, rows, counts] = await Promise.all([
    prisma.job.count({ where }),
    prisma.job.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake(page) }),
    prisma.job.groupBy({ by: ['state'], _count: { _all: true } }),
  ])
  const list = rows.map((job) => ({
    id: job.id,
    kind: job.kind,
    kindText: KIND_TEXT[job.kind] ?? job.kind,
    subject: subjectOf(job.kind, job.payload),
    state: job.state,
    stateText: STATE_TEXT[job.state] ?? job.state,
    percent: job.percent,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    error: job.error,
    runAt: job.runAt.toISOString(),
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    // A running job whose lease ran out: its worker stopped answering; the next claim takes it over.
    isStalled: job.state === 'running' && !!job.lockedUntil && job.lockedUntil.getTime() < Date.now(),
  }))
  return { ...toPage(list, total, page), counts: Object.fromEntries(counts.map((row) => [row.state, row._count._all])) }
}

export async function rerunJobFor(id: number, actor: StaffActor) {
  const job = await prisma.job.findUnique({ where: { id }, select: { kind: true, payload: true, state: true } })
  if (!job) throw new ApiError(Code.NOT_FOUND, '任务不存在')
  if (job.state === 'queued' || job.state === 'running') throw new ApiError(Code.EXISTS, '任务正在排队或进行中，无需重新执行')
  if (!(await rerunJob(id))) throw new ApiError(Code.EXISTS, '任务状态已变化，请刷新后重试')
  await recordAudit({
    staffId: actor.staffId,
    ip: actor.ip,
    action: actor.action,
    entity: 'job',
    entityId: id,
    summary: `重新执行${KIND_TEXT[job.kind] ?? '任务'}「${subjectOf(job.kind, job.payload)}」`,
  })
  return { id, state: 'queued' }
}
