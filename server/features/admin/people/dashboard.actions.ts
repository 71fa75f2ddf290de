import { defineAction } from '../../../lib/action'
import { emptySchema } from '../../../lib/schemas'
import { getDashboard, getPendingCounts } from './dashboard.service'
import { everyStaff } from './staff-access'

export const dashboardActions = [
  defineAction({
    group: 'Admin',
    name: 'dashboard',
    summary: '控制台首页：会员总数、近 30 天每日注册、待审核、进行中和新提交的名师预约、本周浏览最多的名师和课程',
    input: emptySchema,
    access: everyStaff('仅员工可以查看控制台'),
    handler: () => getDashboard(),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'pendingCounts',
    summary: '后台菜单的待处理数：待审核投稿、待审核视频、新提交和超过 24 小时未回复的名师预约、待审核或被举报的评论',
    input: emptySchema,
    access: everyStaff('仅员工可以查看待处理数量'),
    handler: () => getPendingCounts(),
    example: {},
  }),
]
