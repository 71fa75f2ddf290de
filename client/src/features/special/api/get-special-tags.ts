import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export const getSpecialTags = () => post('/api/Special/hotLabel', {})

export const specialTagsQuery = () => queryOptions({ queryKey: ['special', 'hotLabel'], queryFn: getSpecialTags })

export const useSpecialTags = () => useQuery(specialTagsQuery())
