import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../lib/api-client'

/** One level of the region table as Region/children answers it; `hasChildren` says whether a level follows. */
export type RegionOption = { code: string; name: string; hasChildren: boolean }

export const getRegionChildren = (code: string) => post<RegionOption[]>('/api/Region/children', code ? { code } : {})

// The table changes with a release, not while a page is open: each level is fetched once per visit.
export const regionChildrenQuery = (code: string) =>
  queryOptions({ queryKey: ['region', 'children', code], queryFn: () => getRegionChildren(code), staleTime: Infinity, gcTime: 30 * 60_000 })

/** The regions under `code` ('' for the provinces); nothing is fetched while `isWanted` is false. */
export const useRegionChildren = (code: string, isWanted = true) => useQuery({ ...regionChildrenQuery(code), enabled: isWanted })
