// The password rule for registration, finding and changing a password.
import { z } from '../validation/z'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 20
/** Printable ASCII only (no spaces or Chinese), with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/
export const PASSWORD_HINT = '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'
export const PASSWORD_MISMATCH = '两次输入的密码不一致'

/** The Chinese problem with `password`, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return `密码长度须为 ${PASSWORD_MIN}-${PASSWORD_MAX} 位`
  if (!PASSWORD_PATTERN.test(password)) return PASSWORD_HINT
  return null
}

/** API field for a new password; `label` (密码, 新密码) names it when it is missing. Not trimmed: spaces are refused, not dropped. */
export const newPasswordSchema = (label = '密码') =>
  z.string({ error: `请输入${label}` }).superRefine((value, ctx) => {
    const problem = passwordProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** Form check: an empty box asks for the password before judging it. */
export function newPasswordProblem(password: string, label = '密码'): string | null {
  return password ? passwordProblem(password) : `请输入${label}`
}
