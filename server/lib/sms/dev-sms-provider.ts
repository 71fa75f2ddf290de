import { env } from '../../env'
import { logger } from '../../lib/logger'
import type { SmsProvider } from './sms-provider'

// Last code per phone, kept only outside production so tests can complete a registration.
const lastCodes = new Map<string, string>()
const MAX_REMEMBERED = 1000

/**
 * Development delivery: the code goes to the server log. This is the only place a code is ever
 * logged; the line format is read by the browser tests, so keep it stable.
 */
export function createDevSmsProvider(): SmsProvider {
  return {
    name: 'dev',
    send: async ({ phone, code, purpose }) => {
      logger.warn(`短信验证码 phone=${phone} code=${code} purpose=${purpose}`)
      if (env.isProduction) return
      lastCodes.delete(phone)
      lastCodes.set(phone, code)
      if (lastCodes.size > MAX_REMEMBERED) lastCodes.delete(lastCodes.keys().next().value as string)
    },
    notify: async ({ phone, text }) => {
      logger.warn(`短信通知 phone=${phone} text=${text}`)
    },
  }
}

/** The last code the dev provider sent to `phone`; always undefined in production. */
export const peekDevSmsCode = (phone: string): string | undefined => (env.isProduction ? undefined : lastCodes.get(phone))
