import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SiteInfo } from '../types'

export const getSiteInfo = () => post<SiteInfo>('/api/Index/getSiteInfo', {}, { silent: true })

export const siteInfoQuery = () => queryOptions({ queryKey: ['index', 'getSiteInfo'], queryFn: getSiteInfo, staleTime: Infinity })

/** Logo, company name, phone and WeChat QR for the header and side bar. */
export const useSiteInfo = () => useQuery(siteInfoQuery())
