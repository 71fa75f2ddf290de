// Shape of every content record, one declaration for the seed files (seed/importer.ts), the admin
// console's forms and the Admin actions' payloads. Cross references (category, teacher, tags...)
// are checked by the importer once all files are read, since they span files and the database.
import { z } from './validation/z'

const slugField = z
  .string({ error: '缺少 slug' })
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: 'slug 只能包含小写字母、数字和连字符，最长 80 个字符' })
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `不能超过 ${max} 个字符` })
const requiredText = (max: number) => text(max).min(1, { error: '不能为空' })
const richText = z.string().max(200_000, { error: '内容过长' }).default('')
const sortField = z.number().int().default(0)
const viewsField = z.number().int().min(0).default(0)
// A slug of another record; null or absent means "no link".
const refField = z.string().trim().min(1, { error: '不能为空' }).nullish()
const tagsField = z.array(requiredText(20)).max(20, { error: '最多 20 个标签' }).default([])
const dateField = z.iso.datetime({ offset: true, local: true, error: '日期格式应为 2026-12-01T09:00:00+08:00' })
/**
 * Absent or "" = generate a picture; "/..." or "http(s)://..." = kept as is; otherwise a file in the
 * seed folder; null = no picture (what the export writes for a record without one). In an Admin
 * payload "" and null both mean no picture: the console never draws.
 */
export const mediaField = z.string().trim().max(500).nullable().default('')
// Written by the export so that importing it into an empty database gives every row the id (and
// so the address, /teacher/detail/<id>) and the dates it had. A new row takes the id when it is
// free; an existing row, found by its key, keeps its own. In an Admin `<entity>Save` payload the
// id names the row to update instead.
const rowIdField = z
  .number({ error: 'id 应为正整数' })
  .int({ error: 'id 应为正整数' })
  .positive({ error: 'id 应为正整数' })
  .max(2_147_483_647, { error: 'id 应为正整数' })
  .optional()
const stampField = dateField.optional()
const linkField = text(500)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), { error: '链接应以 / 或 http(s):// 开头' })
  .default('')

export const settingKeys = [
  'title',
  'keywords',
  'description',
  'company_name',
  'logo',
  'btlogo',
  'icon',
  'wx',
  'phone',
  'fax',
  'mailbox',
  'address',
  'icp',
] as const
export const imageSettingKeys = new Set<string>(['logo', 'btlogo', 'icon', 'wx'])

export const menuKeys = [
  'home',
  'teacher',
  'course',
  'subject',
  'cooperation',
  'user',
  'about',
  'search',
  'notice',
  'schooling',
  'article',
  'question',
  'login',
  'register',
] as const
export const aboutKeys = ['intro', 'terms', 'privacy', 'statement', 'contact', 'service'] as const
export const bannerPositions = ['home', 'ad', 'special'] as const

const category = z.strictObject({ id: rowIdField, slug: slugField, name: requiredText(20), sort: sortField, createdAt: stampField })

// Record schemas: strict, so a misspelled field name is reported rather than silently ignored.
export const recordSchemas = {
  settings: z.strictObject({
    key: z.enum(settingKeys, { error: `key 应为 ${settingKeys.join('、')} 之一` }),
    // null: empty, and for a picture key (logo, btlogo, icon, wx) no picture drawn either.
    value: text(1000).nullable(),
  }),
  'menu-seo': z.strictObject({
    menu: z.enum(menuKeys, { error: `menu 应为 ${menuKeys.join('、')} 之一` }),
    name: requiredText(20),
    title: requiredText(100),
    keywords: text(200).default(''),
    description: text(500).default(''),
  }),
  'about-pages': z.strictObject({
    key: z.enum(aboutKeys, { error: `key 应为 ${aboutKeys.join('、')} 之一` }),
    title: requiredText(50),
    content: richText,
    version: requiredText(20).default('1'),
    updatedAt: stampField,
  }),
  'teacher-categories': category,
  teachers: z.strictObject({
    id: rowIdField,
    slug: slugField,
    name: requiredText(20),
    category: z.string({ error: '缺少分类' }).trim().min(1, { error: '不能为空' }),
    title: text(100).default(''),
    photo: mediaField,
    intro: text(500).default(''),
    content: richText,
    isRecommended: z.boolean().default(false),
    isHot: z.boolean().default(false),
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    tags: tagsField,
    createdAt: stampField,
  }),
  'teacher-videos': z.strictObject({
    id: rowIdField,
    slug: slugField,
    teacher: z.string({ error: '缺少名师' }).trim().min(1, { error: '不能为空' }),
    title: requiredText(100),
    cover: mediaField,
    video: z.string().trim().min(1, { error: '缺少视频' }).max(500),
    intro: text(500).default(''),
    sort: sortField,
    views: viewsField,
    createdAt: stampField,
  }),
  'course-categories': category,
  courses: z.strictObject({
    id: rowIdField,
    slug: slugField,
    title: requiredText(100),
    category: z.string({ error: '缺少分类' }).trim().min(1, { error: '不能为空' }),
    teacher: refField,
    cover: mediaField,
    intro: text(500).default(''),
    content: richText,
    video: z.string().trim().max(500).default(''),
    isHot: z.boolean().default(false),
    isSelected: z.boolean().default(false),
    isFeatured: z.boolean().default(false),
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    tags: tagsField,
    createdAt: stampField,
  }),
  'special-categories': category,
  specials: z.strictObject({
    id: rowIdField,
    slug: slugField,
    title: requiredText(100),
    category: z.string({ error: '缺少分类' }).trim().min(1, { error: '不能为空' }),
    specialUrl: linkField,
    cover: mediaField,
    intro: text(500).default(''),
    content: richText,
    isHot: z.boolean().default(false),
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    tags: tagsField,
    // Slugs of the topic's courses, in the order its page lists them.
    courses: z
      .array(z.string().trim().min(1, { error: '不能为空' }))
      .max(200, { error: '一个专题最多 200 门课程' })
      .default([]),
    createdAt: stampField,
  }),
  tags: z.strictObject({
    id: rowIdField,
    name: requiredText(20),
    hotness: z.number().int().min(0).default(0),
    isHot: z.boolean().default(false),
    sort: sortField,
    createdAt: stampField,
  }),
  banners: z.strictObject({
    id: rowIdField,
    slug: slugField,
    position: z.enum(bannerPositions, { error: 'position 应为 home、ad 或 special' }),
    title: text(100).default(''),
    image: mediaField,
    link: linkField,
    isActive: z.boolean().default(true),
    sort: sortField,
    createdAt: stampField,
  }),
  notices: z.strictObject({
    id: rowIdField,
    slug: slugField,
    name: requiredText(100),
    teacher: refField,
    cover: mediaField,
    introduction: richText,
    startAt: dateField.nullish(),
    location: text(100).default(''),
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    createdAt: stampField,
  }),
  activities: z.strictObject({
    id: rowIdField,
    slug: slugField,
    title: requiredText(100),
    teacher: refField,
    cover: mediaField,
    intro: text(500).default(''),
    content: richText,
    publishedAt: dateField.optional(),
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    createdAt: stampField,
  }),
  questions: z.strictObject({
    id: rowIdField,
    slug: slugField,
    title: requiredText(100),
    content: richText,
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    createdAt: stampField,
  }),
  'cooperation-types': z.strictObject({
    id: z.number().int().min(1).max(5, { error: '合作类型 id 只能是 1 到 5' }),
    name: requiredText(20),
    intro: text(500).default(''),
    content: richText,
    cover: mediaField,
    sort: sortField,
    createdAt: stampField,
  }),
  cooperations: z.strictObject({
    id: rowIdField,
    slug: slugField,
    type: z.number({ error: 'type 应为合作类型 id（1 到 5）' }).int(),
    title: requiredText(100),
    cover: mediaField,
    intro: text(500).default(''),
    content: richText,
    isPublished: z.boolean().default(true),
    sort: sortField,
    views: viewsField,
    createdAt: stampField,
  }),
  partners: z.strictObject({
    id: rowIdField,
    slug: slugField,
    name: requiredText(50),
    logo: mediaField,
    link: linkField,
    sort: sortField,
    createdAt: stampField,
  }),
  'friend-links': z.strictObject({
    id: rowIdField,
    slug: slugField,
    name: requiredText(50),
    url: linkField.refine((value) => value !== '', { error: '不能为空' }),
    sort: sortField,
    createdAt: stampField,
  }),
}
// Viewpoints (学术观点) have the same shape as activities.
export const seedSchemas = { ...recordSchemas, viewpoints: recordSchemas.activities }

export type SeedKind = keyof typeof seedSchemas
export type SeedRecord<K extends SeedKind> = z.infer<(typeof seedSchemas)[K]>
export type SeedData = { [K in SeedKind]: SeedRecord<K>[] }

/** Files in import order, so a file only refers to kinds that come before it. */
export const seedKinds: SeedKind[] = [
  'settings',
  'menu-seo',
  'about-pages',
  'tags',
  'teacher-categories',
  'teachers',
  'teacher-videos',
  'course-categories',
  'courses',
  'special-categories',
  'specials',
  'banners',
  'notices',
  'activities',
  'viewpoints',
  'questions',
  'cooperation-types',
  'cooperations',
  'partners',
  'friend-links',
]

/** The field that identifies a record within its file, used for duplicates and error messages. */
export const keyField: Record<SeedKind, string> = {
  settings: 'key',
  'menu-seo': 'menu',
  'about-pages': 'key',
  tags: 'name',
  'cooperation-types': 'id',
  'teacher-categories': 'slug',
  teachers: 'slug',
  'teacher-videos': 'slug',
  'course-categories': 'slug',
  courses: 'slug',
  'special-categories': 'slug',
  specials: 'slug',
  banners: 'slug',
  notices: 'slug',
  activities: 'slug',
  viewpoints: 'slug',
  questions: 'slug',
  cooperations: 'slug',
  partners: 'slug',
  'friend-links': 'slug',
}
