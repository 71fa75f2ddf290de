// Imports a seed folder (one JSON file per kind, see seed/README.md) into the database, and writes
// the single records the admin console saves: both go through the same validation and writing code,
// so what the console writes and what `npm run seed` reads are the same thing.
// A folder is validated first, including references across files and to rows already in the
// database; then pictures are put in place; then all rows are written in one transaction.
// Rows are matched by stable keys (slug, key, menu, id, name, phone), so re-running updates in place.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { z } from 'zod'
import { chineseZodIssueText } from '../common/validation/zod-messages'
import { prisma, type Tx as DbTx } from '../server/db'
import { MEMBER_UPLOAD_PATH } from '../server/features/upload/upload-access.service'
import { detectFileType, formatSize } from '../server/features/upload/upload.types'
import { continueIdSequence } from '../server/data/sql'
import { contentChanged } from '../server/lib/cache'
import { projectRoot } from '../server/lib/database-url'
import { createPacer, eachPaced, type Pacer } from '../server/lib/pacer'
import { sanitizeRichTextAsync } from '../server/lib/sanitize'
import { storage } from '../server/lib/storage'
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts'
import {
  keyField,
  seedKinds,
  seedSchemas,
  imageSettingKeys,
  type SeedData,
  type SeedKind,
  type SeedRecord,
} from '../common/content-schemas'
import { parseJsonRecords } from './json-records'
import { missingUploadProblem, resolveMedia, writeMedia, type MediaJob, type MediaStats, type Picture } from './seed-media'

export const defaultSeedDir = path.join(projectRoot, 'seed', 'data')

/** Where a folder carries the files behind its `/uploads/...` URLs: `media/uploads/...` (what the export writes). */
export const FOLDER_MEDIA_DIR = 'media'

export type SeedSummary = {
  /** Records imported per file kind, plus `members` for the demo accounts. */
  counts: Partial<Record<SeedKind | 'members', number>>
  media: MediaStats
  durationMs: number
}

/**
 * What one file of a folder may hold (docs/DECISIONS.md, "Import limits"). The demo's largest file
 * is 224 KB with 160 records; a record the schemas accept has at most a few hundred values (a
 * topic's 200 courses, 20 tags, its fields).
 */
export const seedFileLimits = { bytes: 16 * 1024 * 1024, records: 20_000, valuesPerRecord: 2_000 }

// Problems collected before the checks stop: enough to fix a file by, never millions of lines.
const MAX_PROBLEMS = 1_000
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

/** A file over one of `seedFileLimits`: refused at once, before the rest of the folder is read. */
export class SeedLimitError extends SeedError {
  constructor(problem: string) {
    super([problem])
    this.message = problem
    this.name = 'SeedLimitError'
  }
}

type Tx = DbTx
type Db = Tx | typeof prisma
type Row = Record<string, unknown>
// The project's Chinese zod wording without a subject (the problem names file, record and field),
// and a plainer one for a field that is simply missing. A schema's own message still wins.
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? '缺少此字段' : chineseZodIssueText(issue)
// Position of each parsed record in its file, since invalid records are left out of the lists.
const positionOf = new WeakMap<object, number>()

/** How a problem names its record: the file and position for a folder, nothing for the console's one record. */
export type RecordLabel = (kind: SeedKind, index: number, record: unknown) => string

const fileName = (kind: SeedKind) => `${kind}.json`
const fileLabel: RecordLabel = (kind, index, record) => {
  if (record && typeof record === 'object') index = positionOf.get(record) ?? index
  const key = keyField[kind]
  const value = record && typeof record === 'object' ? (record as Row)[key] : undefined
  const label = typeof value === 'string' || typeof value === 'number' ? ` (${key} ${JSON.stringify(value).slice(0, 80)})` : ''
  return `${fileName(kind)} 第 ${index + 1} 条${label}`
}
const problemOf = (label: string, field: string, message: string) => `${label} 字段 ${field}: ${message}`.trim()

export type SeedFolder = {
  data: Partial<SeedData>
  /** Keys of every record, valid or not, so one bad record does not also break the records that refer to it. */
  keys: Partial<Record<SeedKind, unknown[]>>
}

/**
 * Reads and validates every file of the folder on its own; cross references come later. A file
 * over `seedFileLimits` refuses the import at once (SeedLimitError); the work is paced, so even
 * a folder at every limit never holds the event loop.
 */
async function readFolder(dir: string, problems: string[]): Promise<SeedFolder> {
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
    positionOf.set(result.data, index)
    records.push(result.data)
  }
  return records
}

// ---------- references ----------

type Target = 'teacherCategories' | 'teachers' | 'courseCategories' | 'courses' | 'specialCategories' | 'tags' | 'cooperationTypes'

/** The kind a target's keys come from in a folder, and how to find given keys in the database. */
const TARGETS: Record<Target, { kind: SeedKind; find: (db: Db, values: unknown[]) => Promise<unknown[]> }> = {
  teacherCategories: {
    kind: 'teacher-categories',
    find: async (db, values) =>
      (await db.teacherCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  teachers: {
    kind: 'teachers',
    find: async (db, values) =>
      (await db.teacher.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  courseCategories: {
    kind: 'course-categories',
    find: async (db, values) =>
      (await db.courseCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  courses: {
    kind: 'courses',
    find: async (db, values) =>
      (await db.course.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  specialCategories: {
    kind: 'special-categories',
    find: async (db, values) =>
      (await db.specialCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  tags: {
    kind: 'tags',
    find: async (db, values) =>
      (await db.tag.findMany({ where: { name: { in: values as string[] } }, select: { name: true } })).map((r) => r.name),
  },
  cooperationTypes: {
    kind: 'cooperation-types',
    find: async (db, values) =>
      (await db.cooperationType.findMany({ where: { id: { in: values.filter(Number.isInteger) as number[] } }, select: { id: true } })).map(
        (r) => r.id,
      ),
  },
}

/** Every field that names another record: its kind, field, what it names, and the word for it. */
const REFERENCES: { kind: SeedKind; field: string; target: Target; what: string }[] = [
  { kind: 'teachers', field: 'category', target: 'teacherCategories', what: '名师分类' },
  { kind: 'teachers', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'teacher-videos', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'courses', field: 'category', target: 'courseCategories', what: '课程分类' },
  { kind: 'courses', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'courses', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'specials', field: 'category', target: 'specialCategories', what: '专题分类' },
  { kind: 'specials', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'specials', field: 'courses', target: 'courses', what: '课程' },
  { kind: 'notices', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'activities', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'viewpoints', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'cooperations', field: 'type', target: 'cooperationTypes', what: '合作类型' },
]

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])

/**
 * Checks that every reference names a record of the folder or a row of the database (`db`, the
 * transaction when called inside one). Only the names actually referred to are looked up.
 */
export async function checkReferences({ data, keys }: SeedFolder, problems: string[], db: Db = prisma, label = fileLabel) {
  const pacer = createPacer()
  const wanted = new Map<Target, Set<unknown>>()
  for (const { kind, field, target } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record) => {
      for (const value of valuesOf(record[field])) {
        if (!wanted.has(target)) wanted.set(target, new Set())
        wanted.get(target)!.add(value)
      }
    })
  }
  const known = new Map<Target, Set<unknown>>()
  for (const [target, values] of wanted) {
    const { kind, find } = TARGETS[target]
    known.set(target, new Set([...(keys[kind] ?? []), ...(await findInSlices([...values], (slice) => find(db, slice)))]))
  }
  for (const { kind, field, target, what } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      for (const item of valuesOf(record[field])) {
        if (!known.get(target)?.has(item) && problems.length < MAX_PROBLEMS)
          problems.push(problemOf(label(kind, index, record), field, `未知的${what} ${JSON.stringify(item)}`))
      }
    })
  }
}

// ---------- media ----------

// Colour themes of drawn pictures, by category position, so a category's cards look related.
const themes = ['blue', 'indigo', 'cyan', 'warm', 'red', 'green']
const teacherThemes: Record<string, string> = {
  economy: 'blue',
  management: 'indigo',
  technology: 'cyan',
  culture: 'warm',
  'party-building': 'red',
}
function themeOf(categories: { slug: string }[] | undefined, slug: string, fixed: Record<string, string> = {}): string | undefined {
  if (fixed[slug]) return fixed[slug]
  const index = categories?.findIndex((category) => category.slug === slug) ?? -1
  return index >= 0 ? themes[index % themes.length] : undefined
}

/** A member's file that a folder brings along: it needs an Upload row to be served (upload-access.service.ts). */
type PlacedFile = { relative: string; kind: string; mime: string; size: number; sha256: string }

/**
 * Where media fields come from. A folder (`dir`) may name its own files and draws a picture for an
 * empty field; the console (`dir: null`) only takes files already uploaded, and empty stays empty.
 */
type MediaSource = { dir: string | null; label: RecordLabel }

type MediaPlan = { jobs: MediaJob[]; placed: PlacedFile[] }

// `/uploads/...` addresses inside rich text: pictures and videos put into an article.
const RICH_UPLOAD_REF = /(?:src|href|poster)="(\/uploads\/[^"?#\s]+)"/g

// What a folder may put into the upload folder: the types the uploads are served as, outside the
// folders the server keeps for itself (temp files, content exports).
const CARRIED_TYPES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.mp4', '.pdf', '.doc', '.docx'])
const isCarriable = (url: string) =>
  CARRIED_TYPES.has(path.extname(url).toLowerCase()) &&
  !url.split('/').some((part) => part.startsWith('.')) &&
  !url.startsWith('/uploads/exports/')

/** The file a folder carries for an `/uploads/...` URL, or null when it has none. */
function folderFileFor(dir: string | null, url: string): string | null {
  if (!dir || !url.startsWith('/uploads/') || url.includes('..') || !isCarriable(url)) return null
  const file = path.join(dir, FOLDER_MEDIA_DIR, url)
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null
}

/** The SHA-256 of a stream's bytes, read piece by piece (a carried video may be hundreds of MB). */
async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of stream) hash.update(chunk)
  return hash.digest('hex')
}

/** True when the stored file `key` holds exactly the bytes of the local file `source`. */
async function isStoredAs(key: string, source: string): Promise<boolean> {
  const stored = await storage().stat(key)
  if (!stored || stored.size !== (await fs.promises.stat(source)).size) return false
  const body = await storage().get(key)
  return body !== null && (await sha256Of(body)) === (await sha256Of(fs.createReadStream(source)))
}

/**
 * Plans copying a folder's `media/uploads/<path>` to the stored `<path>`, so the URL stays what it
 * was where the folder was exported. A different file already there is a problem, never overwritten.
 */
async function planFolderFile(source: string, url: string, plan: MediaPlan, problem: (message: string) => void) {
  const relative = url.slice('/uploads/'.length)
  if (plan.jobs.some((job) => job.key === relative)) return
  if ((await storage().exists(relative)) && !(await isStoredAs(relative, source))) {
    problem(`${FOLDER_MEDIA_DIR}${url} 与服务器上已有的同名文件内容不同，未覆盖`)
    return
  }
  plan.jobs.push({ key: relative, url, source })
  if (MEMBER_UPLOAD_PATH.test(relative)) {
    const { size } = await fs.promises.stat(source)
    const type = await detectFileType(source, size)
    if (!type) problem(`${FOLDER_MEDIA_DIR}${url} 不是支持的图片、文档或视频`)
    else plan.placed.push({ relative, kind: type.kind, mime: type.mime, size, sha256: await sha256Of(fs.createReadStream(source)) })
  }
}

// Files of the folder checked at once (each read through when it is a member's or already stored).
const FOLDER_FILE_WIDTH = 8

/** Resolves every media field in place (value -> URL) and plans the files to put in place. */
async function resolveAllMedia(data: Partial<SeedData>, problems: string[], { dir, label }: MediaSource): Promise<MediaPlan> {
  const plan: MediaPlan = { jobs: [], placed: [] }
  const pending: Promise<void>[] = []
  const folderFiles: (() => Promise<void>)[] = []
  const pacer = createPacer()
  const resolve = (
    kind: SeedKind,
    index: number,
    record: Row,
    field: string,
    folder: string,
    slug: string,
    picture?: Picture,
    video = false,
  ) => {
    const value = record[field] as string | null
    const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
    // null: a record without a picture, as the export writes it; nothing is drawn.
    if (value === null) return void (record[field] = '')
    const source = folderFileFor(dir, value)
    if (source) return void folderFiles.push(() => planFolderFile(source, value, plan, problem))
    const isFolderFile = value !== '' && !value.startsWith('/') && !/^https?:\/\//.test(value)
    if (dir === null && isFolderFile) return problem('应为已上传文件的地址（/uploads/…）或 http(s):// 链接')
    const settle = async (): Promise<void> => {
      // The console's empty field means "no picture"; a folder's gets a drawn one.
      const result = await resolveMedia(dir ?? '', { kind: folder, slug, value, picture: dir === null ? undefined : picture, video })
      if ('error' in result) return void problem(result.error)
      record[field] = result.url
      if (result.job) plan.jobs.push(result.job)
      if (result.storedKey && !(await storage().exists(result.storedKey))) problem(missingUploadProblem(value))
    }
    // A file of the folder is read through for its name's hash: a few at a time, like carried files.
    if (isFolderFile) folderFiles.push(settle)
    else pending.push(settle())
  }
  await eachPaced(data.settings ?? [], pacer, (record, index) => {
    if (!imageSettingKeys.has(record.key)) return
    const picture: Picture =
      record.key === 'wx'
        ? { draw: 'qr', seed: 'wx' }
        : record.key === 'icon'
          ? { draw: 'icon', seed: 'icon', theme: 'red' }
          : { draw: 'emblem', seed: record.key, theme: 'red' }
    resolve('settings', index, record, 'value', 'site', record.key, picture)
  })
  await eachPaced(data.teachers ?? [], pacer, (record, index) =>
    resolve('teachers', index, record, 'photo', 'teacher', record.slug, {
      draw: 'portrait',
      seed: record.slug,
      theme: themeOf(data['teacher-categories'], record.category, teacherThemes),
    }),
  )
  await eachPaced(data['teacher-videos'] ?? [], pacer, (record, index) => {
    resolve('teacher-videos', index, record, 'cover', 'teacher-video', record.slug, { draw: 'cover', seed: record.slug })
    resolve('teacher-videos', index, record, 'video', 'video', record.slug, undefined, true)
  })
  await eachPaced(data.courses ?? [], pacer, (record, index) => {
    resolve('courses', index, record, 'cover', 'course', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['course-categories'], record.category),
    })
    resolve('courses', index, record, 'video', 'video', record.slug, undefined, true)
  })
  await eachPaced(data.specials ?? [], pacer, (record, index) =>
    resolve('specials', index, record, 'cover', 'special', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['special-categories'], record.category),
    }),
  )
  await eachPaced(data.banners ?? [], pacer, (record, index) =>
    resolve('banners', index, record, 'image', 'banner', record.slug, { draw: 'banner', seed: record.slug }),
  )
  const covered = [
    ['notices', 'notice'],
    ['activities', 'activity'],
    ['viewpoints', 'viewpoint'],
    ['cooperations', 'cooperation'],
  ] as const
  for (const [kind, folder] of covered) {
    const records: readonly { slug: string; cover: string | null }[] = data[kind] ?? []
    await eachPaced(records, pacer, (record, index) =>
      resolve(kind, index, record, 'cover', folder, record.slug, { draw: 'cover', seed: record.slug }),
    )
  }
  await eachPaced(data['cooperation-types'] ?? [], pacer, (record, index) =>
    resolve('cooperation-types', index, record, 'cover', 'cooperation-type', `type-${record.id}`, {
      draw: 'cover',
      seed: `type-${record.id}`,
      theme: themes[record.id % themes.length],
    }),
  )
  await eachPaced(data.partners ?? [], pacer, (record, index) =>
    resolve('partners', index, record, 'logo', 'partner', record.slug, { draw: 'emblem', seed: record.slug }),
  )
  // Pictures inside rich text are taken along when the folder carries them; a missing one is left as written.
  for (const kind of seedKinds) {
    const field = RICH_FIELDS[kind]
    if (!field) continue
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      const html = record[field]
      if (typeof html !== 'string') return
      for (const [, url] of html.matchAll(RICH_UPLOAD_REF)) {
        const source = folderFileFor(dir, url)
        const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
        if (source) folderFiles.push(() => planFolderFile(source, url, plan, problem))
      }
    })
  }
  await Promise.all(pending)
  // A few at a time: each may hash a large file, and thousands of open files would run out of handles.
  let next = 0
  const worker = async () => {
    while (next < folderFiles.length) await folderFiles[next++]()
  }
  await Promise.all(Array.from({ length: FOLDER_FILE_WIDTH }, worker))
  return plan
}

/**
 * The fields that get a drawn picture when empty in a folder (resolveAllMedia above). The export
 * writes null for an empty one, so importing it gives no picture, as it was.
 */
export const PICTURE_FIELDS: Partial<Record<SeedKind, string[]>> = {
  teachers: ['photo'],
  'teacher-videos': ['cover'],
  courses: ['cover'],
  specials: ['cover'],
  banners: ['image'],
  notices: ['cover'],
  activities: ['cover'],
  viewpoints: ['cover'],
  'cooperation-types': ['cover'],
  cooperations: ['cover'],
  partners: ['logo'],
}

/** The rich-text field of each kind that has one. */
const RICH_FIELDS: Partial<Record<SeedKind, string>> = {
  'about-pages': 'content',
  teachers: 'content',
  courses: 'content',
  specials: 'content',
  notices: 'introduction',
  activities: 'content',
  viewpoints: 'content',
  questions: 'content',
  'cooperation-types': 'content',
  cooperations: 'content',
}

// ---------- writing ----------

// The slice of a Prisma model delegate the importer uses; models differ in their types only.
type Table = {
  /** The model's name, which is its table's (Prisma gives every delegate one). */
  $name: string
  findMany(args: { where?: Row; select?: Row }): Promise<Row[]>
  createMany(args: { data: Row[] }): Promise<unknown>
  update(args: { where: Row; data: Row }): Promise<unknown>
}
const table = (delegate: unknown) => delegate as Table

// Keys per `in` list and rows per insert. On SQLite, Prisma's query compiler and the statement both
// run on the event loop: one insert of 5,000 rows held it for 2.5 s. Slices this size take a few
// milliseconds to a few tens each, and other requests get a turn between them.
const KEYS_PER_QUERY = 500
const ROWS_PER_WRITE = 20

/** `find` over `values` a slice at a time, the results joined. */
async function findInSlices<V, R>(values: readonly V[], find: (slice: V[]) => Promise<R[]>): Promise<R[]> {
  const pacer = createPacer()
  const found: R[] = []
  for (let at = 0; at < values.length; at += KEYS_PER_QUERY) {
    for (const row of await find(values.slice(at, at + KEYS_PER_QUERY))) found.push(row)
    if (pacer.isDue) await pacer.pause()
  }
  return found
}

/** `write` over `rows` a slice at a time, in order. */
async function writeInSlices<V>(rows: readonly V[], write: (slice: V[]) => Promise<unknown>, size = ROWS_PER_WRITE): Promise<void> {
  const pacer = createPacer()
  for (let at = 0; at < rows.length; at += size) {
    await write(rows.slice(at, at + size))
    if (pacer.isDue) await pacer.pause()
  }
}

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b)

/** The row without fields left undefined, which would otherwise read as "changed" on every import. */
const defined = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined))

/**
 * New rows keep the id they ask for (an export keeps addresses that way) when it is free; the
 * others get fresh ids. Asked-for ids go in first, so a fresh id can never take one of them.
 */
async function createWithIds(tx: Tx, model: Table, key: string, rows: Row[]) {
  const insert = (slice: Row[]) => model.createMany({ data: slice })
  if (key === 'id') {
    await writeInSlices(rows, insert)
    return continueIdSequence(tx, model.$name)
  }
  const wished = rows.map((row) => row.id).filter((id): id is number => typeof id === 'number')
  const taken = new Set(
    (await findInSlices(wished, (slice) => model.findMany({ where: { id: { in: slice } }, select: { id: true } }))).map((row) => row.id),
  )
  const withId: Row[] = []
  const without: Row[] = []
  for (const { id, ...row } of rows) {
    if (typeof id === 'number' && !taken.has(id)) {
      taken.add(id)
      withId.push({ id, ...row })
    } else without.push(row)
  }
  if (withId.length) {
    await writeInSlices(withId, insert)
    // PostgreSQL hands out ids from a sequence that given ids do not move: move it, or the rows
    // below (and every later insert) could draw an id just taken.
    await continueIdSequence(tx, model.$name)
  }
  await writeInSlices(without, insert)
}

/**
 * Upserts rows matched by `key`: missing rows are created and existing rows are updated only when
 * a field differs, so re-importing an unchanged folder writes almost nothing.
 */
async function sync(tx: Tx, model: Table, key: string, records: Row[]) {
  if (records.length === 0) return
  const pacer = createPacer()
  const rows: Row[] = []
  await eachPaced(records, pacer, (record) => rows.push(defined(record)))
  const existing = await findInSlices(
    rows.map((row) => row[key]),
    (slice) => model.findMany({ where: { [key]: { in: slice } } }),
  )
  const byKey = new Map(existing.map((row) => [row[key], row]))
  const missing = rows.filter((row) => !byKey.has(row[key]))
  if (missing.length) await createWithIds(tx, model, key, missing)
  for (const row of rows) {
    if (pacer.isDue) await pacer.pause()
    const old = byKey.get(row[key])
    if (!old) continue
    // View counters belong to the live site once a row exists; the file only gives the start
    // value. An existing row keeps its id: the key found it.
    const { views: _views, ...data } = row
    if (key !== 'id') delete data.id
    if (Object.keys(data).some((field) => !same(old[field], data[field]))) await model.update({ where: { [key]: row[key] }, data })
  }
}

/** slug -> id for the given slugs, covering rows of this import and earlier ones. */
async function idsBySlug(model: Table, slugs: Iterable<string | null | undefined>): Promise<Map<string, number>> {
  const wanted = [...new Set([...slugs].filter((slug): slug is string => Boolean(slug)))]
  if (!wanted.length) return new Map()
  const rows = await findInSlices(wanted, (slice) => model.findMany({ where: { slug: { in: slice } }, select: { id: true, slug: true } }))
  return new Map(rows.map((row) => [row.slug as string, row.id as number]))
}

/**
 * The records with their rich text as it will be stored, so that comparing with the rows finds an
 * unchanged record unchanged. Off the event loop for long values and paced for many records.
 */
async function withCleanRichText(data: Partial<SeedData>): Promise<Partial<SeedData>> {
  const pacer = createPacer()
  const clean: Partial<Record<SeedKind, unknown[]>> = { ...data }
  for (const kind of seedKinds) {
    const field = RICH_FIELDS[kind]
    const records = data[kind] as Row[] | undefined
    if (!field || !records) continue
    const copies: Row[] = []
    for (const record of records) {
      const html = record[field]
      copies.push(typeof html === 'string' ? { ...record, [field]: await sanitizeRichTextAsync(html) } : record)
      if (pacer.isDue) await pacer.pause()
    }
    clean[kind] = copies
  }
  return clean as Partial<SeedData>
}

const date = (value: string | null | undefined) => (value ? new Date(value) : value === null ? null : undefined)
const omit = <T extends Row, K extends keyof T>(record: T, ...keys: K[]) => {
  const copy: Row = { ...record }
  for (const key of keys) delete copy[key as string]
  return copy as Omit<T, K>
}

type LinkTable = { deleteMany(args: { where: Row }): Promise<unknown>; createMany(args: { data: Row[] }): Promise<unknown> }

/** Replaces the tag links of the imported owners only; other owners keep theirs. */
async function replaceTags(tx: Tx, model: unknown, ownerField: string, owners: { id: number; tags: string[] }[]) {
  if (owners.length === 0) return
  const links = model as LinkTable
  const names = [...new Set(owners.flatMap((owner) => owner.tags))]
  const tagIds = new Map(
    (await findInSlices(names, (slice) => tx.tag.findMany({ where: { name: { in: slice } }, select: { id: true, name: true } }))).map(
      (t) => [t.name, t.id],
    ),
  )
  await writeInSlices(
    owners.map((owner) => owner.id),
    (slice) => links.deleteMany({ where: { [ownerField]: { in: slice } } }),
    KEYS_PER_QUERY,
  )
  const rows = owners.flatMap((owner) =>
    [...new Set(owner.tags)].map((name) => ({ [ownerField]: owner.id, tagId: tagIds.get(name) as number })),
  )
  await writeInSlices(rows, (slice) => links.createMany({ data: slice }))
}

/** Replaces the course lists of the imported topics, in the order given. */
async function replaceSpecialCourses(tx: Tx, owners: { id: number; courses: string[] }[]) {
  if (owners.length === 0) return
  const courseIds = await idsBySlug(
    table(tx.course),
    owners.flatMap((owner) => owner.courses),
  )
  await writeInSlices(
    owners.map((owner) => owner.id),
    (slice) => tx.specialCourse.deleteMany({ where: { specialId: { in: slice } } }),
    KEYS_PER_QUERY,
  )
  const rows = owners.flatMap((owner) =>
    [...new Set(owner.courses)].map((slug, position) => ({ specialId: owner.id, courseId: courseIds.get(slug) as number, position })),
  )
  await writeInSlices(rows, (slice) => tx.specialCourse.createMany({ data: slice }))
}

/**
 * A member's video has no slug until it is exported (as `member-video-<id>`); importing that export
 * back into the same database finds the row by its id and gives it the slug, instead of a copy.
 */
async function adoptUnnamedVideos(tx: Tx, records: SeedRecord<'teacher-videos'>[]) {
  const pacer = createPacer()
  for (const { id, slug } of records) {
    if (pacer.isDue) await pacer.pause()
    if (id === undefined) continue
    const row = await tx.teacherVideo.findUnique({ where: { id }, select: { slug: true } })
    if (row && row.slug === null && !(await tx.teacherVideo.findUnique({ where: { slug }, select: { id: true } }))) {
      await tx.teacherVideo.update({ where: { id }, data: { slug } })
    }
  }
}

/** Writes validated records (media resolved to URLs, rich text cleaned) in seed order, inside `tx`. */
async function writeAll(tx: Tx, data: Partial<SeedData>, members: DemoMember[] = [], placed: PlacedFile[] = []) {
  await sync(
    tx,
    table(tx.siteSetting),
    'key',
    (data.settings ?? []).map((r) => ({ ...r, value: r.value ?? '' })),
  )
  await sync(tx, table(tx.menuSeo), 'menu', data['menu-seo'] ?? [])
  await sync(
    tx,
    table(tx.aboutPage),
    'key',
    (data['about-pages'] ?? []).map((r) => ({ ...r, updatedAt: date(r.updatedAt) })),
  )
  await sync(
    tx,
    table(tx.tag),
    'name',
    (data.tags ?? []).map((r) => ({ ...r, createdAt: date(r.createdAt) })),
  )

  const stamped = <T extends { createdAt?: string }>(r: T) => ({ ...r, createdAt: date(r.createdAt) })
  await sync(tx, table(tx.teacherCategory), 'slug', (data['teacher-categories'] ?? []).map(stamped))
  const teachers = data.teachers ?? []
  const teacherCategoryIds = await idsBySlug(
    table(tx.teacherCategory),
    teachers.map((r) => r.category),
  )
  await sync(
    tx,
    table(tx.teacher),
    'slug',
    teachers.map((r) => ({
      ...stamped(omit(r, 'category', 'tags')),
      categoryId: teacherCategoryIds.get(r.category),
    })),
  )
  const teacherSlugs = [
    ...teachers.map((r) => r.slug),
    ...(['teacher-videos', 'courses', 'notices', 'activities', 'viewpoints'] as const).flatMap((kind) =>
      (data[kind] ?? []).map((r) => r.teacher),
    ),
  ]
  const teacherIds = await idsBySlug(table(tx.teacher), teacherSlugs)
  const teacherOf = (slug: string | null | undefined) => (slug ? (teacherIds.get(slug) ?? null) : null)
  await replaceTags(
    tx,
    tx.teacherTag,
    'teacherId',
    teachers.map((r) => ({ id: teacherIds.get(r.slug) as number, tags: r.tags })),
  )
  const videos = data['teacher-videos'] ?? []
  await adoptUnnamedVideos(tx, videos)
  await sync(
    tx,
    table(tx.teacherVideo),
    'slug',
    videos.map((r) => ({
      ...stamped(omit(r, 'teacher', 'video')),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      status: 'approved',
    })),
  )

  await sync(tx, table(tx.courseCategory), 'slug', (data['course-categories'] ?? []).map(stamped))
  const courses = data.courses ?? []
  const courseCategoryIds = await idsBySlug(
    table(tx.courseCategory),
    courses.map((r) => r.category),
  )
  await sync(
    tx,
    table(tx.course),
    'slug',
    courses.map((r) => ({
      ...stamped(omit(r, 'category', 'teacher', 'video', 'tags')),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      categoryId: courseCategoryIds.get(r.category),
    })),
  )
  const courseIds = await idsBySlug(
    table(tx.course),
    courses.map((r) => r.slug),
  )
  await replaceTags(
    tx,
    tx.courseTag,
    'courseId',
    courses.map((r) => ({ id: courseIds.get(r.slug) as number, tags: r.tags })),
  )

  await sync(tx, table(tx.specialCategory), 'slug', (data['special-categories'] ?? []).map(stamped))
  const specials = data.specials ?? []
  const specialCategoryIds = await idsBySlug(
    table(tx.specialCategory),
    specials.map((r) => r.category),
  )
  // A topic without its own landing page links to its detail page, whose id exists only once created.
  const detailUrl = (id: number | undefined) => (id ? `/subject/detail/${id}` : '')
  const specialIdsBefore = await idsBySlug(
    table(tx.special),
    specials.map((r) => r.slug),
  )
  await sync(
    tx,
    table(tx.special),
    'slug',
    specials.map((r) => ({
      ...stamped(omit(r, 'category', 'tags', 'courses')),
      specialUrl: r.specialUrl || detailUrl(specialIdsBefore.get(r.slug)),
      categoryId: specialCategoryIds.get(r.category),
    })),
  )
  const specialIds = await idsBySlug(
    table(tx.special),
    specials.map((r) => r.slug),
  )
  const pacer = createPacer()
  for (const r of specials) {
    if (pacer.isDue) await pacer.pause()
    if (!r.specialUrl && !specialIdsBefore.has(r.slug)) {
      const id = specialIds.get(r.slug) as number
      await tx.special.update({ where: { id }, data: { specialUrl: detailUrl(id) } })
    }
  }
  const specialOwners = specials.map((r) => ({ id: specialIds.get(r.slug) as number, tags: r.tags, courses: r.courses }))
  await replaceTags(tx, tx.specialTag, 'specialId', specialOwners)
  await replaceSpecialCourses(tx, specialOwners)

  await sync(tx, table(tx.banner), 'slug', (data.banners ?? []).map(stamped))
  await sync(
    tx,
    table(tx.courseNotice),
    'slug',
    (data.notices ?? []).map((r) => ({
      ...stamped(omit(r, 'teacher')),
      startAt: date(r.startAt) ?? null,
      teacherId: teacherOf(r.teacher),
    })),
  )
  const article = (r: SeedData['activities'][number]) => ({
    ...stamped(omit(r, 'teacher')),
    teacherId: teacherOf(r.teacher),
    publishedAt: date(r.publishedAt),
  })
  await sync(tx, table(tx.activity), 'slug', (data.activities ?? []).map(article))
  await sync(tx, table(tx.viewpoint), 'slug', (data.viewpoints ?? []).map(article))
  await sync(tx, table(tx.question), 'slug', (data.questions ?? []).map(stamped))
  await sync(tx, table(tx.cooperationType), 'id', (data['cooperation-types'] ?? []).map(stamped))
  await sync(
    tx,
    table(tx.cooperation),
    'slug',
    (data.cooperations ?? []).map((r) => ({ ...stamped(omit(r, 'type')), typeId: r.type })),
  )
  await sync(tx, table(tx.partner), 'slug', (data.partners ?? []).map(stamped))
  await sync(tx, table(tx.friendLink), 'slug', (data['friend-links'] ?? []).map(stamped))

  // Members' files that published content shows are public, as they were where they came from.
  for (const file of placed) {
    if (pacer.isDue) await pacer.pause()
    await tx.upload.upsert({
      where: { path: file.relative },
      create: { path: file.relative, kind: file.kind, mime: file.mime, size: file.size, sha256: file.sha256, isPublic: true },
      update: {},
    })
  }

  // Demo accounts keep their password once created, so a re-import never undoes a change.
  const termsVersion = (await tx.aboutPage.findUnique({ where: { key: 'terms' }, select: { version: true } }))?.version ?? '1'
  for (const { phone, passwordHash, ...fields } of members) {
    await tx.member.upsert({
      where: { phone },
      create: { phone, passwordHash, ...fields, termsVersion, termsAcceptedAt: new Date() },
      update: { nickname: fields.nickname, role: fields.role },
    })
  }
}

type DemoMember = { phone: string; passwordHash: string; nickname: string; role: string; memberNo: string }

async function demoMembers(problems: string[]) {
  const accounts = [
    { ...DEMO_MEMBER, role: 'member', memberNo: 'M20260001' },
    { ...DEMO_ADMIN, role: 'admin', memberNo: 'M20260000' },
  ]
  const taken = await prisma.member.findMany({
    where: { OR: [{ memberNo: { in: accounts.map((a) => a.memberNo) } }, { phone: { in: accounts.map((a) => a.phone) } }] },
    select: { memberNo: true, phone: true },
  })
  for (const row of taken) {
    const account = accounts.find((a) => a.memberNo === row.memberNo)
    if (account && row.phone !== account.phone) problems.push(`demo-accounts.ts: 会员号 ${row.memberNo} 已被其他账号使用`)
  }
  // Hashing is slow on purpose; existing accounts keep their hash, so only new ones need it.
  const existing = new Set(taken.map((row) => row.phone))
  return Promise.all(
    accounts.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: existing.has(account.phone) ? '' : await bcrypt.hash(password, 10),
    })),
  )
}

// ---------- entry points ----------

export type ImportOptions = {
  /** Also create the demo member and admin of seed/demo-accounts.ts; default: only for the demo folder. */
  demoAccounts?: boolean
  /** Runs inside the import's transaction after the rows are written (the console's audit entry). */
  afterWrite?: (tx: Tx, counts: SeedSummary['counts']) => Promise<void>
}

export async function importSeedFolder(dir: string, options: ImportOptions = {}): Promise<SeedSummary> {
  const started = performance.now()
  const folder = path.resolve(dir)
  const withDemoAccounts = options.demoAccounts ?? folder === defaultSeedDir
  const problems: string[] = []
  const folderData = await readFolder(folder, problems)
  const { data } = folderData
  if (problems.length >= MAX_PROBLEMS) throw new SeedError(problems)
  await checkReferences(folderData, problems)
  const { jobs, placed } = await resolveAllMedia(data, problems, { dir: folder, label: fileLabel })
  const members = withDemoAccounts ? await demoMembers(problems) : []
  if (problems.length) throw new SeedError(problems)

  const counts: SeedSummary['counts'] = {}
  for (const kind of seedKinds) if (data[kind]) counts[kind] = data[kind].length
  if (members.length) counts.members = members.length

  const clean = await withCleanRichText(data)
  const media = await writeMedia(jobs)
  await prisma.$transaction(
    async (tx) => {
      await writeAll(tx, clean, members, placed)
      await options.afterWrite?.(tx, counts)
    },
    { timeout: 120_000, maxWait: 10_000 },
  )
  // Answers built from reads made while the transaction was open are dropped with it.
  contentChanged()
  return { counts, media, durationMs: Math.round(performance.now() - started) }
}

/** Imports the demo folder into an empty database (no teachers and no members); used by `npm start`. */
export async function seedIfEmpty(options: ImportOptions = {}): Promise<boolean> {
  const [teachers, members] = await Promise.all([prisma.teacher.count(), prisma.member.count()])
  if (teachers > 0 || members > 0) return false
  await importSeedFolder(defaultSeedDir, options)
  return true
}

/** Problems name the field only: the console shows them beside its one form. */
const consoleLabel: RecordLabel = () => ''

/**
 * Checks one record the admin console saves exactly as a folder's record is checked (its fields,
 * every reference against the database, its media), resolving media fields in place. The console
 * takes files already uploaded: an empty picture stays empty, nothing is drawn or copied.
 * Problems come back as messages naming the field; an empty list means it can be written.
 */
export async function validateRecord<K extends SeedKind>(kind: K, record: SeedRecord<K>, db: Db = prisma): Promise<string[]> {
  const problems: string[] = []
  const folder: SeedFolder = { data: { [kind]: [record] }, keys: {} }
  await checkReferences(folder, problems, db, consoleLabel)
  await resolveAllMedia(folder.data, problems, { dir: null, label: consoleLabel })
  return problems
}

/** Writes records validated by validateRecord inside the caller's transaction, as an import writes them. */
export async function writeRecords(tx: Tx, data: Partial<SeedData>) {
  return writeAll(tx, await withCleanRichText(data))
}
