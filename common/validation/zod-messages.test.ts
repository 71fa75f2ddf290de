import { z } from 'zod'
import { chineseZodMessage, installChineseZodMessages } from './zod-messages'

const messages = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

const addSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1).max(100),
  status: z.enum(['pending', 'approved', 'rejected']),
  page: z.number().optional(),
})

beforeAll(() => installChineseZodMessages())

describe('installChineseZodMessages', () => {
  test('an array where an object is expected', () => {
    expect(messages(addSchema, [])).toEqual(['请求数据应为 JSON 对象'])
  })

  test('a missing field is named', () => {
    expect(messages(addSchema, { title: '标题', status: 'pending' })).toEqual(['缺少参数 id'])
  })

  test('a string over its limit says how long it may be', () => {
    expect(messages(addSchema, { id: 1, title: '长'.repeat(101), status: 'pending' })).toEqual(['参数 title 过长（最多 100 个字符）'])
    expect(messages(addSchema, { id: 1, title: '  ', status: 'pending' })).toEqual(['参数 title 不能为空'])
  })

  test('a value outside an enum is refused without listing the options', () => {
    expect(messages(addSchema, { id: 1, title: '标题', status: 'done' })).toEqual(['参数 status 取值不正确'])
  })

  test('a wrong type names the expected one', () => {
    expect(messages(addSchema, { id: '1', title: '标题', status: 'pending', page: '2' })).toEqual([
      '参数 id 格式不正确（应为数字）',
      '参数 page 格式不正确（应为数字）',
    ])
    // Coercion turns both junk and a missing value into NaN before the check sees it.
    const coerced = z.object({ page: z.coerce.number() })
    expect(messages(coerced, { page: 'abc' })).toEqual(['参数 page 格式不正确（应为数字）'])
    expect(messages(coerced, {})).toEqual(['参数 page 格式不正确（应为数字）'])
    expect(messages(addSchema, { id: 0, title: null, status: 'pending' })).toEqual(['参数 id 应大于 0', '参数 title 不能为空'])
  })

  test('a nested field is named by its full path', () => {
    const schema = z.object({ items: z.array(z.object({ title: z.string().max(5) })).max(2) })
    expect(messages(schema, { items: [{ title: '短' }, { title: '六个字的标题' }] })).toEqual(['参数 items[1].title 过长（最多 5 个字符）'])
    expect(messages(schema, { items: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] })).toEqual(['参数 items 过长（最多 2 项）'])
    expect(messages(schema, { items: [{}] })).toEqual(['缺少参数 items[0].title'])
  })

  test('unknown keys, unions and refinements without messages', () => {
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual(['不支持的参数 b、c'])
    expect(messages(z.object({ n: z.union([z.string(), z.number()]) }), { n: true })).toEqual(['参数 n 格式不正确'])
    expect(messages(z.object({ code: z.string().refine((v) => v === 'ok') }), { code: 'no' })).toEqual(['参数 code 不正确'])
  })

  test('messages a schema sets itself win over the global ones', () => {
    const schema = z.object({
      title: z.string({ error: '请输入标题' }).max(3, { error: '标题最多 3 个字' }),
      kind: z.enum(['a', 'b'], { error: '请选择类型' }),
      note: z.string({ error: '审核意见格式不正确' }).max(2),
    })
    expect(messages(schema, { kind: 'c', note: 5 })).toEqual(['请输入标题', '请选择类型', '审核意见格式不正确'])
    expect(messages(schema, { title: '四个字啊', kind: 'a', note: '三个字' })).toEqual(['标题最多 3 个字', '审核意见格式不正确'])
  })

  test('no English besides field names', () => {
    const schema = z.object({ e: z.email(), n: z.number().max(5), s: z.string().length(2), l: z.literal(true), x: z.never() })
    for (const message of messages(schema, { e: 'nope', n: 9, s: 'abc', l: false, x: 1 })) {
      expect(message.replace(/参数 [a-z]+ /, '')).not.toMatch(/[A-Za-z]/)
    }
  })

  test('installing twice keeps the one map', () => {
    installChineseZodMessages()
    installChineseZodMessages()
    expect(z.config().customError).toBe(chineseZodMessage)
  })
})
