import type { CommentTarget } from '../../../../../common/notifications'
import { post } from '../../../lib/api-client'

export type AddCommentInput = { entity: CommentTarget; recordId: number; content: string; parentId?: number }

export const addComment = (input: AddCommentInput) => post('/api/Member/addComment', input)
export const deleteComment = (id: number) => post<null>('/api/Member/deleteComment', { id })
export const reportComment = (id: number, reason: string) => post<{ message: string }>('/api/Member/reportComment', { id, reason })
