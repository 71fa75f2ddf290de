import { post } from '../../../lib/api-client'

export type FindPassParams = { phone: string; code: string; password: string; confirmPassword: string }

export const findPass = (params: FindPassParams) => post<null>('/api/Member/findPass', params)
