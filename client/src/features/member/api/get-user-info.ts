import { useQuery } from '@tanstack/react-query'
import { post, type PostOptions } from '../../../lib/api-client'
import { getSession } from '../../../lib/session'
import { memberKeys } from './keys'

// The contract's payload is member_no; the server identifies the member by the token regardless.
export const getUserInfo = (options?: PostOptions) => post('/api/Member/getUserInfo', { member_no: getSession()?.memberNo ?? '' }, options)

export const useUserInfo = () => useQuery({ queryKey: memberKeys.userInfo(), queryFn: () => getUserInfo(), staleTime: 0 })
