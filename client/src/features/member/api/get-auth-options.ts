import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { memberKeys } from './keys'

/** What the deployment offers: `sms` is false when the operator turned SMS off (no registration or recovery). */
export const getAuthOptions = () => post('/api/Member/authOptions', {}, { silent: true })

export const useAuthOptions = () => useQuery({ queryKey: memberKeys.authOptions(), queryFn: getAuthOptions, staleTime: 5 * 60_000 })
