// The review queues in the console: member contributions and member videos (the `teacherVideo`
// words belong to the staff-managed videos of the content actions). Same service as the user
// centre's Member/review* shortcut.
import { defineAction } from '../../../lib/action'
import { idSchema } from '../../../lib/schemas'
import { adminReviewQueueSchema, reviewDecisionSchema, takedownSchema } from '../../review/review.schemas'
import {
  getContributionForReview,
  getVideoForReview,
  listContributionsForConsole,
  listVideosForConsole,
  reviewContribution,
  reviewVideo,
  takedownContribution,
  takedownVideo,
} from '../../review/review.service'
import { REVIEWERS } from '../../../../common/staff-roles'
import { actorOf, staffOnly } from '../people/staff-access'

const access = staffOnly(REVIEWERS, '仅管理员、编辑和审核员可以审核内容')

export const reviewQueueActions = [
  defineAction({
    group: 'Admin',
    name: 'contributionList',
    summary: '投稿审核队列（状态 pending/approved/rejected/withdrawn，标题关键词，类型，分页）',
    input: adminReviewQueueSchema,
    access,
    handler: (input) => listContributionsForConsole(input),
    example: { status: 'pending', page: 1, limit: 20 },
  }),
  defineAction({
    group: 'Admin',
    name: 'contributionGet',
    summary: '一篇投稿的全文、附件、投稿人与审核记录',
    input: idSchema,
    access,
    handler: (input) => getContributionForReview(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'contributionReview',
    summary: '审核投稿：通过即发布，驳回须填写原因；记录审核人',
    input: reviewDecisionSchema,
    access,
    changes: { content: true },
    handler: (input, ctx) => reviewContribution(input, actorOf(ctx, 'contributionReview')),
    example: { id: 1, approve: false, note: '内容与主题无关' },
  }),
  defineAction({
    group: 'Admin',
    name: 'contributionTakedown',
    summary: '下架已发布的投稿（须填写原因，会员在「我的投稿」中看到）',
    input: takedownSchema,
    access,
    changes: { content: true },
    handler: (input, ctx) => takedownContribution(input, actorOf(ctx, 'contributionTakedown')),
    example: { id: 1, reason: '内容涉及不实信息' },
  }),
  defineAction({
    group: 'Admin',
    name: 'videoReviewList',
    summary: '会员视频审核队列（状态、标题关键词，分页）',
    input: adminReviewQueueSchema,
    access,
    handler: (input) => listVideosForConsole(input),
    example: { status: 'pending', page: 1, limit: 20 },
  }),
  defineAction({
    group: 'Admin',
    name: 'videoReviewGet',
    summary: '一个会员视频的详情与审核记录',
    input: idSchema,
    access,
    handler: (input) => getVideoForReview(input.id),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'videoReview',
    summary: '审核会员视频：通过即在名师页展示，驳回须填写原因；记录审核人',
    input: reviewDecisionSchema,
    access,
    changes: { content: true },
    handler: (input, ctx) => reviewVideo(input, actorOf(ctx, 'videoReview')),
    example: { id: 1, approve: false, note: '画面不清晰' },
  }),
  defineAction({
    group: 'Admin',
    name: 'videoTakedown',
    summary: '下架已通过的会员视频（须填写原因，会员可见）',
    input: takedownSchema,
    access,
    changes: { content: true },
    handler: (input, ctx) => takedownVideo(input, actorOf(ctx, 'videoTakedown')),
    example: { id: 1, reason: '视频与名师无关' },
  }),
]
