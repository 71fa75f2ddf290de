import { defineAction } from '../../lib/action'
import { emptySchema } from '../../lib/schemas'
import { completeSetup, setupStatus } from './setup.service'
import { setupSchema } from './staff.schemas'

export const staffActions = [
  defineAction({
    group: 'Admin',
    name: 'setupStatus',
    summary: '是否还需要创建第一位管理员（首次安装）',
    input: emptySchema,
    access: 'public',
    handler: () => setupStatus(),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'setup',
    summary: '用启动日志中的一次性安装链接创建第一位管理员',
    input: setupSchema,
    access: 'public',
    handler: (input) => completeSetup(input),
    example: { token: '启动日志中的令牌', phone: '13900000000', password: 'Admin2026ok', nickname: '平台管理员' },
  }),
]
