// The password rule, shared with the registration and password pages so both sides agree.
// Kept free of imports so the client can mirror it line for line.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 20
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/
export const PASSWORD_HINT = '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'

/** The Chinese problem with `password`, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return `密码长度须为 ${PASSWORD_MIN}-${PASSWORD_MAX} 位`
  if (!PASSWORD_PATTERN.test(password)) return PASSWORD_HINT
  return null
}
