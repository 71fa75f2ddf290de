import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { SpecialTag } from '../types'

export const getSpecialTags = () => post<SpecialTag[]>('/api/Special/hotLabel', {})

export const specialTagsQuery = () => queryOptions({ queryKey: ['special', 'hotLabel'], queryFn: getSpecialTags })

export const useSpecialTags = () => useQuery(specialTagsQuery())
