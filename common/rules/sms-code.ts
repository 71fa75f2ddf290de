// The 6-digit code texted to a phone (register, find password).
import { z } from '../validation/z'
import { firstProblem } from '../validation/first-problem'

export const SMS_CODE_PATTERN = /^\d{6}$/
export const SMS_CODE_LENGTH = 6
export const SMS_CODE_REQUIRED = '请输入短信验证码'
export const SMS_CODE_INVALID = '短信验证码为 6 位数字'

/** API field; surrounding spaces from a pasted code are dropped. */
export const smsCodeSchema = z.string({ error: SMS_CODE_REQUIRED }).trim().regex(SMS_CODE_PATTERN, { error: SMS_CODE_INVALID })

/** Form check: an empty box asks for the code before judging it. */
export function smsCodeProblem(code: string): string | null {
  return code.trim() ? firstProblem(smsCodeSchema, code) : SMS_CODE_REQUIRED
}
