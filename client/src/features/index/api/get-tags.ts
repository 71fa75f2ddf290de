import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { Tag } from '../types'

type TagPage = { list: Tag[]; total: number; page: number; limit: number }

export const getTags = (limit: number) => post<TagPage>('/api/Index/getTags', { page: 1, limit }, { silent: true })

/** The hottest tags for the home tag cloud. */
export const useTags = (limit: number) => useQuery({ queryKey: ['index', 'getTags', { limit }], queryFn: () => getTags(limit), staleTime: 10 * 60_000 })
