import { post } from '../../../lib/api-client'
import { saveSession } from '../../../lib/session'
import type { LoginResult } from '../types'

export type RegisterParams = { phone: string; code: string; password: string; confirmPassword: string; nickname: string; agree: true }

/** The server answers a registration like a login (a one-day session), so the member is signed in. */
export async function register(params: RegisterParams): Promise<LoginResult> {
  const result = await post<LoginResult>('/api/Member/register', params)
  saveSession({ token: result.token, nickname: result.nickname, memberNo: result.member_no }, false)
  return result
}
