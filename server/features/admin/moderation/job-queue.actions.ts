import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { actorOf, adminsOnly, everyStaff } from '../people/staff-access'
import { jobListSchema } from './job-queue.schemas'
import { listJobs, rerunJobFor } from './job-queue.service'

export const jobQueueActions = [
  defineAction({
    group: 'Admin',
    name: 'jobList',
    summary: '后台任务（视频转码等）：排队、进行中（进度）、已完成、失败（原因）；新的在前，附各状态数量',
    input: jobListSchema,
    access: everyStaff('仅员工可以查看后台任务'),
    handler: (input) => listJobs(input),
    example: { page: 1, limit: 20, state: 'failed' },
  }),
  defineAction({
    group: 'Admin',
    name: 'jobRerun',
    summary: '重新执行一个已完成或失败的后台任务（从头开始，重新计算尝试次数）',
    input: idSchema,
    access: adminsOnly('仅管理员可以重新执行后台任务'),
    handler: (input, ctx) => rerunJobFor(input.id, actorOf(ctx, 'jobRerun')),
    example: { id: 1 },
  }),
]
