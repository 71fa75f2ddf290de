import { PHONE_LENGTH, phoneProblem, phoneSchema } from './phone'

describe('phoneSchema', () => {
  test('keeps a mainland mobile number, trimmed', () => {
    expect(phoneSchema.parse(' 13800138000 ')).toBe('13800138000')
    expect(phoneSchema.parse('19912345678')).toHaveLength(PHONE_LENGTH)
  })

  test('refuses other numbers, and asks for a missing one', () => {
    for (const phone of ['12345678901', '1380013800', '138001380001', '+8613800138000', '1380013800a', '']) {
      expect(phoneSchema.safeParse(phone).error?.issues[0].message, phone).toBe('请输入正确的手机号')
    }
    expect(phoneSchema.safeParse(undefined).error?.issues[0].message).toBe('请输入手机号')
    expect(phoneSchema.safeParse(13800138000).error?.issues[0].message).toBe('请输入手机号')
  })
})

describe('phoneProblem', () => {
  test('an empty box asks for the number, a wrong one says so', () => {
    expect(phoneProblem('  ')).toBe('请输入手机号')
    expect(phoneProblem('12345678901')).toBe('请输入正确的手机号')
    expect(phoneProblem(' 13800138000')).toBeNull()
  })
})
