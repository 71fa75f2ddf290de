import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

// Special/hotLabel2 is the home tag cloud's list: tags marked hot first, then by hotness.
export const getTagCloud = (limit: number) => post('/api/Special/hotLabel2', { limit }, { silent: true })

export const tagCloudQuery = (limit: number) =>
  queryOptions({ queryKey: ['special', 'hotLabel2', { limit }], queryFn: () => getTagCloud(limit), staleTime: 10 * 60_000 })

export const useTagCloud = (limit: number) => useQuery(tagCloudQuery(limit))
