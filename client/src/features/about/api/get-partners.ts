import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getPartners = () => post('/api/Course/cooperative', {})

export const partnersQuery = () => queryOptions({ queryKey: ['about', 'cooperative'], queryFn: getPartners, staleTime: 5 * 60_000 })

export const usePartners = (enabled = true) => useQuery({ ...partnersQuery(), enabled })
