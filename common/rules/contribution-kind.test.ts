import { CONTRIBUTION_KIND_TEXT, CONTRIBUTION_KINDS, contributionKindSchema } from './contribution-kind'

describe('contribution kinds', () => {
  test('each kind has its Chinese name, in the order the form lists them', () => {
    expect(CONTRIBUTION_KIND_TEXT).toEqual({ viewpoint: '学术观点', activity: '教学活动' })
    expect(Object.keys(CONTRIBUTION_KIND_TEXT)).toEqual([...CONTRIBUTION_KINDS])
  })

  test('the schema asks for a choice otherwise', () => {
    expect(contributionKindSchema.parse('activity')).toBe('activity')
    for (const kind of [undefined, '', 'article']) {
      expect(contributionKindSchema.safeParse(kind).error?.issues[0].message, String(kind)).toBe('请选择投稿类型')
    }
  })
})
