import { smsCodeProblem, smsCodeSchema } from './sms-code'

describe('smsCodeSchema', () => {
  test('six digits, surrounding spaces dropped', () => {
    expect(smsCodeSchema.parse(' 012345 ')).toBe('012345')
  })

  test('anything else is refused, a missing code asked for', () => {
    for (const code of ['12345', '1234567', '12345a', '１２３４５６', '']) {
      expect(smsCodeSchema.safeParse(code).error?.issues[0].message, code).toBe('短信验证码为 6 位数字')
    }
    expect(smsCodeSchema.safeParse(undefined).error?.issues[0].message).toBe('请输入短信验证码')
  })
})

describe('smsCodeProblem', () => {
  test('an empty box asks for the code, a wrong one says what it should be', () => {
    expect(smsCodeProblem(' ')).toBe('请输入短信验证码')
    expect(smsCodeProblem('123')).toBe('短信验证码为 6 位数字')
    expect(smsCodeProblem('123456 ')).toBeNull()
  })
})
