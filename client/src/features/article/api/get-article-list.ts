import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Paged } from '../../../lib/use-page-param'
import type { ArticleKind, ArticleSummary } from '../types'

export type ArticleListParams = { page: number; limit: number; teacherId?: number }

// Both lists live in the Teacher group; without teacherId they list every teacher's items.
const listAction: Record<ArticleKind, string> = { activity: '/api/Teacher/teacherActivity', viewpoint: '/api/Teacher/teacherViewpoint' }

export const getArticleList = (kind: ArticleKind, params: ArticleListParams) => post<Paged<ArticleSummary>>(listAction[kind], params)

export const articleListQuery = (kind: ArticleKind, params: ArticleListParams) =>
  queryOptions({ queryKey: ['article', kind, params], queryFn: () => getArticleList(kind, params), placeholderData: keepPreviousData })

export const useArticleList = (kind: ArticleKind, params: ArticleListParams, enabled = true) =>
  useQuery({ ...articleListQuery(kind, params), enabled })
