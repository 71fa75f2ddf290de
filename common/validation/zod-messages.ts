// Chinese wording for every zod issue a schema leaves without its own message, so neither the API
// nor a form ever shows zod's English defaults. Messages set on a schema or check still win: zod 4
// asks the global `customError` only after the check's and the schema's own `error`.
import { z } from 'zod'

type Issue = z.core.$ZodRawIssue

const TYPE_TEXT: Partial<Record<string, string>> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  array: '数组',
  tuple: '数组',
  object: '对象',
  record: '对象',
  map: '对象',
  set: '集合',
  date: '日期',
  file: '文件',
}

const FORMAT_TEXT: Partial<Record<string, string>> = {
  email: '邮箱地址',
  url: '网址',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
  duration: '时长',
}

/** `items[0].title` style, as a caller would write the field. */
const fieldName = (path: readonly PropertyKey[]) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '')

/** What a size limit counts, by the kind of value that was measured. */
const sizeUnit = (origin: string) => (origin === 'string' ? '个字符' : origin === 'file' ? '字节' : '项')

const isSized = (origin: string) => ['string', 'array', 'set', 'file'].includes(origin)

function describe(issue: Issue, subject: string, hasPath: boolean): string {
  switch (issue.code) {
    case 'invalid_type': {
      const missing = issue.input === undefined || issue.expected === 'nonoptional'
      if (missing) return hasPath ? `缺少${subject.trimEnd()}` : '缺少请求数据'
      if (!hasPath && issue.expected === 'object') return '请求数据应为 JSON 对象'
      if (issue.input === null) return `${subject}不能为空`
      if (['never', 'undefined', 'void'].includes(issue.expected)) return `${subject}不应提供`
      const expected = TYPE_TEXT[issue.expected]
      return expected ? `${subject}格式不正确（应为${expected}）` : `${subject}格式不正确`
    }
    case 'too_small': {
      const min = Number(issue.minimum) + (issue.inclusive === false && isSized(issue.origin) ? 1 : 0)
      if (isSized(issue.origin)) {
        const unit = sizeUnit(issue.origin)
        if (issue.exact) return `${subject}长度应为 ${min} ${unit}`
        if (min <= 1 && issue.origin !== 'file') return `${subject}不能为空`
        return `${subject}过短（至少 ${min} ${unit}）`
      }
      if (issue.origin === 'date') return `${subject}日期过早`
      return issue.inclusive === false ? `${subject}应大于 ${issue.minimum}` : `${subject}不能小于 ${issue.minimum}`
    }
    case 'too_big': {
      const max = Number(issue.maximum) - (issue.inclusive === false && isSized(issue.origin) ? 1 : 0)
      if (isSized(issue.origin)) {
        const unit = sizeUnit(issue.origin)
        if (issue.exact) return `${subject}长度应为 ${max} ${unit}`
        return `${subject}${issue.origin === 'file' ? '过大' : '过长'}（最多 ${max} ${unit}）`
      }
      if (issue.origin === 'date') return `${subject}日期过晚`
      return issue.inclusive === false ? `${subject}应小于 ${issue.maximum}` : `${subject}不能大于 ${issue.maximum}`
    }
    case 'invalid_format': {
      const format = FORMAT_TEXT[issue.format]
      return format ? `${subject}格式不正确（应为${format}）` : `${subject}格式不正确`
    }
    case 'not_multiple_of':
      return `${subject}应为 ${issue.divisor} 的倍数`
    case 'unrecognized_keys': {
      const keys = issue.keys.join('、')
      return hasPath ? `${subject}含有不支持的字段 ${keys}` : `不支持的参数 ${keys}`
    }
    case 'invalid_value':
      return `${subject}取值不正确`
    case 'invalid_union':
      // A discriminated union puts the discriminator in the path: the value there matched no option.
      return issue.discriminator ? `${subject}取值不正确` : `${subject}格式不正确`
    case 'invalid_key':
      return `${subject}含有不正确的键`
    case 'invalid_element':
      return `${subject}含有不正确的项`
    default:
      return `${subject}不正确`
  }
}

/** The global error map: only reached for issues without a message of their own. */
export const chineseZodMessage: z.core.$ZodErrorMap = (issue) => {
  const path = issue.path ?? []
  const subject = path.length ? `参数 ${fieldName(path)} ` : '请求数据'
  return describe(issue, subject, path.length > 0)
}

/** The wording of an issue without naming its field, for a caller that names the field itself (the seed importer). */
export const chineseZodIssueText = (issue: Issue) => describe(issue, '', true)

/** Makes zod speak Chinese for this process (server) or page (client); calling it again changes nothing. */
export function installChineseZodMessages(): void {
  if (z.config().customError !== chineseZodMessage) z.config({ customError: chineseZodMessage })
}
