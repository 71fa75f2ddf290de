import { defineAction, type MemberContext } from '../../lib/action'
import { REVIEWERS } from '../../../common/staff-roles'
import { reviewDecisionSchema, reviewQueueSchema } from './review.schemas'
import {
  listContributionsForReview,
  listVideosForReview,
  REVIEW_TAG,
  reviewContribution,
  reviewVideo,
  type Reviewer,
} from './review.service'

// Under Member: the user centre's shortcut to the console's review queues (Admin/contribution*,
// Admin/videoReview*), calling the same service, with the same access.
const reviewers = { staff: REVIEWERS, refusal: '仅管理员、编辑和审核员可以审核内容' } as const

const reviewerOf = ({ member, ip }: MemberContext, name: string): Reviewer => ({ staffId: member.id, ip, action: `Member/${name}` })

export const reviewActions = [
  defineAction({
    group: 'Member',
    name: 'reviewContributions',
    summary: '投稿审核队列（按状态，分页）',
    input: reviewQueueSchema,
    access: reviewers,
    cache: { scope: 'shared', tags: () => [REVIEW_TAG] },
    handler: (input) => listContributionsForReview(input),
    example: { status: 'pending', page: 1, limit: 10 },
  }),
  defineAction({
    group: 'Member',
    name: 'reviewContribution',
    summary: '审核投稿：通过即发布，驳回须填写原因',
    input: reviewDecisionSchema,
    access: reviewers,
    changes: { content: true },
    handler: (input, ctx) => reviewContribution(input, reviewerOf(ctx, 'reviewContribution')),
    example: { id: 1, approve: false, note: '内容与主题无关' },
  }),
  defineAction({
    group: 'Member',
    name: 'reviewVideos',
    summary: '视频审核队列（按状态，分页）',
    input: reviewQueueSchema,
    access: reviewers,
    cache: { scope: 'shared', tags: () => [REVIEW_TAG] },
    handler: (input) => listVideosForReview(input),
    example: { status: 'pending', page: 1, limit: 10 },
  }),
  defineAction({
    group: 'Member',
    name: 'reviewVideo',
    summary: '审核视频：通过即在名师页展示，驳回须填写原因',
    input: reviewDecisionSchema,
    access: reviewers,
    changes: { content: true },
    handler: (input, ctx) => reviewVideo(input, reviewerOf(ctx, 'reviewVideo')),
    example: { id: 1, approve: false, note: '画面不清晰' },
  }),
]
