import { newPasswordProblem, newPasswordSchema, PASSWORD_HINT, PASSWORD_PATTERN, passwordProblem } from './password'

describe('passwordProblem', () => {
  test('8-20 printable ASCII characters with a letter and a digit', () => {
    for (const password of ['abc12345', 'Pass_word-9!', 'a1'.repeat(10)]) expect(passwordProblem(password), password).toBeNull()
    expect(PASSWORD_PATTERN.test('abc12345')).toBe(true)
  })

  test('length first, then the rest of the rule', () => {
    expect(passwordProblem('abc1234')).toBe('密码长度须为 8-20 位')
    expect(passwordProblem('a1'.repeat(10) + 'x')).toBe('密码长度须为 8-20 位')
    for (const password of ['abcdefgh', '12345678', 'abc 12345', '密码abc12345']) {
      expect(passwordProblem(password), password).toBe(PASSWORD_HINT)
    }
  })
})

describe('newPasswordSchema', () => {
  test('names the field when it is missing and is not trimmed', () => {
    expect(newPasswordSchema().safeParse(undefined).error?.issues[0].message).toBe('请输入密码')
    expect(newPasswordSchema('新密码').safeParse(undefined).error?.issues[0].message).toBe('请输入新密码')
    expect(newPasswordSchema().safeParse(' abc12345').error?.issues[0].message).toBe(PASSWORD_HINT)
    expect(newPasswordSchema().parse('abc12345')).toBe('abc12345')
  })

  test('a blank password sent to the API reads as too short', () => {
    expect(newPasswordSchema().safeParse('').error?.issues[0].message).toBe('密码长度须为 8-20 位')
  })
})

describe('newPasswordProblem', () => {
  test('an empty box asks for the password by its label', () => {
    expect(newPasswordProblem('')).toBe('请输入密码')
    expect(newPasswordProblem('', '新密码')).toBe('请输入新密码')
    expect(newPasswordProblem('short1')).toBe('密码长度须为 8-20 位')
    expect(newPasswordProblem('abc12345')).toBeNull()
  })
})
