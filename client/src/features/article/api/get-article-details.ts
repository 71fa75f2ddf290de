import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { freshOnEveryVisit } from '../../../lib/query-freshness'
import type { ArticleKind } from '../kinds'

const detailAction = {
  activity: '/api/Teacher/teacherActivityDetails',
  viewpoint: '/api/Teacher/teacherViewpointDetails',
} as const satisfies Record<ArticleKind, string>

export const getArticleDetails = (kind: ArticleKind, id: number) => post(detailAction[kind], { id })

export const articleDetailsQuery = (kind: ArticleKind, id: number) =>
  queryOptions({
    queryKey: ['article', kind, 'details', id],
    queryFn: () => getArticleDetails(kind, id),
    ...freshOnEveryVisit(),
    enabled: id > 0,
  })

export const useArticleDetails = (kind: ArticleKind, id: number) => useQuery(articleDetailsQuery(kind, id))
