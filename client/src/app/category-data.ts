import { categoriesQuery, type CategoryKind } from '../features/index/api/get-categories'
import { parseCategoryId } from '../features/index/hooks/use-category-route'
import { parsePositiveInt } from '../lib/use-page-param'
import { notFound, type PageDataArgs, type PageQuery } from './page-data'

/**
 * Loader of /<list> and /<list>/{cid}: an unknown category is a 404, as the page says in the
 * browser; then the page of items the list shows (`listQuery` builds it exactly as the page does).
 */
export async function loadCategoryList(
  kind: CategoryKind,
  { params, url, queries }: PageDataArgs,
  listQuery: (cid: number | undefined, page: number) => PageQuery<unknown>,
) {
  const cid = parseCategoryId(params.cid)
  if (cid !== undefined) {
    const categories = await queries.require(categoriesQuery(kind))
    if (!categories.some((category) => category.id === cid)) notFound()
  }
  await queries.prefetch(listQuery(cid, parsePositiveInt(url.searchParams.get('page'))))
}
