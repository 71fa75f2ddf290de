// Reading a seed folder (one JSON file per kind, see seed/README.md): every file is held to
// `seedFileLimits` and its records are checked against the content schemas, each file on its own.
// References across files and media come later (references.ts, media-fields.ts).
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { keyField, seedKinds, seedSchemas, type SeedData, type SeedKind } from '../../../common/content-schemas'
import { chineseZodIssueText } from '../../../common/validation/zod-messages'
import { projectRoot } from '../../lib/database-url'
import { createPacer, type Pacer } from '../../lib/pacer'
import { formatSize } from '../../lib/uploads'
import { parseJsonRecords } from './json-records'
import { fileLabel, fileName, MAX_PROBLEMS, rememberPosition, SeedLimitError, type Row } from './problems'

/** The demo folder: a path, so the server finds it without importing anything from seed/. */
export const defaultSeedDir = path.join(projectRoot, 'seed', 'data')

/**
 * What one file of a folder may hold (docs/DECISIONS.md, "Import limits"). The demo's largest file
 * is 224 KB with 160 records; a record the schemas accept has at most a few hundred values (a
 * topic's 200 courses, 20 tags, its fields).
 */
export const seedFileLimits = { bytes: 16 * 1024 * 1024, records: 20_000, valuesPerRecord: 2_000 }

export type SeedFolder = {
  data: Partial<SeedData>
  /** Keys of every record, valid or not, so one bad record does not also break the records that refer to it. */
  keys: Partial<Record<SeedKind, unknown[]>>
}

// The project's Chinese zod wording without a subject (the problem names file, record and field),
// and a plainer one for a field that is simply missing. A schema's own message still wins.
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? '缺少此字段' : chineseZodIssueText(issue)

/**
 * Reads and validates every file of the folder on its own; cross references come later. A file
 * over `seedFileLimits` refuses the import at once (SeedLimitError); the work is paced, so even
 * a folder at every limit never holds the event loop.
 */
export async function readFolder(dir: string, problems: string[]): Promise<SeedFolder> {
  const data: Partial<Record<SeedKind, unknown[]>> = {}
  const keys: SeedFolder['keys'] = {}
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    problems.push(`找不到种子目录 ${dir}`)
    return { data: {}, keys }
  }
  const known = new Set<string>(seedKinds.map(fileName))
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json'))
  for (const name of files) {
    if (!known.has(name)) problems.push(`${name}: 未知的文件，可用的文件有 ${[...known].join('、')}`)
  }
  const pacer = createPacer()
  for (const kind of seedKinds) {
    const file = path.join(dir, fileName(kind))
    const stats = await fs.promises.stat(file).catch(() => null)
    if (!stats) continue
    if (!stats.isFile()) {
      problems.push(`${fileName(kind)}: 不是文件`)
      continue
    }
    if (stats.size > seedFileLimits.bytes) {
      throw new SeedLimitError(`文件 ${fileName(kind)} 超过 ${formatSize(seedFileLimits.bytes)} 上限`)
    }
    const parsed = await parseJsonRecords(await fs.promises.readFile(file), seedFileLimits, pacer)
    if (!parsed.ok) {
      if (parsed.isOverLimit) throw new SeedLimitError(`文件 ${fileName(kind)} ${parsed.problem}`)
      problems.push(`${fileName(kind)}: ${parsed.problem}`)
      continue
    }
    keys[kind] = parsed.records.map((record) => (record && typeof record === 'object' ? (record as Row)[keyField[kind]] : undefined))
    data[kind] = await parseRecords(kind, parsed.records, problems, pacer)
    if (problems.length >= MAX_PROBLEMS) break
  }
  if (files.length === 0) problems.push(`${dir}: 目录中没有可导入的 JSON 文件`)
  return { data: data as Partial<SeedData>, keys }
}

/** Validates the records of one file; invalid ones are reported and left out, duplicates of a key reported. */
async function parseRecords(kind: SeedKind, raw: unknown[], problems: string[], pacer: Pacer): Promise<unknown[]> {
  const records: unknown[] = []
  const seen = new Map<unknown, number>()
  for (let index = 0; index < raw.length && problems.length < MAX_PROBLEMS; index++) {
    if (pacer.isDue) await pacer.pause()
    const record = raw[index]
    const result = seedSchemas[kind].safeParse(record, { error: errorMap })
    if (!result.success) {
      for (const issue of result.error.issues.slice(0, MAX_PROBLEMS)) {
        const field = issue.path.length ? ` 字段 ${issue.path.join('.')}` : ''
        problems.push(`${fileLabel(kind, index, record)}${field}: ${issue.message}`)
      }
      continue
    }
    const key = (result.data as Row)[keyField[kind]]
    const first = seen.get(key)
    if (first !== undefined) problems.push(`${fileLabel(kind, index, record)} 字段 ${keyField[kind]}: 与第 ${first + 1} 条重复`)
    else seen.set(key, index)
    rememberPosition(result.data, index)
    records.push(result.data)
  }
  return records
}
