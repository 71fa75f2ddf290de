import { defineAction } from '../../../lib/action'
import { emptySchema } from '../../../lib/schemas'
import { getDashboard } from './dashboard.service'
import { everyStaff } from './staff-access'

export const dashboardActions = [
  defineAction({
    group: 'Admin',
    name: 'dashboard',
    summary: '控制台首页：会员总数、近 30 天每日注册、待审核、未关闭的合作咨询、本周浏览最多的名师和课程',
    input: emptySchema,
    access: everyStaff('仅员工可以查看控制台'),
    handler: () => getDashboard(),
    example: {},
  }),
]
