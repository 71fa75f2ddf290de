import { NICKNAME_MAX, nicknameProblem, nicknameSchema } from './nickname'

describe('nicknameSchema', () => {
  test('trims and keeps up to 20 characters', () => {
    expect(nicknameSchema.parse('  新昵称 ')).toBe('新昵称')
    expect(nicknameSchema.parse('名'.repeat(NICKNAME_MAX))).toHaveLength(20)
  })

  test('counts an emoji once, as the form always did', () => {
    expect(nicknameSchema.safeParse('😀'.repeat(20)).success).toBe(true)
    expect(nicknameSchema.safeParse('😀'.repeat(21)).error?.issues[0].message).toBe('昵称最多 20 个字')
  })

  test('refuses blank, long and markup-like names', () => {
    expect(nicknameSchema.safeParse(undefined).error?.issues[0].message).toBe('请输入昵称')
    expect(nicknameSchema.safeParse('   ').error?.issues[0].message).toBe('请输入昵称')
    expect(nicknameSchema.safeParse('x'.repeat(21)).error?.issues[0].message).toBe('昵称最多 20 个字')
    expect(nicknameSchema.safeParse('<b>x</b>').error?.issues[0].message).toBe('昵称不能包含特殊字符')
    expect(nicknameSchema.safeParse('a\u0007b').error?.issues[0].message).toBe('昵称不能包含特殊字符')
  })
})

describe('nicknameProblem', () => {
  test('the first problem, or null', () => {
    expect(nicknameProblem('')).toBe('请输入昵称')
    expect(nicknameProblem('x'.repeat(21))).toBe('昵称最多 20 个字')
    expect(nicknameProblem('a>b')).toBe('昵称不能包含特殊字符')
    expect(nicknameProblem(' 张老师 ')).toBeNull()
  })
})
