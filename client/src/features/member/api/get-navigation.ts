import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { memberKeys } from './keys'

export type { NavigationTab } from '../../../../../common/api/member'

export const getNavigation = () => post('/api/Member/getNavigation', {}, { silent: true })

export const useNavigation = () => useQuery({ queryKey: memberKeys.navigation(), queryFn: getNavigation, staleTime: 0 })
