import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getSiteInfo = () => post('/api/Index/getSiteInfo', {}, { silent: true })

export const siteInfoQuery = () => queryOptions({ queryKey: ['index', 'getSiteInfo'], queryFn: getSiteInfo, staleTime: Infinity })

/** Logo, company name, phone and WeChat QR for the header and side bar. */
export const useSiteInfo = () => useQuery(siteInfoQuery())
