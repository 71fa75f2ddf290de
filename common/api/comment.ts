// Replies of the comment actions (server/features/comment, docs/API.md "Comments"): a published
// item's comments, top-level ones newest first with their replies (one level), and a member's new comment.
import { z } from '../validation/z'
import { COMMENT_TARGETS, type CommentTarget } from '../notifications'
import { isoDate } from './cards'
import { pageFields } from './page'

export const COMMENT_ENTITIES = Object.keys(COMMENT_TARGETS) as [CommentTarget, ...CommentTarget[]]

/** The author as pages show them: a closed account is 已注销用户. */
export const commentAuthorSchema = z.strictObject({ nickname: z.string() })

export const commentReplySchema = z.strictObject({
  id: z.int(),
  content: z.string(),
  createdAt: isoDate,
  author: commentAuthorSchema,
  /** The member a reply to a reply answers (回复 @某某); null when it answers the top-level comment. */
  replyTo: commentAuthorSchema.nullable(),
})
export type CommentReply = z.infer<typeof commentReplySchema>

export const commentSchema = z.strictObject({
  id: z.int(),
  content: z.string(),
  createdAt: isoDate,
  author: commentAuthorSchema,
  /** Published replies, oldest first, at most COMMENT_REPLIES_SHOWN of them. */
  replies: z.array(commentReplySchema),
  replyCount: z.int(),
})
export type CommentItem = z.infer<typeof commentSchema>

/** A comment of the viewer's still held for review: `parentId` names the top-level comment a reply hangs under. */
export const ownPendingSchema = z.strictObject({
  ...commentReplySchema.shape,
  parentId: z.int().nullable(),
  status: z.literal('pending'),
})
export type OwnPendingComment = z.infer<typeof ownPendingSchema>

/** Replies listed under one comment at most; replyCount tells how many there are. */
export const COMMENT_REPLIES_SHOWN = 50

export const commentPageSchema = z.strictObject({
  ...pageFields(commentSchema),
  /** Published comments and replies of the item: the number pages show next to 评论. */
  count: z.int(),
  /** Ids on this page written by the signed-in viewer (they may delete them); [] for visitors. */
  ownIds: z.array(z.int()),
  /** The signed-in viewer's own comments on the item held for review, newest first; only they see them. [] for visitors. */
  ownPending: z.array(ownPendingSchema),
})
export type CommentPage = z.infer<typeof commentPageSchema>

export const commentAddedSchema = z.strictObject({
  id: z.int(),
  status: z.enum(['published', 'pending']),
  message: z.string(),
})
export type CommentAdded = z.infer<typeof commentAddedSchema>

export const commentReplies = {
  'Course/commentList': commentPageSchema,
  'Member/addComment': commentAddedSchema,
}
