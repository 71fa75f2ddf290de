import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

// Spec §8: site-info calls only use a 200 answer and ignore other codes, so they stay silent.
export const getConfig = () => post('/api/Index/getConfig', {}, { silent: true })

export const configQuery = () => queryOptions({ queryKey: ['index', 'getConfig'], queryFn: getConfig, staleTime: Infinity })

/** Footer contact data (btlogo, wx, fax, phone, mailbox, address, icp). */
export const useConfig = () => useQuery(configQuery())
