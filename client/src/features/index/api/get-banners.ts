import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type BannerPosition = 'home' | 'ad' | 'special'

export const getBanners = (position: BannerPosition) => post('/api/Special/getBanner', { position }, { silent: true })

export const bannersQuery = (position: BannerPosition) =>
  queryOptions({ queryKey: ['special', 'getBanner', { position }], queryFn: () => getBanners(position), staleTime: 10 * 60_000 })

/** Banners by position; the home page's ad carousel uses 'ad'. */
export const useBanners = (position: BannerPosition) => useQuery(bannersQuery(position))
