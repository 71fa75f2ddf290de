// Every kind of content the admin console manages, declared once: its entity word, its seed kind
// (common/content-schemas.ts, so payloads are seed records), its table, how its list is searched,
// filtered and ordered, how it is published, what still points at a row (the delete rule) and how
// a row becomes a seed record. content.actions.ts turns each declaration into its Admin actions,
// and the export (transfer/export.service.ts) writes the same records as seed files.
import { z } from 'zod'
import { aboutKeys, bannerPositions, menuKeys, type SeedKind } from '../../../common/content-schemas'
import type { Prisma } from '../../db'
import { clock } from '../../lib/clock'
import { sanitizeRichText } from '../../lib/sanitize'
import { idField } from '../../lib/schemas'

export type Row = Record<string, unknown>

/** The tables behind content, by their Prisma delegate name. */
export type ModelName =
  | 'teacher'
  | 'teacherCategory'
  | 'teacherVideo'
  | 'course'
  | 'courseCategory'
  | 'special'
  | 'specialCategory'
  | 'tag'
  | 'banner'
  | 'courseNotice'
  | 'activity'
  | 'viewpoint'
  | 'question'
  | 'cooperationType'
  | 'cooperation'
  | 'partner'
  | 'friendLink'
  | 'aboutPage'
  | 'menuSeo'

/** A list filter: its payload schema and the condition it adds. */
export type Filter = { schema: z.ZodType; where: (value: never) => Row }

/** Rows of another table that point at a row: the refusal of a delete names them. */
export type UsedBy = { model: ModelName; where: (id: number) => Row; noun: string; nameField: string }

export type ContentEntity = {
  /** The contract's entity word: `${word}List`, `${word}Save`, ... */
  word: string
  /** The Chinese noun in messages and audit summaries. */
  label: string
  kind: SeedKind
  model: ModelName
  /** The field a seed record is identified by (slug, name, key, menu or id). */
  key: string
  /** Fixed sets (about pages, menu SEO, the five cooperation types): found by key, never created freely or deleted. */
  fixedKeys?: readonly (string | number)[]
  /** Who may use it: content is for editors too, site settings for admins only. */
  access: 'content' | 'admin'
  search: readonly string[]
  filters?: Record<string, Filter>
  order: Row[]
  /** The flag that shows a row on public pages, switched by `${word}Publish`. */
  publish?: 'isPublished' | 'isActive'
  /** Has a `sort` column that public lists order by: gets `${word}Sort`. */
  hasSort: boolean
  /** Long HTML left out of list rows (Get has it). */
  richField?: string
  /** The rows the console manages; teacher videos uploaded by members are reviewed elsewhere. */
  where?: Row
  /** The rows an export takes, when not every row. */
  exportWhere?: Row
  select: Row
  toRecord: (row: Row) => Row
  /** A record for a fixed key that has no row yet. */
  blank?: (key: string | number) => Row
  titleOf: (record: Row) => string
  /** Adjusts a payload before it is checked and written, knowing the record it replaces. */
  beforeSave?: (record: Row, before: Row | null) => void
  usedBy?: UsedBy[]
  /** The 409 message from the parts that still point at the row ("3 位名师（张三、李四、王五）"). */
  refusal?: (parts: string) => string
  /** A Save payload for docs, fuzz seeds and the benchmark. */
  example: Row
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
const slugOf = (relation: unknown) => (relation as { slug: string } | null)?.slug ?? null
const tagNames = (tags: unknown) => (tags as { tag: { name: string } }[]).map((link) => link.tag.name)

const flag = (field: string): Filter => ({
  schema: z.boolean({ error: `${field} 应为 true 或 false` }),
  where: (value: boolean) => ({ [field]: value }),
})
const slugFilter = (relation: string, what: string): Filter => ({
  schema: z
    .string({ error: `${what}应为 slug` })
    .trim()
    .min(1, { error: `${what}应为 slug` })
    .max(80),
  where: (value: string) => ({ [relation]: { slug: value } }),
})
const tagFilter: Filter = {
  schema: z.string({ error: '标签应为名称' }).trim().min(1, { error: '标签应为名称' }).max(20),
  where: (value: string) => ({ tags: { some: { tag: { name: value } } } }),
}

const bySort = [{ sort: 'desc' }, { id: 'desc' }]
const categoryOrder = [{ sort: 'desc' }, { id: 'asc' }]
const tagsSelect = { select: { tag: { select: { name: true } } }, orderBy: { tagId: 'asc' } } as const
const teacherRef = { select: { slug: true } } as const

// Members accept the terms and privacy policy of a version (recorded at registration): a changed
// text is a new version, unless the editor typed one. A number counts up ("1" -> "2"); a dated
// version ("2026-11") becomes today's date in China, "2026-11-24", then "2026-11-24.2" the same day.
const VERSIONED_PAGES = new Set(['terms', 'privacy'])
function nextVersion(version: string): string {
  if (/^\d+$/.test(version)) return String(Number(version) + 1)
  const today = new Date(clock.now() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
  if (version !== today && !version.startsWith(`${today}.`)) return today
  return `${today}.${Number(version.slice(today.length + 1) || 1) + 1}`
}
function bumpTermsVersion(record: Row, before: Row | null) {
  if (!before || !VERSIONED_PAGES.has(String(record.key)) || record.version !== before.version) return
  const isChanged = record.title !== before.title || sanitizeRichText(String(record.content)) !== before.content
  if (isChanged) record.version = nextVersion(String(before.version))
}

const usageRefusal = (label: string) => (parts: string) => `该${label}还有 ${parts}，请先移走或删除`
const categoryRefusal = (parts: string) => `该分类下还有 ${parts}，请先移走或删除`

function category(word: string, label: string, kind: SeedKind, model: ModelName, usedBy: UsedBy): ContentEntity {
  return {
    word,
    label,
    kind,
    model,
    key: 'slug',
    access: 'content',
    search: ['name', 'slug'],
    order: categoryOrder,
    hasSort: true,
    select: { id: true, slug: true, name: true, sort: true, createdAt: true },
    toRecord: (row) => ({ id: row.id, slug: row.slug, name: row.name, sort: row.sort, createdAt: iso(row.createdAt) }),
    titleOf: (record) => String(record.name),
    usedBy: [usedBy],
    refusal: categoryRefusal,
    example: { slug: 'new-category', name: '新分类', sort: 0 },
  }
}

/** Activities (教学活动) and viewpoints (学术观点) share their shape. */
function article(word: string, label: string, kind: SeedKind, model: ModelName, slug: string): ContentEntity {
  return {
    word,
    label,
    kind,
    model,
    key: 'slug',
    access: 'content',
    search: ['title', 'intro'],
    filters: { teacher: slugFilter('teacher', '名师'), isPublished: flag('isPublished') },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: {
      id: true,
      slug: true,
      title: true,
      teacher: teacherRef,
      cover: true,
      intro: true,
      content: true,
      publishedAt: true,
      isPublished: true,
      sort: true,
      views: true,
      createdAt: true,
    },
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      teacher: slugOf(row.teacher),
      cover: row.cover,
      intro: row.intro,
      content: row.content,
      publishedAt: iso(row.publishedAt),
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    example: { slug, title: `新的${label}`, teacher: 't-001', intro: '一句话简介', content: '<p>正文</p>', isPublished: true },
  }
}

export const contentEntities: ContentEntity[] = [
  {
    word: 'teacher',
    label: '名师',
    kind: 'teachers',
    model: 'teacher',
    key: 'slug',
    access: 'content',
    search: ['name', 'title', 'intro'],
    filters: {
      category: slugFilter('category', '名师分类'),
      tag: tagFilter,
      isPublished: flag('isPublished'),
      isRecommended: flag('isRecommended'),
      isHot: flag('isHot'),
    },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: {
      id: true,
      slug: true,
      name: true,
      category: { select: { slug: true } },
      title: true,
      photo: true,
      intro: true,
      content: true,
      isRecommended: true,
      isHot: true,
      isPublished: true,
      sort: true,
      views: true,
      tags: tagsSelect,
      createdAt: true,
    } satisfies Prisma.TeacherSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      category: slugOf(row.category),
      title: row.title,
      photo: row.photo,
      intro: row.intro,
      content: row.content,
      isRecommended: row.isRecommended,
      isHot: row.isHot,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      tags: tagNames(row.tags),
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.name),
    usedBy: [
      { model: 'course', where: (id) => ({ teacherId: id }), noun: '门课程', nameField: 'title' },
      { model: 'teacherVideo', where: (id) => ({ teacherId: id }), noun: '个视频', nameField: 'title' },
      { model: 'courseNotice', where: (id) => ({ teacherId: id }), noun: '条课程预告', nameField: 'name' },
      { model: 'activity', where: (id) => ({ teacherId: id }), noun: '个教学活动', nameField: 'title' },
      { model: 'viewpoint', where: (id) => ({ teacherId: id }), noun: '篇学术观点', nameField: 'title' },
    ],
    refusal: usageRefusal('名师'),
    example: {
      slug: 'zhang-san',
      name: '张三',
      category: 'economy',
      title: '某某大学经济学院教授',
      photo: '',
      intro: '一句话简介',
      content: '<p>详细介绍</p>',
      isRecommended: true,
      tags: ['高质量发展'],
    },
  },
  category('teacherCategory', '名师分类', 'teacher-categories', 'teacherCategory', {
    model: 'teacher',
    where: (id) => ({ categoryId: id }),
    noun: '位名师',
    nameField: 'name',
  }),
  {
    word: 'teacherVideo',
    label: '名师视频',
    kind: 'teacher-videos',
    model: 'teacherVideo',
    key: 'slug',
    access: 'content',
    search: ['title', 'intro'],
    filters: { teacher: slugFilter('teacher', '名师') },
    order: bySort,
    hasSort: true,
    where: { memberId: null },
    exportWhere: { status: 'approved' },
    select: {
      id: true,
      slug: true,
      teacher: teacherRef,
      title: true,
      cover: true,
      videoUrl: true,
      intro: true,
      sort: true,
      views: true,
      createdAt: true,
    } satisfies Prisma.TeacherVideoSelect,
    toRecord: (row) => ({
      id: row.id,
      // A member's approved video has no slug of its own; the export names it by its id.
      slug: row.slug ?? `member-video-${String(row.id)}`,
      teacher: slugOf(row.teacher),
      title: row.title,
      cover: row.cover,
      video: row.videoUrl,
      intro: row.intro,
      sort: row.sort,
      views: row.views,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    example: { slug: 'new-video', teacher: 't-001', title: '课堂实录', video: 'https://example.com/video.mp4', intro: '' },
  },
  {
    word: 'course',
    label: '课程',
    kind: 'courses',
    model: 'course',
    key: 'slug',
    access: 'content',
    search: ['title', 'intro'],
    filters: {
      category: slugFilter('category', '课程分类'),
      teacher: slugFilter('teacher', '名师'),
      tag: tagFilter,
      isPublished: flag('isPublished'),
      isHot: flag('isHot'),
      isSelected: flag('isSelected'),
      isFeatured: flag('isFeatured'),
    },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: {
      id: true,
      slug: true,
      title: true,
      category: { select: { slug: true } },
      teacher: teacherRef,
      cover: true,
      intro: true,
      content: true,
      videoUrl: true,
      isHot: true,
      isSelected: true,
      isFeatured: true,
      isPublished: true,
      sort: true,
      views: true,
      tags: tagsSelect,
      createdAt: true,
    } satisfies Prisma.CourseSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      category: slugOf(row.category),
      teacher: slugOf(row.teacher),
      cover: row.cover,
      intro: row.intro,
      content: row.content,
      video: row.videoUrl,
      isHot: row.isHot,
      isSelected: row.isSelected,
      isFeatured: row.isFeatured,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      tags: tagNames(row.tags),
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    usedBy: [{ model: 'special', where: (id) => ({ courses: { some: { courseId: id } } }), noun: '个专题收录', nameField: 'title' }],
    refusal: (parts) => `该课程还被 ${parts}，请先从专题中移除`,
    example: { slug: 'new-course', title: '新课程', category: 'leadership', teacher: 't-001', intro: '课程简介', isHot: true, tags: [] },
  },
  category('courseCategory', '课程分类', 'course-categories', 'courseCategory', {
    model: 'course',
    where: (id) => ({ categoryId: id }),
    noun: '门课程',
    nameField: 'title',
  }),
  {
    word: 'special',
    label: '专题',
    kind: 'specials',
    model: 'special',
    key: 'slug',
    access: 'content',
    search: ['title', 'intro'],
    filters: { category: slugFilter('category', '专题分类'), tag: tagFilter, isPublished: flag('isPublished'), isHot: flag('isHot') },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: {
      id: true,
      slug: true,
      title: true,
      category: { select: { slug: true } },
      specialUrl: true,
      cover: true,
      intro: true,
      content: true,
      isHot: true,
      isPublished: true,
      sort: true,
      views: true,
      tags: tagsSelect,
      courses: { select: { course: { select: { slug: true } } }, orderBy: { position: 'asc' } },
      createdAt: true,
    } satisfies Prisma.SpecialSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      category: slugOf(row.category),
      specialUrl: row.specialUrl,
      cover: row.cover,
      intro: row.intro,
      content: row.content,
      isHot: row.isHot,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      tags: tagNames(row.tags),
      courses: (row.courses as { course: { slug: string } }[]).map((link) => link.course.slug),
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    example: { slug: 'new-special', title: '新专题', category: 'policy', intro: '专题简介', courses: ['c-001', 'c-002'], tags: [] },
  },
  category('specialCategory', '专题分类', 'special-categories', 'specialCategory', {
    model: 'special',
    where: (id) => ({ categoryId: id }),
    noun: '个专题',
    nameField: 'title',
  }),
  {
    word: 'tag',
    label: '标签',
    kind: 'tags',
    model: 'tag',
    key: 'name',
    access: 'content',
    search: ['name'],
    filters: { isHot: flag('isHot') },
    // As the public tag lists show them: hot ones, then by hotness.
    order: [{ isHot: 'desc' }, { hotness: 'desc' }, { id: 'asc' }],
    hasSort: false,
    select: { id: true, name: true, hotness: true, isHot: true, sort: true, createdAt: true } satisfies Prisma.TagSelect,
    toRecord: (row) => ({
      id: row.id,
      name: row.name,
      hotness: row.hotness,
      isHot: row.isHot,
      sort: row.sort,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.name),
    usedBy: [
      { model: 'teacher', where: (id) => ({ tags: { some: { tagId: id } } }), noun: '位名师', nameField: 'name' },
      { model: 'course', where: (id) => ({ tags: { some: { tagId: id } } }), noun: '门课程', nameField: 'title' },
      { model: 'special', where: (id) => ({ tags: { some: { tagId: id } } }), noun: '个专题', nameField: 'title' },
    ],
    refusal: (parts) => `该标签仍被 ${parts}使用，请先取消关联`,
    example: { name: '新标签', hotness: 10, isHot: false },
  },
  {
    word: 'banner',
    label: '轮播图',
    kind: 'banners',
    model: 'banner',
    key: 'slug',
    access: 'content',
    search: ['title', 'slug'],
    filters: {
      position: {
        schema: z.enum(bannerPositions, { error: 'position 应为 home、ad 或 special' }),
        where: (value: string) => ({ position: value }),
      },
      isActive: flag('isActive'),
    },
    order: [{ position: 'asc' }, ...bySort],
    publish: 'isActive',
    hasSort: true,
    select: {
      id: true,
      slug: true,
      position: true,
      title: true,
      image: true,
      link: true,
      isActive: true,
      sort: true,
      createdAt: true,
    } satisfies Prisma.BannerSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      position: row.position,
      title: row.title,
      image: row.image,
      link: row.link,
      isActive: row.isActive,
      sort: row.sort,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title || record.slug),
    example: { slug: 'home-new', position: 'home', title: '新轮播图', image: 'https://example.com/banner.jpg', link: '/teacher' },
  },
  {
    word: 'notice',
    label: '课程预告',
    kind: 'notices',
    model: 'courseNotice',
    key: 'slug',
    access: 'content',
    search: ['name', 'location'],
    filters: { teacher: slugFilter('teacher', '名师'), isPublished: flag('isPublished') },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'introduction',
    select: {
      id: true,
      slug: true,
      name: true,
      teacher: teacherRef,
      cover: true,
      introduction: true,
      startAt: true,
      location: true,
      isPublished: true,
      sort: true,
      views: true,
      createdAt: true,
    } satisfies Prisma.CourseNoticeSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      teacher: slugOf(row.teacher),
      cover: row.cover,
      introduction: row.introduction,
      startAt: iso(row.startAt),
      location: row.location,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.name),
    example: {
      slug: 'new-notice',
      name: '新课程预告',
      teacher: 't-001',
      introduction: '<p>课程介绍</p>',
      startAt: '2026-12-01T09:00:00+08:00',
      location: '北京',
    },
  },
  article('activity', '教学活动', 'activities', 'activity', 'new-activity'),
  article('viewpoint', '学术观点', 'viewpoints', 'viewpoint', 'new-viewpoint'),
  {
    word: 'question',
    label: '常见问题',
    kind: 'questions',
    model: 'question',
    key: 'slug',
    access: 'content',
    search: ['title'],
    filters: { isPublished: flag('isPublished') },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: { id: true, slug: true, title: true, content: true, isPublished: true, sort: true, views: true, createdAt: true },
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      content: row.content,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    example: { slug: 'new-question', title: '如何预约名师讲座？', content: '<p>拨打服务电话即可。</p>' },
  },
  {
    word: 'cooperationType',
    label: '合作类型',
    kind: 'cooperation-types',
    model: 'cooperationType',
    key: 'id',
    fixedKeys: [1, 2, 3, 4, 5],
    access: 'content',
    search: ['name', 'intro'],
    order: [{ sort: 'desc' }, { id: 'asc' }],
    hasSort: true,
    richField: 'content',
    select: { id: true, name: true, intro: true, content: true, cover: true, sort: true, createdAt: true },
    toRecord: (row) => ({
      id: row.id,
      name: row.name,
      intro: row.intro,
      content: row.content,
      cover: row.cover,
      sort: row.sort,
      createdAt: iso(row.createdAt),
    }),
    blank: (id) => ({ id, name: '', intro: '', content: '', cover: '', sort: 0, createdAt: null }),
    titleOf: (record) => String(record.name || `类型 ${String(record.id)}`),
    example: { id: 1, name: '专题培训', intro: '为机关和企事业单位定制专题培训', content: '<p>服务内容</p>' },
  },
  {
    word: 'cooperation',
    label: '合作项目',
    kind: 'cooperations',
    model: 'cooperation',
    key: 'slug',
    access: 'content',
    search: ['title', 'intro'],
    filters: {
      type: { schema: idField('合作类型'), where: (value: number) => ({ typeId: value }) },
      isPublished: flag('isPublished'),
    },
    order: bySort,
    publish: 'isPublished',
    hasSort: true,
    richField: 'content',
    select: {
      id: true,
      slug: true,
      typeId: true,
      title: true,
      cover: true,
      intro: true,
      content: true,
      isPublished: true,
      sort: true,
      views: true,
      createdAt: true,
    } satisfies Prisma.CooperationSelect,
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      type: row.typeId,
      title: row.title,
      cover: row.cover,
      intro: row.intro,
      content: row.content,
      isPublished: row.isPublished,
      sort: row.sort,
      views: row.views,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.title),
    example: { slug: 'new-cooperation', type: 1, title: '新合作项目', intro: '项目简介', content: '<p>项目介绍</p>' },
  },
  {
    word: 'partner',
    label: '合作伙伴',
    kind: 'partners',
    model: 'partner',
    key: 'slug',
    access: 'content',
    search: ['name', 'link'],
    order: bySort,
    hasSort: true,
    select: { id: true, slug: true, name: true, logo: true, link: true, sort: true, createdAt: true },
    toRecord: (row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      logo: row.logo,
      link: row.link,
      sort: row.sort,
      createdAt: iso(row.createdAt),
    }),
    titleOf: (record) => String(record.name),
    example: { slug: 'new-partner', name: '新合作伙伴', logo: 'https://example.com/logo.png', link: 'https://example.com' },
  },
  {
    word: 'link',
    label: '友情链接',
    kind: 'friend-links',
    model: 'friendLink',
    key: 'slug',
    access: 'content',
    search: ['name', 'url'],
    order: bySort,
    hasSort: true,
    select: { id: true, slug: true, name: true, url: true, sort: true, createdAt: true },
    toRecord: (row) => ({ id: row.id, slug: row.slug, name: row.name, url: row.url, sort: row.sort, createdAt: iso(row.createdAt) }),
    titleOf: (record) => String(record.name),
    example: { slug: 'new-link', name: '新友情链接', url: 'https://example.com' },
  },
  {
    word: 'page',
    label: '关于我们页面',
    kind: 'about-pages',
    model: 'aboutPage',
    key: 'key',
    fixedKeys: aboutKeys,
    access: 'content',
    search: ['title'],
    order: [{ key: 'asc' }],
    hasSort: false,
    richField: 'content',
    select: { key: true, title: true, content: true, version: true, updatedAt: true },
    toRecord: (row) => ({ key: row.key, title: row.title, content: row.content, version: row.version, updatedAt: iso(row.updatedAt) }),
    blank: (key) => ({ key, title: '', content: '', version: '1', updatedAt: null }),
    titleOf: (record) => String(record.title || record.key),
    beforeSave: bumpTermsVersion,
    example: { key: 'contact', title: '联系我们', content: '<p>服务电话：400-888-8666</p>' },
  },
  {
    word: 'menuSeo',
    label: '栏目 SEO',
    kind: 'menu-seo',
    model: 'menuSeo',
    key: 'menu',
    fixedKeys: menuKeys,
    access: 'admin',
    search: ['name', 'title', 'keywords'],
    order: [{ menu: 'asc' }],
    hasSort: false,
    select: { menu: true, name: true, title: true, keywords: true, description: true },
    toRecord: (row) => ({ menu: row.menu, name: row.name, title: row.title, keywords: row.keywords, description: row.description }),
    blank: (menu) => ({ menu, name: '', title: '', keywords: '', description: '' }),
    titleOf: (record) => String(record.name || record.menu),
    example: { menu: 'teacher', name: '名师', title: '名师库 - 名师网', keywords: '名师,专家', description: '汇聚各领域名师' },
  },
]

export const entityByWord = new Map(contentEntities.map((entity) => [entity.word, entity]))
