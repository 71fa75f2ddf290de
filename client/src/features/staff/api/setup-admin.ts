import { useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'

export type SetupAdminParams = { token: string; phone: string; password: string; nickname: string }

/** Whether the platform still waits for its first admin (first run of a production deployment). */
export const getSetupStatus = () => post<{ needed: boolean }>('/api/Admin/setupStatus', {})

export const useSetupStatus = () => useQuery({ queryKey: ['admin', 'setupStatus'], queryFn: getSetupStatus, staleTime: 0 })

/** Creates the first admin with the one-time token of the start-up log. */
export const setupAdmin = (params: SetupAdminParams) => post<{ member_no: string; nickname: string }>('/api/Admin/setup', params)
