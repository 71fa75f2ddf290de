import { z } from 'zod'
import { COMMENT_MAX_LENGTH } from '../../../common/notifications'
import { COMMENT_ENTITIES } from '../../../common/api/comment'
import { pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'
import { adminPageFields } from '../admin/content.schemas'

const entitySchema = z.enum(COMMENT_ENTITIES, { error: '评论对象应为 course、special、viewpoint 或 activity' })

/** The item a comment belongs to: `entity` is the contract's word, `recordId` its id. */
const itemFields = { entity: entitySchema, recordId: idField('内容 ID') }

export const commentListSchema = z.object({ ...itemFields, ...pageFields(10) })
export type CommentListInput = z.infer<typeof commentListSchema>

// An HTML tag, opening or closing: comments are plain text and are never shown as markup.
const HTML_TAG = /<\/?[a-z!][^>]*>/i

export const commentAddSchema = z.object({
  ...itemFields,
  content: z
    .string({ error: '请输入评论内容' })
    .trim()
    .min(1, { error: '请输入评论内容' })
    .max(COMMENT_MAX_LENGTH, { error: `评论最多 ${COMMENT_MAX_LENGTH} 个字` })
    .refine((text) => !HTML_TAG.test(text), { error: '评论只能是纯文字，不能包含 HTML 标签' }),
  /** The comment answered: a top-level comment or one of its replies. */
  parentId: idField('回复的评论 ID').optional(),
})
export type CommentAddInput = z.infer<typeof commentAddSchema>

export const commentReportSchema = z.object({
  id: idField('评论 ID'),
  reason: z.string({ error: '请填写举报原因' }).trim().min(1, { error: '请填写举报原因' }).max(200, { error: '举报原因最多 200 字' }),
})
export type CommentReportInput = z.infer<typeof commentReportSchema>

export const COMMENT_QUEUE_TABS = ['pending', 'reported', 'all'] as const
export const COMMENT_STATUSES = ['pending', 'published', 'hidden'] as const

export const commentQueueSchema = z.object({
  ...adminPageFields,
  tab: z.enum(COMMENT_QUEUE_TABS, { error: '列表应为 pending、reported 或 all' }).default('pending'),
  entity: entitySchema.optional(),
  status: z.enum(COMMENT_STATUSES, { error: '状态应为 pending、published 或 hidden' }).optional(),
  recordId: idField('内容 ID').optional(),
})
export type CommentQueueInput = z.infer<typeof commentQueueSchema>

export const commentHideSchema = z.object({
  id: idField('评论 ID'),
  reason: z.string({ error: '请填写隐藏原因' }).trim().min(1, { error: '请填写隐藏原因' }).max(200, { error: '隐藏原因最多 200 字' }),
})
export type CommentHideInput = z.infer<typeof commentHideSchema>

export const commentSettingsSchema = z.object({
  requireReview: z.boolean({ error: '请选择评论是否需审核后展示' }),
})
export type CommentSettingsInput = z.infer<typeof commentSettingsSchema>
