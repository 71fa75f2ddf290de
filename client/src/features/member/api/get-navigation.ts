import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { memberKeys } from './keys'

export type NavigationTab = { id: number; key?: string; name: string; count?: number | null }

export const getNavigation = () => post<NavigationTab[]>('/api/Member/getNavigation', {}, { silent: true })

export const useNavigation = () => useQuery({ queryKey: memberKeys.navigation(), queryFn: getNavigation, staleTime: 0 })
