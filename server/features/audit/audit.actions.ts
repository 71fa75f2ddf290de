import { defineAction } from '../../lib/action'
import { auditListSchema } from './audit.schemas'
import { listAudit } from './audit.service'

// Only a list: audit rows are never changed or deleted through the API.
export const auditActions = [
  defineAction({
    group: 'Admin',
    name: 'auditList',
    summary: '操作日志（谁在何时对哪条记录做了什么，含修改前后；可按实体、记录、操作人、操作、日期和关键词筛选）',
    input: auditListSchema,
    access: { staff: ['admin'], refusal: '仅管理员可以查看操作日志' },
    handler: (input) => listAudit(input),
    example: { page: 1, limit: 20, entity: 'teacher', from: '2026-11-01', to: '2026-11-30' },
  }),
]
