// What is wrong with a seed folder or a console record, and how each problem names where it is:
// the file, the record and the field for a folder, the field alone for the console's one form.
import { keyField, type SeedKind } from '../../../common/content-schemas'

/** A record as read from a file or about to be written: field name to value. */
export type Row = Record<string, unknown>

// Problems collected before the checks stop: enough to fix a file by, never millions of lines.
export const MAX_PROBLEMS = 1_000
// One problem line quotes the file's own values; a long value is cut.
const MAX_PROBLEM_LENGTH = 300

/** A seed folder that cannot be imported; `problems` name file, record and field. */
export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, 20).map((line) => (line.length > MAX_PROBLEM_LENGTH ? `${line.slice(0, MAX_PROBLEM_LENGTH)}…` : line))
    const more = problems.length >= MAX_PROBLEMS ? ' 个以上' : ' 个'
    if (problems.length > shown.length) shown.push(`……另有 ${problems.length - shown.length}${more}问题`)
    super(`种子数据有误，未导入任何内容：\n${shown.join('\n')}`)
    this.name = 'SeedError'
  }
}

/** A file over one of `seedFileLimits` (seed-folder.ts): refused at once, before the rest of the folder is read. */
export class SeedLimitError extends SeedError {
  constructor(problem: string) {
    super([problem])
    this.message = problem
    this.name = 'SeedLimitError'
  }
}

/** How a problem names its record: the file and position for a folder, nothing for the console's one record. */
export type RecordLabel = (kind: SeedKind, index: number, record: unknown) => string

// Position of each parsed record in its file, since invalid records are left out of the lists.
const positionOf = new WeakMap<object, number>()

/** Remembers where a parsed record stood in its file, for `fileLabel`. */
export const rememberPosition = (record: object, index: number) => positionOf.set(record, index)

export const fileName = (kind: SeedKind) => `${kind}.json`

export const fileLabel: RecordLabel = (kind, index, record) => {
  if (record && typeof record === 'object') index = positionOf.get(record) ?? index
  const key = keyField[kind]
  const value = record && typeof record === 'object' ? (record as Row)[key] : undefined
  const label = typeof value === 'string' || typeof value === 'number' ? ` (${key} ${JSON.stringify(value).slice(0, 80)})` : ''
  return `${fileName(kind)} 第 ${index + 1} 条${label}`
}

/** Problems name the field only: the console shows them beside its one form. */
export const consoleLabel: RecordLabel = () => ''

export const problemOf = (label: string, field: string, message: string) => `${label} 字段 ${field}: ${message}`.trim()
