import { articleDetailsQuery } from '../features/article/api/get-article-details'
import { commentListQuery } from '../features/comment'
import { articleListQuery } from '../features/article/api/get-article-list'
import { LATEST_ARTICLES } from '../features/article/components/article-detail-view'
import { articleListParams } from '../features/article/components/article-list-view'
import type { ArticleKind } from '../features/article/kinds'
import { parsePositiveInt } from '../lib/use-page-param'
import { notFound, type PageLoader } from './page-data'

/** /schooling and /article: the page of items ArticleListView shows. */
export const articleListLoader =
  (kind: ArticleKind): PageLoader =>
  ({ url, queries }) =>
    queries.prefetch(articleListQuery(kind, articleListParams(parsePositiveInt(url.searchParams.get('page')))))

/** /schooling/detail/{id} and /article/detail/{id}: the article, and the latest items beside it. */
export const articleDetailLoader =
  (kind: ArticleKind): PageLoader =>
  async ({ params, queries }) => {
    const id = parsePositiveInt(params.id, 0)
    if (!id) notFound()
    await queries.require(articleDetailsQuery(kind, id))
    await queries.prefetch(articleListQuery(kind, LATEST_ARTICLES), commentListQuery({ entity: kind, recordId: id, page: 1 }))
  }
