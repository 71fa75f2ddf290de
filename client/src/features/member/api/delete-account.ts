import { post } from '../../../lib/api-client'

export const deleteAccount = (password: string) => post<null>('/api/Member/deleteAccount', { password })
