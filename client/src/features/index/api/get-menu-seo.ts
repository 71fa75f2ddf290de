import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

// One request for every menu's SEO row; pages pick theirs from the cache. Asked for no menu in
// particular, the action answers the list (a named menu would answer its row alone).
export const getMenuSeo = async () => {
  const rows = await post('/api/Index/getMenuseo', {}, { silent: true })
  if (!rows) return []
  return Array.isArray(rows) ? rows : [rows]
}

export const menuSeoQuery = () => queryOptions({ queryKey: ['index', 'getMenuseo'], queryFn: getMenuSeo, staleTime: Infinity })

export const useMenuSeo = () => useQuery(menuSeoQuery())
