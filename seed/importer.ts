// Imports a seed folder (one JSON file per kind, see seed/README.md) into the database.
// Everything is validated first, including references across files and to rows already in the
// database; then pictures are put in place; then all rows are written in one transaction.
// Rows are matched by stable keys (slug, key, menu, id, phone), so re-running updates in place.
import fs from 'node:fs'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { z } from 'zod'
import { prisma } from '../server/db'
import { env } from '../server/env'
import { projectRoot } from '../server/lib/database-url'
import { sanitizeRichText } from '../server/lib/sanitize'
import type { Prisma } from '../server/generated/prisma/client'
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

type Tx = Prisma.TransactionClient
type Rec = Record<string, unknown>
const zhCN = z.locales.zhCN()

const fileName = (kind: SeedKind) => `${kind}.json`
function describe(kind: SeedKind, index: number, record: unknown): string {
  const key = keyField[kind]
  const value = record && typeof record === 'object' ? (record as Rec)[key] : undefined
  const label = typeof value === 'string' || typeof value === 'number' ? ` (${key} ${JSON.stringify(value)})` : ''
  return `${fileName(kind)} 第 ${index + 1} 条${label}`
}

/** Reads and validates every file of the folder on its own; cross references come later. */
function readFolder(dir: string, problems: string[]): Partial<SeedData> {
  const data: Partial<Record<SeedKind, unknown[]>> = {}
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    problems.push(`找不到种子目录 ${dir}`)
    return data
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
    raw.forEach((record, index) => {
      const result = seedSchemas[kind].safeParse(record, { error: zhCN.localeError })
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = issue.path.length ? ` 字段 ${issue.path.join('.')}` : ''
          problems.push(`${describe(kind, index, record)}${field}: ${issue.message}`)
        }
        return
      }
      const key = (result.data as Rec)[keyField[kind]]
      const first = seen.get(key)
      if (first !== undefined) problems.push(`${describe(kind, index, record)} 字段 ${keyField[kind]}: 与第 ${first + 1} 条重复`)
      else seen.set(key, index)
      records.push(result.data)
    })
    data[kind] = records
  }
  if (files.length === 0) problems.push(`${dir}: 目录中没有可导入的 JSON 文件`)
  return data as Partial<SeedData>
}

/** Keys that records may refer to: those in the folder plus those already in the database. */
async function loadReferences(data: Partial<SeedData>) {
  const [teacherCategories, teachers, courseCategories, specialCategories, tags, cooperationTypes] = await Promise.all([
    prisma.teacherCategory.findMany({ select: { slug: true } }),
    prisma.teacher.findMany({ select: { slug: true } }),
    prisma.courseCategory.findMany({ select: { slug: true } }),
    prisma.specialCategory.findMany({ select: { slug: true } }),
    prisma.tag.findMany({ select: { name: true } }),
    prisma.cooperationType.findMany({ select: { id: true } }),
  ])
  const union = <T>(rows: T[], records: T[] = []) => new Set([...rows, ...records])
  return {
    teacherCategories: union(teacherCategories.map((row) => row.slug), data['teacher-categories']?.map((r) => r.slug)),
    teachers: union(teachers.map((row) => row.slug), data.teachers?.map((r) => r.slug)),
    courseCategories: union(courseCategories.map((row) => row.slug), data['course-categories']?.map((r) => r.slug)),
    specialCategories: union(specialCategories.map((row) => row.slug), data['special-categories']?.map((r) => r.slug)),
    tags: union(tags.map((row) => row.name), data.tags?.map((r) => r.name)),
    cooperationTypes: union(cooperationTypes.map((row) => row.id), data['cooperation-types']?.map((r) => r.id)),
  }
}

async function checkReferences(data: Partial<SeedData>, problems: string[]) {
  const refs = await loadReferences(data)
  const check = (kind: SeedKind, records: Rec[] | undefined, field: string, known: Set<unknown>, what: string) => {
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
const teacherThemes: Record<string, string> = { economy: 'blue', management: 'indigo', technology: 'cyan', culture: 'warm', 'party-building': 'red' }
function themeOf(categories: { slug: string }[] | undefined, slug: string, fixed: Record<string, string> = {}): string | undefined {
  if (fixed[slug]) return fixed[slug]
  const index = categories?.findIndex((category) => category.slug === slug) ?? -1
  return index >= 0 ? themes[index % themes.length] : undefined
}

/** Resolves every media field in place (value -> URL) and collects the files to put in place. */
function resolveAllMedia(dir: string, data: Partial<SeedData>, problems: string[]): MediaJob[] {
  const jobs: MediaJob[] = []
  const uploadDir = env.UPLOAD_DIR
  const resolve = (kind: SeedKind, index: number, record: Rec, field: string, folder: string, slug: string, picture?: Picture, video = false) => {
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
    const picture: Picture = record.key === 'wx' ? { draw: 'qr', seed: 'wx' } : record.key === 'icon' ? { draw: 'icon', seed: 'icon', theme: 'red' } : { draw: 'emblem', seed: record.key, theme: 'red' }
    resolve('settings', index, record, 'value', 'site', record.key, picture)
  })
  data.teachers?.forEach((record, index) =>
    resolve('teachers', index, record, 'photo', 'teacher', record.slug, { draw: 'portrait', seed: record.slug, theme: themeOf(data['teacher-categories'], record.category, teacherThemes) }),
  )
  data['teacher-videos']?.forEach((record, index) => {
    resolve('teacher-videos', index, record, 'cover', 'teacher-video', record.slug, { draw: 'cover', seed: record.slug })
    resolve('teacher-videos', index, record, 'video', 'video', record.slug, undefined, true)
  })
  data.courses?.forEach((record, index) => {
    resolve('courses', index, record, 'cover', 'course', record.slug, { draw: 'cover', seed: record.slug, theme: themeOf(data['course-categories'], record.category) })
    resolve('courses', index, record, 'video', 'video', record.slug, undefined, true)
  })
  data.specials?.forEach((record, index) =>
    resolve('specials', index, record, 'cover', 'special', record.slug, { draw: 'cover', seed: record.slug, theme: themeOf(data['special-categories'], record.category) }),
  )
  data.banners?.forEach((record, index) => resolve('banners', index, record, 'image', 'banner', record.slug, { draw: 'banner', seed: record.slug }))
  const covered = [['notices', 'notice'], ['activities', 'activity'], ['viewpoints', 'viewpoint'], ['cooperations', 'cooperation']] as const
  for (const [kind, folder] of covered) {
    data[kind]?.forEach((record, index) => resolve(kind, index, record, 'cover', folder, record.slug, { draw: 'cover', seed: record.slug }))
  }
  data['cooperation-types']?.forEach((record, index) =>
    resolve('cooperation-types', index, record, 'cover', 'cooperation-type', `type-${record.id}`, { draw: 'cover', seed: `type-${record.id}`, theme: themes[record.id % themes.length] }),
  )
  data.partners?.forEach((record, index) => resolve('partners', index, record, 'logo', 'partner', record.slug, { draw: 'emblem', seed: record.slug }))
  return jobs
}

/** Upserts records by slug and returns slug -> id for every row of the table. */
async function upsertBySlug<R extends { slug: string }>(
  records: R[] | undefined,
  write: (record: R) => Promise<unknown>,
  all: () => Promise<{ id: number; slug: string | null }[]>,
): Promise<Map<string, number>> {
  for (const record of records ?? []) await write(record)
  return new Map((await all()).filter((row) => row.slug !== null).map((row) => [row.slug as string, row.id]))
}

/** Replaces the tag links of the imported owners only; other owners keep theirs. */
async function replaceTags(ownerIds: number[], links: { ownerId: number; tagIds: number[] }[], remove: (ids: number[]) => Promise<unknown>, create: (rows: { ownerId: number; tagId: number }[]) => Promise<unknown>) {
  if (ownerIds.length === 0) return
  await remove(ownerIds)
  const rows = links.flatMap(({ ownerId, tagIds }) => [...new Set(tagIds)].map((tagId) => ({ ownerId, tagId })))
  if (rows.length) await create(rows)
}

const rich = (html: string) => sanitizeRichText(html)
const date = (value: string | null | undefined) => (value ? new Date(value) : null)

async function writeAll(tx: Tx, data: Partial<SeedData>, members: { phone: string; passwordHash: string; nickname: string; role: string; memberNo: string }[]) {
  for (const { key, value } of data.settings ?? []) {
    await tx.siteSetting.upsert({ where: { key }, create: { key, value }, update: { value } })
  }
  for (const { menu, ...fields } of data['menu-seo'] ?? []) {
    await tx.menuSeo.upsert({ where: { menu }, create: { menu, ...fields }, update: fields })
  }
  for (const { key, content, ...fields } of data['about-pages'] ?? []) {
    const row = { ...fields, content: rich(content) }
    await tx.aboutPage.upsert({ where: { key }, create: { key, ...row }, update: row })
  }
  for (const { name, ...fields } of data.tags ?? []) {
    await tx.tag.upsert({ where: { name }, create: { name, ...fields }, update: fields })
  }
  const tagIds = new Map((await tx.tag.findMany({ select: { id: true, name: true } })).map((tag) => [tag.name, tag.id]))

  const teacherCategoryIds = await upsertBySlug(
    data['teacher-categories'],
    ({ slug, ...fields }) => tx.teacherCategory.upsert({ where: { slug }, create: { slug, ...fields }, update: fields }),
    () => tx.teacherCategory.findMany({ select: { id: true, slug: true } }),
  )
  const teacherIds = await upsertBySlug(
    data.teachers,
    ({ slug, category, tags: _tags, content, ...fields }) => {
      const row = { ...fields, content: rich(content), categoryId: teacherCategoryIds.get(category) as number }
      return tx.teacher.upsert({ where: { slug }, create: { slug, ...row }, update: row })
    },
    () => tx.teacher.findMany({ select: { id: true, slug: true } }),
  )
  const teacherOf = (slug: string | null | undefined) => (slug ? (teacherIds.get(slug) ?? null) : null)
  await replaceTags(
    (data.teachers ?? []).map((r) => teacherIds.get(r.slug) as number),
    (data.teachers ?? []).map((r) => ({ ownerId: teacherIds.get(r.slug) as number, tagIds: r.tags.map((name) => tagIds.get(name) as number) })),
    (ids) => tx.teacherTag.deleteMany({ where: { teacherId: { in: ids } } }),
    (rows) => tx.teacherTag.createMany({ data: rows.map((r) => ({ teacherId: r.ownerId, tagId: r.tagId })) }),
  )
  for (const { slug, teacher, video, ...fields } of data['teacher-videos'] ?? []) {
    const row = { ...fields, videoUrl: video, teacherId: teacherOf(teacher) as number, status: 'approved' }
    await tx.teacherVideo.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }

  const courseCategoryIds = await upsertBySlug(
    data['course-categories'],
    ({ slug, ...fields }) => tx.courseCategory.upsert({ where: { slug }, create: { slug, ...fields }, update: fields }),
    () => tx.courseCategory.findMany({ select: { id: true, slug: true } }),
  )
  const courseIds = await upsertBySlug(
    data.courses,
    ({ slug, category, teacher, video, tags: _tags, content, ...fields }) => {
      const row = { ...fields, content: rich(content), videoUrl: video, teacherId: teacherOf(teacher), categoryId: courseCategoryIds.get(category) as number }
      return tx.course.upsert({ where: { slug }, create: { slug, ...row }, update: row })
    },
    () => tx.course.findMany({ select: { id: true, slug: true } }),
  )
  await replaceTags(
    (data.courses ?? []).map((r) => courseIds.get(r.slug) as number),
    (data.courses ?? []).map((r) => ({ ownerId: courseIds.get(r.slug) as number, tagIds: r.tags.map((name) => tagIds.get(name) as number) })),
    (ids) => tx.courseTag.deleteMany({ where: { courseId: { in: ids } } }),
    (rows) => tx.courseTag.createMany({ data: rows.map((r) => ({ courseId: r.ownerId, tagId: r.tagId })) }),
  )

  const specialCategoryIds = await upsertBySlug(
    data['special-categories'],
    ({ slug, ...fields }) => tx.specialCategory.upsert({ where: { slug }, create: { slug, ...fields }, update: fields }),
    () => tx.specialCategory.findMany({ select: { id: true, slug: true } }),
  )
  const specialIds = await upsertBySlug(
    data.specials,
    ({ slug, category, tags: _tags, content, ...fields }) => {
      const row = { ...fields, content: rich(content), categoryId: specialCategoryIds.get(category) as number }
      return tx.special.upsert({ where: { slug }, create: { slug, ...row }, update: row })
    },
    () => tx.special.findMany({ select: { id: true, slug: true } }),
  )
  // A topic without its own landing page links to its detail page, whose id is known only now.
  for (const record of data.specials ?? []) {
    if (record.specialUrl) continue
    const id = specialIds.get(record.slug) as number
    await tx.special.update({ where: { id }, data: { specialUrl: `/subject/detail/${id}` } })
  }
  await replaceTags(
    (data.specials ?? []).map((r) => specialIds.get(r.slug) as number),
    (data.specials ?? []).map((r) => ({ ownerId: specialIds.get(r.slug) as number, tagIds: r.tags.map((name) => tagIds.get(name) as number) })),
    (ids) => tx.specialTag.deleteMany({ where: { specialId: { in: ids } } }),
    (rows) => tx.specialTag.createMany({ data: rows.map((r) => ({ specialId: r.ownerId, tagId: r.tagId })) }),
  )

  for (const { slug, ...fields } of data.banners ?? []) {
    await tx.banner.upsert({ where: { slug }, create: { slug, ...fields }, update: fields })
  }
  for (const { slug, teacher, introduction, startAt, ...fields } of data.notices ?? []) {
    const row = { ...fields, introduction: rich(introduction), startAt: date(startAt), teacherId: teacherOf(teacher) }
    await tx.courseNotice.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }
  for (const { slug, teacher, content, publishedAt, ...fields } of data.activities ?? []) {
    const row = { ...fields, content: rich(content), teacherId: teacherOf(teacher), ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}) }
    await tx.activity.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }
  for (const { slug, teacher, content, publishedAt, ...fields } of data.viewpoints ?? []) {
    const row = { ...fields, content: rich(content), teacherId: teacherOf(teacher), ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}) }
    await tx.viewpoint.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }
  for (const { slug, content, ...fields } of data.questions ?? []) {
    const row = { ...fields, content: rich(content) }
    await tx.question.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }
  for (const { id, content, ...fields } of data['cooperation-types'] ?? []) {
    const row = { ...fields, content: rich(content) }
    await tx.cooperationType.upsert({ where: { id }, create: { id, ...row }, update: row })
  }
  for (const { slug, type, content, ...fields } of data.cooperations ?? []) {
    const row = { ...fields, content: rich(content), typeId: type }
    await tx.cooperation.upsert({ where: { slug }, create: { slug, ...row }, update: row })
  }
  for (const { slug, ...fields } of data.partners ?? []) {
    await tx.partner.upsert({ where: { slug }, create: { slug, ...fields }, update: fields })
  }
  for (const { slug, ...fields } of data['friend-links'] ?? []) {
    await tx.friendLink.upsert({ where: { slug }, create: { slug, ...fields }, update: fields })
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
  const data = readFolder(folder, problems)
  if (problems.length === 0) await checkReferences(data, problems)
  const jobs = problems.length === 0 ? resolveAllMedia(folder, data, problems) : []
  const members = withDemoAccounts && problems.length === 0 ? await demoMembers(problems) : []
  if (problems.length) throw new SeedError(problems)

  const media = writeMedia(jobs, env.UPLOAD_DIR)
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
