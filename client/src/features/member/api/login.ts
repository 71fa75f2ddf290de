import { post } from '../../../lib/api-client'
import { clearSession, saveSession } from '../../../lib/session'
import type { LoginResult } from '../types'

/** The image captcha is sent only once the server has asked for it. */
export type LoginParams = { phone: string; password: string; isWithout: boolean; captchaId?: string; captchaCode?: string }

/** Login answers this code when the next attempt needs the image captcha (server/lib/api-error.ts). */
export const CAPTCHA_REQUIRED = 428

/**
 * Spec §4: success stores token and nickname for 15 days with remember-me, else 1 day; a failed
 * login clears whatever was stored before.
 */
export async function login(params: LoginParams): Promise<LoginResult> {
  try {
    const result = await post('/api/Member/login', params)
    saveSession({ token: result.token, nickname: result.nickname, memberNo: result.member_no }, params.isWithout)
    return result
  } catch (error) {
    clearSession()
    throw error
  }
}
