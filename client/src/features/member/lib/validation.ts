// Client-side checks mirroring the server's schemas (server/features/member/member.schemas.ts),
// so most mistakes are caught before a round trip; the server still decides.
import { PASSWORD_HINT, passwordProblem } from '../../../../../server/features/member/password-rule'

export { PASSWORD_HINT }

export const PHONE_PATTERN = /^1[3-9]\d{9}$/

export function phoneProblem(phone: string): string | null {
  const value = phone.trim()
  if (!value) return '请输入手机号'
  if (!PHONE_PATTERN.test(value)) return '请输入正确的手机号'
  return null
}

export function newPasswordProblem(password: string, label = '密码'): string | null {
  if (!password) return `请输入${label}`
  return passwordProblem(password)
}

export function confirmProblem(password: string, confirm: string): string | null {
  if (!confirm) return '请再次输入密码'
  return confirm === password ? null : '两次输入的密码不一致'
}

export function smsCodeProblem(code: string): string | null {
  const value = code.trim()
  if (!value) return '请输入短信验证码'
  return /^\d{6}$/.test(value) ? null : '短信验证码为 6 位数字'
}

export function captchaProblem(code: string): string | null {
  return code.trim() ? null : '请输入图形验证码'
}

export function nicknameProblem(nickname: string): string | null {
  const value = nickname.trim()
  if (!value) return '请输入昵称'
  if (Array.from(value).length > 20) return '昵称最多 20 个字'
  if (/[<>\u0000-\u001f]/.test(value)) return '昵称不能包含特殊字符'
  return null
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
