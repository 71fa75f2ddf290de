import { defineAction } from '../../../lib/action'
import { memberTag } from '../../../data/cache'
import {
  memberDisableSchema,
  memberIdSchema,
  memberListSchema,
  memberRoleSchema,
  staffCreateSchema,
  staffListSchema,
} from './member-admin.schemas'
import {
  createStaff,
  forcePasswordReset,
  getMember,
  listMembers,
  listStaff,
  revealPhone,
  setMemberDisabled,
  setMemberRole,
} from './member-admin.service'
import { actorOf, adminsOnly } from './staff-access'

const access = adminsOnly('仅管理员可以管理会员')
const staffAccess = adminsOnly('仅管理员可以管理员工账号')
// The member's own cached pages (getUserInfo's role, the review tab) are rebuilt after a change.
const ofMember = { tags: (input: { id: number }) => [memberTag(input.id)] }

export const memberAdminActions = [
  defineAction({
    group: 'Admin',
    name: 'memberList',
    summary: '会员列表（昵称、会员号或完整手机号搜索；角色、停用筛选；手机号打码）',
    input: memberListSchema,
    access,
    handler: (input) => listMembers(input),
    example: { page: 1, limit: 20, keyword: '张', role: 'member' },
  }),
  defineAction({
    group: 'Admin',
    name: 'memberGet',
    summary: '会员详情：资料、统计、最近的投稿和视频',
    input: memberIdSchema,
    access,
    handler: (input) => getMember(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'memberRevealPhone',
    summary: '查看会员的完整手机号（记入操作日志）',
    input: memberIdSchema,
    access,
    handler: (input, ctx) => revealPhone(input.id, actorOf(ctx, 'memberRevealPhone')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'memberDisable',
    summary: '停用（其登录随即失效）或重新启用会员；不能停用自己',
    input: memberDisableSchema,
    access,
    changes: ofMember,
    handler: (input, ctx) => setMemberDisabled(input, actorOf(ctx, 'memberDisable')),
    example: { id: 1, disabled: true, reason: '发布广告' },
  }),
  defineAction({
    group: 'Admin',
    name: 'memberRole',
    summary: '设置会员角色 member / editor / reviewer / publisher / admin；最后一位管理员不能被取消，不能修改自己',
    input: memberRoleSchema,
    access,
    changes: ofMember,
    handler: (input, ctx) => setMemberRole(input, actorOf(ctx, 'memberRole')),
    example: { id: 1, role: 'editor' },
  }),
  defineAction({
    group: 'Admin',
    name: 'memberResetPassword',
    summary: '强制重置密码：登录全部失效，会员须用「找回密码」设置新密码',
    input: memberIdSchema,
    access,
    changes: ofMember,
    handler: (input, ctx) => forcePasswordReset(input.id, actorOf(ctx, 'memberResetPassword')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'staffList',
    summary: '员工账号列表（管理员、编辑、审核员、发布员；可按角色、停用和关键词筛选）',
    input: staffListSchema,
    access: staffAccess,
    handler: (input) => listStaff(input),
    example: { page: 1, limit: 20, role: 'editor' },
  }),
  defineAction({
    group: 'Admin',
    name: 'staffCreate',
    summary: '邀请员工：以手机号、昵称和角色创建员工账号，答复中的初始密码只显示一次',
    input: staffCreateSchema,
    access: staffAccess,
    handler: (input, ctx) => createStaff(input, actorOf(ctx, 'staffCreate')),
    example: { phone: '13900000001', nickname: '内容编辑', role: 'editor' },
  }),
]
