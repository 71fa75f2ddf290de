import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { HEADER_HOT_TAGS } from '../constants'

export const getHotTags = (limit: number) => post('/api/Index/getHotTags', { limit }, { silent: true })

export const hotTagsQuery = () =>
  queryOptions({
    queryKey: ['index', 'getHotTags', { limit: HEADER_HOT_TAGS }],
    queryFn: () => getHotTags(HEADER_HOT_TAGS),
    staleTime: 10 * 60_000,
  })

/** The header's hot tags (spec §9: up to 6). */
export const useHotTags = () => useQuery(hotTagsQuery())
