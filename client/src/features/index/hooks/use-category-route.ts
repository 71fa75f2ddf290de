import { useParams } from 'react-router'
import { parsePositiveInt, usePageParam } from '../../../lib/use-page-param'
import { useCategories, type CategoryKind } from '../api/get-categories'

/** The {cid} of /<list>/{cid}: undefined on /<list>, 0 when malformed (it never matches a category). */
export const parseCategoryId = (raw: string | undefined) => (raw === undefined ? undefined : parsePositiveInt(raw, 0))

/**
 * State of a category list page routed as /<list> or /<list>/:cid, with its ?page=.
 * `isListEnabled` holds the item query back until the category is known to exist.
 */
export function useCategoryRoute(kind: CategoryKind) {
  const cid = parseCategoryId(useParams().cid)
  const [page, setPage] = usePageParam()
  const categories = useCategories(kind)
  const category = categories.data?.find((item) => item.id === cid)
  const isUnknownCategory = cid !== undefined && (cid === 0 || (categories.isSuccess && !category))
  // Wait for the category list before asking for an unknown category's items; if that list
  // fails to load, let the items answer for the category instead.
  const isListEnabled = cid === undefined || (cid > 0 && (categories.isError || Boolean(category)))
  return { cid, page, setPage, categories, category, isUnknownCategory, isListEnabled }
}
