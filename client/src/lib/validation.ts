// Form checks: the field rules come from common/rules, the same ones the API schemas use, so most
// mistakes are caught before a round trip with the server's own words; the server still decides.
import { PASSWORD_MISMATCH } from '../../../common/rules'

export {
  newPasswordProblem,
  NICKNAME_MAX,
  nicknameProblem,
  PASSWORD_HINT,
  PASSWORD_MAX,
  PHONE_LENGTH,
  phoneProblem,
  SMS_CODE_LENGTH,
  smsCodeProblem,
} from '../../../common/rules'

export function confirmProblem(password: string, confirm: string): string | null {
  if (!confirm) return '请再次输入密码'
  return confirm === password ? null : PASSWORD_MISMATCH
}

export function captchaProblem(code: string): string | null {
  return code.trim() ? null : '请输入图形验证码'
}

export type Problems<K extends string> = Partial<Record<K, string>>

/** Runs every check and keeps the failures; an empty object means the form may be sent. */
export function collectProblems<K extends string>(checks: Record<K, () => string | null>): Problems<K> {
  const problems: Problems<K> = {}
  for (const key of Object.keys(checks) as K[]) {
    const problem = checks[key]()
    if (problem) problems[key] = problem
  }
  return problems
}
