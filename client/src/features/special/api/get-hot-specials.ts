import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getHotSpecials = () => post('/api/Special/hotSpecial', {})

export const hotSpecialsQuery = () => queryOptions({ queryKey: ['special', 'hotSpecial'], queryFn: getHotSpecials })

export const useHotSpecials = () => useQuery(hotSpecialsQuery())
