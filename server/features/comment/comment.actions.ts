// Comments: the public list sits in the contract's Course group (like the cooperation and about
// pages' actions) and takes the item's entity word, so one action serves courses, specials,
// viewpoints and activities; members write under Member, staff moderate under Admin.
import { defineAction, type MemberContext } from '../../lib/action'
import { emptySchema, idSchema } from '../../lib/schemas'
import { replyOf } from '../../../common/api/reply'
import { ADMINS, REVIEWERS } from '../../../common/staff-roles'
import {
  commentAddSchema,
  commentHideSchema,
  commentListSchema,
  commentQueueSchema,
  commentReportSchema,
  commentSettingsSchema,
} from './comment.schemas'
import {
  addComment,
  approveComment,
  commentTag,
  deleteOwnComment,
  getCommentSettings,
  hideComment,
  listCommentQueue,
  listComments,
  removeComment,
  reportComment,
  saveCommentSettings,
  viewerComments,
} from './comment.service'

const moderators = { staff: REVIEWERS, refusal: '仅管理员、编辑和审核员可以管理评论' } as const
const admins = { staff: ADMINS, refusal: '仅管理员可以修改评论设置' } as const
const actorOf = ({ member, ip }: MemberContext, name: string) => ({ staffId: member.id, ip, action: `Admin/${name}` })

// Every comment write changes what an item's page shows, in every process (the Comment table has
// no change trigger on PostgreSQL), so it is declared a content change.
const changes = { content: true } as const

export const commentActions = [
  defineAction({
    group: 'Course',
    name: 'commentList',
    summary: '一个已发布内容（课程、专题、学术观点、教学活动）的评论：最新在前，附一层回复',
    input: commentListSchema,
    access: 'viewer',
    cache: {
      scope: 'shared',
      tags: (input) => [commentTag(input.entity, input.recordId)],
      live: { fields: ['ownIds', 'ownPending'], compute: (data, input, ctx) => viewerComments(data, input, ctx.member?.id) },
    },
    reply: replyOf('Course/commentList'),
    handler: (input, ctx) => listComments(input, ctx.preview),
    example: { entity: 'course', recordId: 1, page: 1 },
  }),
  defineAction({
    group: 'Member',
    name: 'addComment',
    summary: '发表评论或回复（纯文字，敏感词过滤，按设置直接展示或待审核）',
    input: commentAddSchema,
    access: 'member',
    changes: { ...changes, tags: (input) => [commentTag(input.entity, input.recordId)] },
    reply: replyOf('Member/addComment'),
    handler: (input, ctx) => addComment(ctx.member.id, input, ctx.ip),
    example: { entity: 'course', recordId: 1, content: '讲得很清楚，受益匪浅。' },
  }),
  defineAction({
    group: 'Member',
    name: 'deleteComment',
    summary: '删除自己的评论（回复一并删除）',
    input: idSchema,
    access: 'member',
    changes,
    handler: (input, ctx) => deleteOwnComment(ctx.member.id, input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Member',
    name: 'reportComment',
    summary: '举报一条评论（每人每条一次，须填写原因）',
    input: commentReportSchema,
    access: 'member',
    changes,
    handler: (input, ctx) => reportComment(ctx.member.id, input),
    example: { id: 1, reason: '广告内容' },
  }),
  defineAction({
    group: 'Admin',
    name: 'commentQueue',
    summary: '评论管理队列（pending 待审核 / reported 被举报 / all 全部；类型、状态、关键词筛选，分页）',
    input: commentQueueSchema,
    access: moderators,
    handler: (input) => listCommentQueue(input),
    example: { tab: 'pending', page: 1, limit: 20 },
  }),
  defineAction({
    group: 'Admin',
    name: 'commentApprove',
    summary: '通过评论：待审核的展示出来，被举报的保留并清除举报',
    input: idSchema,
    access: moderators,
    changes,
    handler: (input, ctx) => approveComment(input.id, actorOf(ctx, 'commentApprove')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'commentHide',
    summary: '隐藏评论（须填写原因）',
    input: commentHideSchema,
    access: moderators,
    changes,
    handler: (input, ctx) => hideComment(input, actorOf(ctx, 'commentHide')),
    example: { id: 1, reason: '含有广告' },
  }),
  defineAction({
    group: 'Admin',
    name: 'commentDelete',
    summary: '删除评论（回复一并删除）',
    input: idSchema,
    access: moderators,
    changes,
    handler: (input, ctx) => removeComment(input.id, actorOf(ctx, 'commentDelete')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'commentSettings',
    summary: '评论设置：是否审核后展示',
    input: emptySchema,
    access: moderators,
    handler: () => getCommentSettings(),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'commentSettingsSave',
    summary: '保存评论设置：「评论需审核后展示」开或关',
    input: commentSettingsSchema,
    access: admins,
    handler: (input, ctx) => saveCommentSettings(input, actorOf(ctx, 'commentSettingsSave')),
    example: { requireReview: false },
  }),
]
