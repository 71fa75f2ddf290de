import { env } from '../../env'
import { ApiError, Code } from '../../http/envelope'
import { createDevSmsProvider } from './dev-sms-provider'
import { createHttpSmsProvider } from './http-sms-provider'

export type SmsPurpose = 'register' | 'findPass'
export type SmsMessage = { phone: string; code: string; purpose: SmsPurpose }
export type SmsProvider = { name: string; send: (message: SmsMessage) => Promise<void> }

let current: SmsProvider | undefined

/**
 * The provider chosen by SMS_PROVIDER. In production nothing is chosen by default, so a deployment
 * that forgot to configure SMS refuses to send instead of silently writing codes to the log.
 */
export function smsProvider(): SmsProvider {
  if (current) return current
  if (env.smsProvider === 'dev') current = createDevSmsProvider()
  else if (env.smsProvider === 'http' && env.SMS_HTTP_URL) current = createHttpSmsProvider(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN)
  if (!current) throw new ApiError(Code.SERVER_ERROR, '短信服务未配置，请联系管理员')
  return current
}
