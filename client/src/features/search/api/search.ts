import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SearchQuery } from '../../../lib/search-params'

export type SearchParams = SearchQuery & { page: number; limit: number }

// The specification has a /search page but names no action; the server exposes Index/search.
export const searchContent = (params: SearchParams) => post('/api/Index/search', params)

export const searchQuery = (params: SearchParams) =>
  queryOptions({ queryKey: ['search', params], queryFn: () => searchContent(params), placeholderData: keepPreviousData })

export const useSearch = (params: SearchParams | null) => useQuery({ ...searchQuery(params as SearchParams), enabled: params !== null })
