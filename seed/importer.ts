// Imports a seed folder (one JSON file per kind, see seed/README.md) into the database.
// Everything is validated first, including references across files and to rows already in the
// database; then pictures are put in place; then all rows are written in one transaction.
// Rows are matched by stable keys (slug, key, menu, id, phone), so re-running updates in place.
import fs from 'node:fs'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { z } from 'zod'
import { prisma, type Tx as DbTx } from '../server/db'
import { env } from '../server/env'
import { projectRoot } from '../server/lib/database-url'
import { sanitizeRichText } from '../server/lib/sanitize'
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts'
import { keyField, seedKinds, seedSchemas, imageSettingKeys, type SeedData, type SeedKind } from './seed-schemas'
import { resolveMedia, writeMedia, type MediaJob, type MediaStats, type Picture } from './seed-media'

export const defaultSeedDir = path.join(projectRoot, 'seed', 'data')

export type SeedSummary = {
  /** Records imported per file kind, plus `members` for the demo accounts. */
  counts: Partial<Record<SeedKind | 'members', number>>
  media: MediaStats
  durationMs: number
}

/** A seed folder that cannot be imported; `problems` name file, record and field. */
export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, 20)
    if (problems.length > shown.length) shown.push(`……另有 ${problems.length - shown.length} 个问题`)
    super(`种子数据有误，未导入任何内容：\n${shown.join('\n')}`)
    this.name = 'SeedError'
  }
}

type Tx = DbTx
type Row = Record<string, unknown>
const zhCN = z.locales.zhCN()
// Chinese zod messages, with a plainer one for a field that is simply missing.
const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? '缺少此字段' : zhCN.localeError(issue)
// Position of each parsed record in its file, since invalid records are left out of the lists.
const positionOf = new WeakMap<object, number>()

const fileName = (kind: SeedKind) => `${kind}.json`
function describe(kind: SeedKind, index: number, record: unknown): string {
  if (record && typeof record === 'object') index = positionOf.get(record) ?? index
  const key = keyField[kind]
  const value = record && typeof record === 'object' ? (record as Row)[key] : undefined
  const label = typeof value === 'string' || typeof value === 'number' ? ` (${key} ${JSON.stringify(value)})` : ''
  return `${fileName(kind)} 第 ${index + 1} 条${label}`
}

type Folder = {
  data: Partial<SeedData>
  /** Keys of every record, valid or not, so one bad record does not also break the records that refer to it. */
  keys: Partial<Record<SeedKind, unknown[]>>
}

/** Reads and validates every file of the folder on its own; cross references come later. */
function readFolder(dir: string, problems: string[]): Folder {
  const data: Partial<Record<SeedKind, unknown[]>> = {}
  const keys: Folder['keys'] = {}
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    problems.push(`找不到种子目录 ${dir}`)
    return { data: {}, keys }
  }
  const known = new Set<string>(seedKinds.map(fileName))
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json'))
  for (const name of files) {
    if (!known.has(name)) problems.push(`${name}: 未知的文件，可用的文件有 ${[...known].join('、')}`)
  }
  for (const kind of seedKinds) {
    const file = path.join(dir, fileName(kind))
    if (!fs.existsSync(file)) continue
    let raw: unknown
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8'))
    } catch (error) {
      problems.push(`${fileName(kind)}: 不是有效的 JSON（${(error as Error).message}）`)
      continue
    }
    if (!Array.isArray(raw)) {
      problems.push(`${fileName(kind)}: 顶层应为数组`)
      continue
    }
    const records: unknown[] = []
    const seen = new Map<unknown, number>()
    keys[kind] = raw.map((record) => (record && typeof record === 'object' ? (record as Row)[keyField[kind]] : undefined))
    raw.forEach((record, index) => {
      const result = seedSchemas[kind].safeParse(record, { error: errorMap })
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = issue.path.length ? ` 字段 ${issue.path.join('.')}` : ''
          problems.push(`${describe(kind, index, record)}${field}: ${issue.message}`)
        }
        return
      }
      const key = (result.data as Row)[keyField[kind]]
      const first = seen.get(key)
      if (first !== undefined) problems.push(`${describe(kind, index, record)} 字段 ${keyField[kind]}: 与第 ${first + 1} 条重复`)
      else seen.set(key, index)
      positionOf.set(result.data, index)
      records.push(result.data)
    })
    data[kind] = records
  }
  if (files.length === 0) problems.push(`${dir}: 目录中没有可导入的 JSON 文件`)
  return { data: data as Partial<SeedData>, keys }
}

/** Keys that records may refer to: those in the folder plus those already in the database. */
async function loadReferences(keys: Folder['keys']) {
  const [teacherCategories, teachers, courseCategories, specialCategories, tags, cooperationTypes] = await Promise.all([
    prisma.teacherCategory.findMany({ select: { slug: true } }),
    prisma.teacher.findMany({ select: { slug: true } }),
    prisma.courseCategory.findMany({ select: { slug: true } }),
    prisma.specialCategory.findMany({ select: { slug: true } }),
    prisma.tag.findMany({ select: { name: true } }),
    prisma.cooperationType.findMany({ select: { id: true } }),
  ])
  const union = (rows: unknown[], kind: SeedKind) => new Set([...rows, ...(keys[kind] ?? [])])
  return {
    teacherCategories: union(
      teacherCategories.map((row) => row.slug),
      'teacher-categories',
    ),
    teachers: union(
      teachers.map((row) => row.slug),
      'teachers',
    ),
    courseCategories: union(
      courseCategories.map((row) => row.slug),
      'course-categories',
    ),
    specialCategories: union(
      specialCategories.map((row) => row.slug),
      'special-categories',
    ),
    tags: union(
      tags.map((row) => row.name),
      'tags',
    ),
    cooperationTypes: union(
      cooperationTypes.map((row) => row.id),
      'cooperation-types',
    ),
  }
}

async function checkReferences({ data, keys }: Folder, problems: string[]) {
  const refs = await loadReferences(keys)
  const check = (kind: SeedKind, records: Row[] | undefined, field: string, known: Set<unknown>, what: string) => {
    records?.forEach((record, index) => {
      const value = record[field]
      const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]
      for (const item of values) {
        if (!known.has(item)) problems.push(`${describe(kind, index, record)} 字段 ${field}: 未知的${what} ${JSON.stringify(item)}`)
      }
    })
  }
  check('teachers', data.teachers, 'category', refs.teacherCategories, '名师分类')
  check('teachers', data.teachers, 'tags', refs.tags, '标签')
  check('teacher-videos', data['teacher-videos'], 'teacher', refs.teachers, '名师')
  check('courses', data.courses, 'category', refs.courseCategories, '课程分类')
  check('courses', data.courses, 'teacher', refs.teachers, '名师')
  check('courses', data.courses, 'tags', refs.tags, '标签')
  check('specials', data.specials, 'category', refs.specialCategories, '专题分类')
  check('specials', data.specials, 'tags', refs.tags, '标签')
  for (const kind of ['notices', 'activities', 'viewpoints'] as const) check(kind, data[kind], 'teacher', refs.teachers, '名师')
  check('cooperations', data.cooperations, 'type', refs.cooperationTypes, '合作类型')
}

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

/** Resolves every media field in place (value -> URL) and collects the files to put in place. */
function resolveAllMedia(dir: string, data: Partial<SeedData>, problems: string[]): MediaJob[] {
  const jobs: MediaJob[] = []
  const uploadDir = env.UPLOAD_DIR
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
    const result = resolveMedia(dir, uploadDir, { kind: folder, slug, value: record[field] as string, picture, video })
    if ('error' in result) {
      problems.push(`${describe(kind, index, record)} 字段 ${field}: ${result.error}`)
      return
    }
    record[field] = result.url
    if (result.job) jobs.push(result.job)
  }
  data.settings?.forEach((record, index) => {
    if (!imageSettingKeys.has(record.key)) return
    const picture: Picture =
      record.key === 'wx'
        ? { draw: 'qr', seed: 'wx' }
        : record.key === 'icon'
          ? { draw: 'icon', seed: 'icon', theme: 'red' }
          : { draw: 'emblem', seed: record.key, theme: 'red' }
    resolve('settings', index, record, 'value', 'site', record.key, picture)
  })
  data.teachers?.forEach((record, index) =>
    resolve('teachers', index, record, 'photo', 'teacher', record.slug, {
      draw: 'portrait',
      seed: record.slug,
      theme: themeOf(data['teacher-categories'], record.category, teacherThemes),
    }),
  )
  data['teacher-videos']?.forEach((record, index) => {
    resolve('teacher-videos', index, record, 'cover', 'teacher-video', record.slug, { draw: 'cover', seed: record.slug })
    resolve('teacher-videos', index, record, 'video', 'video', record.slug, undefined, true)
  })
  data.courses?.forEach((record, index) => {
    resolve('courses', index, record, 'cover', 'course', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['course-categories'], record.category),
    })
    resolve('courses', index, record, 'video', 'video', record.slug, undefined, true)
  })
  data.specials?.forEach((record, index) =>
    resolve('specials', index, record, 'cover', 'special', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['special-categories'], record.category),
    }),
  )
  data.banners?.forEach((record, index) =>
    resolve('banners', index, record, 'image', 'banner', record.slug, { draw: 'banner', seed: record.slug }),
  )
  const covered = [
    ['notices', 'notice'],
    ['activities', 'activity'],
    ['viewpoints', 'viewpoint'],
    ['cooperations', 'cooperation'],
  ] as const
  for (const [kind, folder] of covered) {
    data[kind]?.forEach((record, index) => resolve(kind, index, record, 'cover', folder, record.slug, { draw: 'cover', seed: record.slug }))
  }
  data['cooperation-types']?.forEach((record, index) =>
    resolve('cooperation-types', index, record, 'cover', 'cooperation-type', `type-${record.id}`, {
      draw: 'cover',
      seed: `type-${record.id}`,
      theme: themes[record.id % themes.length],
    }),
  )
  data.partners?.forEach((record, index) =>
    resolve('partners', index, record, 'logo', 'partner', record.slug, { draw: 'emblem', seed: record.slug }),
  )
  return jobs
}

// The slice of a Prisma model delegate the importer uses; models differ in their types only.
type Table = {
  findMany(args: { where?: Row; select?: Row }): Promise<Row[]>
  createMany(args: { data: Row[] }): Promise<unknown>
  update(args: { where: Row; data: Row }): Promise<unknown>
}
const table = (delegate: unknown) => delegate as Table

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b)

/**
 * Upserts rows matched by `key`: missing rows are created in one statement and existing rows are
 * updated only when a field differs, so re-importing an unchanged folder writes almost nothing.
 */
async function sync(model: Table, key: string, rows: Row[]) {
  if (rows.length === 0) return
  const existing = await model.findMany({ where: { [key]: { in: rows.map((row) => row[key]) } } })
  const byKey = new Map(existing.map((row) => [row[key], row]))
  const missing = rows.filter((row) => !byKey.has(row[key]))
  if (missing.length) await model.createMany({ data: missing })
  for (const row of rows) {
    const old = byKey.get(row[key])
    if (!old) continue
    // View counters belong to the live site once a row exists; the file only gives the start value.
    const { views: _views, ...data } = row
    if (Object.keys(data).some((field) => !same(old[field], data[field]))) await model.update({ where: { [key]: row[key] }, data })
  }
}

/** slug -> id for every row of a table, covering rows of this import and earlier ones. */
async function idsBySlug(model: Table): Promise<Map<string, number>> {
  const rows = await model.findMany({ select: { id: true, slug: true } })
  return new Map(rows.filter((row) => row.slug !== null).map((row) => [row.slug as string, row.id as number]))
}

const rich = (html: string) => sanitizeRichText(html)
const date = (value: string | null | undefined) => (value ? new Date(value) : null)
const omit = <T extends Row, K extends keyof T>(record: T, ...keys: K[]) => {
  const copy: Row = { ...record }
  for (const key of keys) delete copy[key as string]
  return copy as Omit<T, K>
}

/** Replaces the tag links of the imported owners only; other owners keep theirs. */
async function replaceTags(model: unknown, ownerField: string, owners: { id: number; tags: string[] }[], tagIds: Map<string, number>) {
  if (owners.length === 0) return
  const links = model as { deleteMany(args: { where: Row }): Promise<unknown>; createMany(args: { data: Row[] }): Promise<unknown> }
  await links.deleteMany({ where: { [ownerField]: { in: owners.map((owner) => owner.id) } } })
  const rows = owners.flatMap((owner) =>
    [...new Set(owner.tags)].map((name) => ({ [ownerField]: owner.id, tagId: tagIds.get(name) as number })),
  )
  if (rows.length) await links.createMany({ data: rows })
}

async function writeAll(tx: Tx, data: Partial<SeedData>, members: DemoMember[]) {
  await sync(table(tx.siteSetting), 'key', data.settings ?? [])
  await sync(table(tx.menuSeo), 'menu', data['menu-seo'] ?? [])
  await sync(
    table(tx.aboutPage),
    'key',
    (data['about-pages'] ?? []).map((r) => ({ ...r, content: rich(r.content) })),
  )
  await sync(table(tx.tag), 'name', data.tags ?? [])
  const tagIds = new Map((await tx.tag.findMany({ select: { id: true, name: true } })).map((tag) => [tag.name, tag.id]))

  await sync(table(tx.teacherCategory), 'slug', data['teacher-categories'] ?? [])
  const teacherCategoryIds = await idsBySlug(table(tx.teacherCategory))
  const teachers = data.teachers ?? []
  await sync(
    table(tx.teacher),
    'slug',
    teachers.map((r) => ({ ...omit(r, 'category', 'tags'), content: rich(r.content), categoryId: teacherCategoryIds.get(r.category) })),
  )
  const teacherIds = await idsBySlug(table(tx.teacher))
  const teacherOf = (slug: string | null | undefined) => (slug ? (teacherIds.get(slug) ?? null) : null)
  await replaceTags(
    tx.teacherTag,
    'teacherId',
    teachers.map((r) => ({ id: teacherIds.get(r.slug) as number, tags: r.tags })),
    tagIds,
  )
  await sync(
    table(tx.teacherVideo),
    'slug',
    (data['teacher-videos'] ?? []).map((r) => ({
      ...omit(r, 'teacher', 'video'),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      status: 'approved',
    })),
  )

  await sync(table(tx.courseCategory), 'slug', data['course-categories'] ?? [])
  const courseCategoryIds = await idsBySlug(table(tx.courseCategory))
  const courses = data.courses ?? []
  await sync(
    table(tx.course),
    'slug',
    courses.map((r) => ({
      ...omit(r, 'category', 'teacher', 'video', 'tags'),
      content: rich(r.content),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      categoryId: courseCategoryIds.get(r.category),
    })),
  )
  const courseIds = await idsBySlug(table(tx.course))
  await replaceTags(
    tx.courseTag,
    'courseId',
    courses.map((r) => ({ id: courseIds.get(r.slug) as number, tags: r.tags })),
    tagIds,
  )

  await sync(table(tx.specialCategory), 'slug', data['special-categories'] ?? [])
  const specialCategoryIds = await idsBySlug(table(tx.specialCategory))
  const specials = data.specials ?? []
  // A topic without its own landing page links to its detail page, whose id exists only once created.
  const detailUrl = (id: number | undefined) => (id ? `/subject/detail/${id}` : '')
  const specialIdsBefore = await idsBySlug(table(tx.special))
  await sync(
    table(tx.special),
    'slug',
    specials.map((r) => ({
      ...omit(r, 'category', 'tags'),
      specialUrl: r.specialUrl || detailUrl(specialIdsBefore.get(r.slug)),
      content: rich(r.content),
      categoryId: specialCategoryIds.get(r.category),
    })),
  )
  const specialIds = await idsBySlug(table(tx.special))
  for (const r of specials) {
    if (!r.specialUrl && !specialIdsBefore.has(r.slug)) {
      const id = specialIds.get(r.slug) as number
      await tx.special.update({ where: { id }, data: { specialUrl: detailUrl(id) } })
    }
  }
  await replaceTags(
    tx.specialTag,
    'specialId',
    specials.map((r) => ({ id: specialIds.get(r.slug) as number, tags: r.tags })),
    tagIds,
  )

  await sync(table(tx.banner), 'slug', data.banners ?? [])
  await sync(
    table(tx.courseNotice),
    'slug',
    (data.notices ?? []).map((r) => ({
      ...omit(r, 'teacher'),
      introduction: rich(r.introduction),
      startAt: date(r.startAt),
      teacherId: teacherOf(r.teacher),
    })),
  )
  const article = (r: SeedData['activities'][number]) => ({
    ...omit(r, 'teacher', 'publishedAt'),
    content: rich(r.content),
    teacherId: teacherOf(r.teacher),
    ...(r.publishedAt ? { publishedAt: new Date(r.publishedAt) } : {}),
  })
  await sync(table(tx.activity), 'slug', (data.activities ?? []).map(article))
  await sync(table(tx.viewpoint), 'slug', (data.viewpoints ?? []).map(article))
  await sync(
    table(tx.question),
    'slug',
    (data.questions ?? []).map((r) => ({ ...r, content: rich(r.content) })),
  )
  await sync(
    table(tx.cooperationType),
    'id',
    (data['cooperation-types'] ?? []).map((r) => ({ ...r, content: rich(r.content) })),
  )
  await sync(
    table(tx.cooperation),
    'slug',
    (data.cooperations ?? []).map((r) => ({ ...omit(r, 'type'), content: rich(r.content), typeId: r.type })),
  )
  await sync(table(tx.partner), 'slug', data.partners ?? [])
  await sync(table(tx.friendLink), 'slug', data['friend-links'] ?? [])

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

export type ImportOptions = {
  /** Also create the demo member and admin of seed/demo-accounts.ts; default: only for the demo folder. */
  demoAccounts?: boolean
}

export async function importSeedFolder(dir: string, options: ImportOptions = {}): Promise<SeedSummary> {
  const started = performance.now()
  const folder = path.resolve(dir)
  const withDemoAccounts = options.demoAccounts ?? folder === defaultSeedDir
  const problems: string[] = []
  const folderData = readFolder(folder, problems)
  const { data } = folderData
  await checkReferences(folderData, problems)
  const jobs = resolveAllMedia(folder, data, problems)
  const members = withDemoAccounts ? await demoMembers(problems) : []
  if (problems.length) throw new SeedError(problems)

  const media = await writeMedia(jobs, env.UPLOAD_DIR)
  await prisma.$transaction((tx) => writeAll(tx, data, members), { timeout: 120_000, maxWait: 10_000 })

  const counts: SeedSummary['counts'] = {}
  for (const kind of seedKinds) if (data[kind]) counts[kind] = data[kind].length
  if (members.length) counts.members = members.length
  return { counts, media, durationMs: Math.round(performance.now() - started) }
}

/** Imports the demo folder into an empty database (no teachers and no members); used by `npm start`. */
export async function seedIfEmpty(): Promise<boolean> {
  const [teachers, members] = await Promise.all([prisma.teacher.count(), prisma.member.count()])
  if (teachers > 0 || members > 0) return false
  await importSeedFolder(defaultSeedDir)
  return true
}
