import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { MenuSeo } from '../types'

// One request for every menu's SEO row; pages pick theirs from the cache.
export const getMenuSeo = () => post<MenuSeo[]>('/api/Index/getMenuseo', {}, { silent: true })

export const menuSeoQuery = () => queryOptions({ queryKey: ['index', 'getMenuseo'], queryFn: getMenuSeo, staleTime: Infinity })

export const useMenuSeo = () => useQuery(menuSeoQuery())
