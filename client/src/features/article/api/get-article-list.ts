import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { ArticleKind } from '../kinds'

export type ArticleListParams = { page: number; limit: number; teacherId?: number }

// Both lists live in the Teacher group; without teacherId they list every teacher's items.
const listAction = {
  activity: '/api/Teacher/teacherActivity',
  viewpoint: '/api/Teacher/teacherViewpoint',
} as const satisfies Record<ArticleKind, string>

export const getArticleList = (kind: ArticleKind, params: ArticleListParams) => post(listAction[kind], params)

export const articleListQuery = (kind: ArticleKind, params: ArticleListParams) =>
  queryOptions({ queryKey: ['article', kind, params], queryFn: () => getArticleList(kind, params), placeholderData: keepPreviousData })

export const useArticleList = (kind: ArticleKind, params: ArticleListParams, enabled = true) =>
  useQuery({ ...articleListQuery(kind, params), enabled })
