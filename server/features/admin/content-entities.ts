// Every kind of content the admin console manages: the content type declared in
// common/content-types/ (its fields, key, search, filters, order, publishing, from which its
// seed schema, select and seed records are derived here), plus what only the server knows: its
// table, which rows the console manages, what still points at a row (the delete rule), how a save
// is adjusted, and an example payload. content.actions.ts turns each entity into its Admin actions,
// and the export (export.service.ts) writes the same records as seed files.
import type { SeedKind } from '../../../common/content-schemas'
import type { ContentType } from '../../../common/content-types/define-content-type'
import { contentTypes, type ContentWord } from '../../../common/content-types/registry'
import { chinaDay } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import { sanitizeRichText } from '../../lib/sanitize'
import { filtersOf, type Filter } from './content-filters'
import { blankRecord, recordReader, selectOf } from './content-records'

export type Row = Record<string, unknown>
export type { Filter }

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

/** Rows of another table that point at a row: the refusal of a delete names them. */
export type UsedBy = { model: ModelName; where: (id: number) => Row; noun: string; nameField: string }

/** What the server alone knows of a content type. */
type ServerSide = {
  model: ModelName
  /** The rows the console manages; teacher videos uploaded by members are reviewed elsewhere. */
  where?: Row
  /** The rows an export takes, when not every row. */
  exportWhere?: Row
  /** A field read otherwise than its declaration says. */
  read?: Record<string, (row: Row) => unknown>
  /** Adjusts a payload before it is checked and written, knowing the record it replaces. */
  beforeSave?: (record: Row, before: Row | null) => void
  usedBy?: UsedBy[]
  /** The 409 message from the parts that still point at the row ("3 位名师（张三、李四、王五）"). */
  refusal?: (parts: string) => string
  /** A Save payload for docs, fuzz seeds and the benchmark. */
  example: Row
}

export type ContentEntity = Omit<ServerSide, 'read'> & {
  word: string
  label: string
  kind: SeedKind
  key: string
  fixedKeys?: readonly (string | number)[]
  access: 'content' | 'admin'
  search: readonly string[]
  filters?: Record<string, Filter>
  order: Row[]
  publish?: 'isPublished' | 'isActive'
  /** Has a `sort` column that public lists order by: gets `${word}Sort`. */
  hasSort: boolean
  /** Long HTML left out of list rows (Get has it). */
  richField?: string
  select: Row
  toRecord: (row: Row) => Row
  /** A record for a fixed key that has no row yet. */
  blank?: (key: string | number) => Row
  titleOf: (record: Row) => string
}

// Members accept the terms and privacy policy of a version (recorded at registration): a changed
// text is a new version, unless the editor typed one. A number counts up ("1" -> "2"); a dated
// version ("2026-11") becomes today's date in China, "2026-11-24", then "2026-11-24.2" the same day.
const VERSIONED_PAGES = new Set(['terms', 'privacy'])
function nextVersion(version: string): string {
  if (/^\d+$/.test(version)) return String(Number(version) + 1)
  const today = chinaDay(clock.now())
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
const categoryExample = { slug: 'new-category', name: '新分类', sort: 0 }
const tagged = (model: ModelName, noun: string, nameField: string): UsedBy => ({
  model,
  where: (id) => ({ tags: { some: { tagId: id } } }),
  noun,
  nameField,
})
const article = (slug: string, label: string) => ({
  slug,
  title: `新的${label}`,
  teacher: 't-001',
  intro: '一句话简介',
  content: '<p>正文</p>',
  isPublished: true,
})

const serverSides: Record<ContentWord, ServerSide> = {
  teacher: {
    model: 'teacher',
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
  teacherCategory: {
    model: 'teacherCategory',
    usedBy: [{ model: 'teacher', where: (id) => ({ categoryId: id }), noun: '位名师', nameField: 'name' }],
    refusal: categoryRefusal,
    example: categoryExample,
  },
  teacherVideo: {
    model: 'teacherVideo',
    where: { memberId: null },
    exportWhere: { status: 'approved' },
    // A member's approved video has no slug of its own; the export names it by its id.
    read: { slug: (row) => row.slug ?? `member-video-${String(row.id)}` },
    example: { slug: 'new-video', teacher: 't-001', title: '课堂实录', video: 'https://example.com/video.mp4', intro: '' },
  },
  course: {
    model: 'course',
    usedBy: [{ model: 'special', where: (id) => ({ courses: { some: { courseId: id } } }), noun: '个专题收录', nameField: 'title' }],
    refusal: (parts) => `该课程还被 ${parts}，请先从专题中移除`,
    example: { slug: 'new-course', title: '新课程', category: 'leadership', teacher: 't-001', intro: '课程简介', isHot: true, tags: [] },
  },
  courseCategory: {
    model: 'courseCategory',
    usedBy: [{ model: 'course', where: (id) => ({ categoryId: id }), noun: '门课程', nameField: 'title' }],
    refusal: categoryRefusal,
    example: categoryExample,
  },
  special: {
    model: 'special',
    example: { slug: 'new-special', title: '新专题', category: 'policy', intro: '专题简介', courses: ['c-001', 'c-002'], tags: [] },
  },
  specialCategory: {
    model: 'specialCategory',
    usedBy: [{ model: 'special', where: (id) => ({ categoryId: id }), noun: '个专题', nameField: 'title' }],
    refusal: categoryRefusal,
    example: categoryExample,
  },
  tag: {
    model: 'tag',
    usedBy: [tagged('teacher', '位名师', 'name'), tagged('course', '门课程', 'title'), tagged('special', '个专题', 'title')],
    refusal: (parts) => `该标签仍被 ${parts}使用，请先取消关联`,
    example: { name: '新标签', hotness: 10, isHot: false },
  },
  banner: {
    model: 'banner',
    example: { slug: 'home-new', position: 'home', title: '新轮播图', image: 'https://example.com/banner.jpg', link: '/teacher' },
  },
  notice: {
    model: 'courseNotice',
    example: {
      slug: 'new-notice',
      name: '新课程预告',
      teacher: 't-001',
      introduction: '<p>课程介绍</p>',
      startAt: '2026-12-01T09:00:00+08:00',
      location: '北京',
    },
  },
  activity: { model: 'activity', example: article('new-activity', '教学活动') },
  viewpoint: { model: 'viewpoint', example: article('new-viewpoint', '学术观点') },
  question: { model: 'question', example: { slug: 'new-question', title: '如何预约名师讲座？', content: '<p>拨打服务电话即可。</p>' } },
  cooperation: {
    model: 'cooperation',
    example: { slug: 'new-cooperation', type: 1, title: '新合作项目', intro: '项目简介', content: '<p>项目介绍</p>' },
  },
  cooperationType: {
    model: 'cooperationType',
    example: { id: 1, name: '专题培训', intro: '为机关和企事业单位定制专题培训', content: '<p>服务内容</p>' },
  },
  partner: {
    model: 'partner',
    example: { slug: 'new-partner', name: '新合作伙伴', logo: 'https://example.com/logo.png', link: 'https://example.com' },
  },
  link: { model: 'friendLink', example: { slug: 'new-link', name: '新友情链接', url: 'https://example.com' } },
  page: {
    model: 'aboutPage',
    beforeSave: bumpTermsVersion,
    example: { key: 'contact', title: '联系我们', content: '<p>服务电话：400-888-8666</p>' },
  },
  menuSeo: {
    model: 'menuSeo',
    example: { menu: 'teacher', name: '名师', title: '名师库 - 名师网', keywords: '名师,专家', description: '汇聚各领域名师' },
  },
}

function entityOf(type: ContentType, { read, ...server }: ServerSide): ContentEntity {
  const readRecord = recordReader(type)
  const toRecord = read
    ? (row: Row) => ({ ...readRecord(row), ...Object.fromEntries(Object.entries(read).map(([name, reader]) => [name, reader(row)])) })
    : readRecord
  return {
    ...server,
    word: type.word,
    label: type.label,
    kind: type.kind as SeedKind,
    key: type.key,
    fixedKeys: type.fixedKeys,
    access: type.access,
    search: type.search,
    filters: filtersOf(type),
    order: type.order as Row[],
    publish: type.publish,
    hasSort: type.isSortable,
    richField: type.richField,
    select: selectOf(type),
    toRecord,
    blank: type.fixedKeys ? (key) => blankRecord(type, key) : undefined,
    // A banner's title may be empty; fixed records read as their key until named.
    titleOf: (record) => String(record[type.labelField] || record[type.key]),
  }
}

export const contentEntities: ContentEntity[] = contentTypes.map((type) => entityOf(type, serverSides[type.word]))

export const entityByWord = new Map(contentEntities.map((entity) => [entity.word, entity]))
