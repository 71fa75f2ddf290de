// Mainland mobile numbers: one rule for the API schemas and the forms.
import { z } from '../validation/z'
import { firstProblem } from '../validation/first-problem'

/** 11 digits starting with 1[3-9]. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/
export const PHONE_LENGTH = 11
export const PHONE_REQUIRED = '请输入手机号'
export const PHONE_INVALID = '请输入正确的手机号'

/** API field. A blank number that was sent reads as a wrong one; only a missing one asks for it. */
export const phoneSchema = z.string({ error: PHONE_REQUIRED }).trim().regex(PHONE_PATTERN, { error: PHONE_INVALID })

/** Form check: an empty box asks for the number before judging it. */
export function phoneProblem(phone: string): string | null {
  return phone.trim() ? firstProblem(phoneSchema, phone) : PHONE_REQUIRED
}
