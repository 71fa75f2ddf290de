import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { CommentTarget } from '../../../../../common/notifications'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'

export type CommentListParams = { entity: CommentTarget; recordId: number; page: number }

/** Comments shown per page; the server render loads the first page with the same number. */
export const COMMENTS_PER_PAGE = 10

export const commentKeys = {
  all: ['comment'] as const,
  list: (params: CommentListParams) => ['comment', 'commentList', params] as const,
}

export const getCommentList = (params: CommentListParams) => post('/api/Course/commentList', { ...params, limit: COMMENTS_PER_PAGE })

// Tailored: which comments are the viewer's own (ownIds) the server render cannot know.
export const commentListQuery = (params: CommentListParams) =>
  queryOptions({
    queryKey: commentKeys.list(params),
    queryFn: () => getCommentList(params),
    ...freshOnEveryVisit(true),
    placeholderData: keepPreviousData,
    enabled: params.recordId > 0,
  })

export const useCommentList = (params: CommentListParams) => useQuery(commentListQuery(params))
