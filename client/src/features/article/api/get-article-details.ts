import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'
import type { ArticleDetail, ArticleKind } from '../types'

const detailAction: Record<ArticleKind, string> = {
  activity: '/api/Teacher/teacherActivityDetails',
  viewpoint: '/api/Teacher/teacherViewpointDetails',
}

export const getArticleDetails = (kind: ArticleKind, id: number) => post<ArticleDetail>(detailAction[kind], { id })

export const articleDetailsQuery = (kind: ArticleKind, id: number) =>
  queryOptions({
    queryKey: ['article', kind, 'details', id],
    queryFn: () => getArticleDetails(kind, id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useArticleDetails = (kind: ArticleKind, id: number) => useQuery(articleDetailsQuery(kind, id))
