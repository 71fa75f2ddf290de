import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { ArticleDetail, ArticleKind } from '../types'

const detailAction: Record<ArticleKind, string> = {
  activity: '/api/Teacher/teacherActivityDetails',
  viewpoint: '/api/Teacher/teacherViewpointDetails',
}

export const getArticleDetails = (kind: ArticleKind, id: number) => post<ArticleDetail>(detailAction[kind], { id })

export const useArticleDetails = (kind: ArticleKind, id: number) =>
  useQuery({
    queryKey: ['article', kind, 'details', id],
    queryFn: () => getArticleDetails(kind, id),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    enabled: id > 0,
  })
