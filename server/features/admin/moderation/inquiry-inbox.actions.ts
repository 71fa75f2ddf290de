import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { actorOf, everyStaff } from '../people/staff-access'
import { inquiryListSchema, inquirySaveSchema } from './inquiry-inbox.schemas'
import { getInquiry, listInquiries, saveInquiry } from './inquiry-inbox.service'

const access = everyStaff('仅员工可以处理合作咨询')

export const inquiryInboxActions = [
  defineAction({
    group: 'Admin',
    name: 'inquiryList',
    summary: '合作咨询收件箱（状态 new/contacted/closed、合作类型、负责人筛选，关键词；新的在前）',
    input: inquiryListSchema,
    access,
    handler: (input) => listInquiries(input),
    example: { page: 1, limit: 20, status: 'new' },
  }),
  defineAction({
    group: 'Admin',
    name: 'inquiryGet',
    summary: '一条合作咨询，附可指派的负责人',
    input: idSchema,
    access,
    handler: (input) => getInquiry(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'inquirySave',
    summary: '处理合作咨询：状态、备注、负责人',
    input: inquirySaveSchema,
    access,
    handler: (input, ctx) => saveInquiry(input, actorOf(ctx, 'inquirySave')),
    example: { id: 1, status: 'contacted', note: '已电话联系，下周面谈', assigneeId: null },
  }),
]
