import { post } from '../../../lib/api-client'
import type { SmsPurpose } from '../types'

export type SendAuthCodeParams = { phone: string; purpose: SmsPurpose; captchaId: string; captchaCode: string }
export type SendAuthCodeResult = { expiresIn: number; resendIn: number }

export const sendAuthCode = (params: SendAuthCodeParams) => post<SendAuthCodeResult>('/api/Member/sendAuthCode', params)
