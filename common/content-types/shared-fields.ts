// Rules and fields several content types share. Cross references (category, teacher, tags...) are
// checked by the importer once all files are read, since they span files and the database.
import { z } from '../validation/z'
import { defineContentType, field, type FieldFilter, type OrderBy, type PictureShape, type RefTarget } from './define-content-type'

export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `不能超过 ${max} 个字符` })
export const requiredText = (max: number) => text(max).min(1, { error: '不能为空' })
export const richText = z.string().max(200_000, { error: '内容过长' }).default('')
export const dateRule = z.iso.datetime({ offset: true, local: true, error: '日期格式应为 2026-12-01T09:00:00+08:00' })
/**
 * Absent or "" = generate a picture; "/..." or "http(s)://..." = kept as is; otherwise a file in the
 * seed folder; null = no picture (what the export writes for a record without one). In an Admin
 * payload "" and null both mean no picture: the console never draws.
 */
export const mediaRule = z.string().trim().max(500).nullable().default('')
export const linkRule = text(500)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), { error: '链接应以 / 或 http(s):// 开头' })
  .default('')
/** A slug of another record; null or absent means "no link". */
const optionalRef = z.string().trim().min(1, { error: '不能为空' }).nullish()

export const bySort: readonly OrderBy[] = [{ sort: 'desc' }, { id: 'desc' }]
export const categoryOrder: readonly OrderBy[] = [{ sort: 'desc' }, { id: 'asc' }]

// Written by the export so that importing it into an empty database gives every row the id (and
// so the address, /teacher/detail/<id>) and the dates it had. A new row takes the id when it is
// free; an existing row, found by its key, keeps its own. In an Admin `<entity>Save` payload the
// id names the row to update instead.
export const rowId = field(
  z
    .number({ error: 'id 应为正整数' })
    .int({ error: 'id 应为正整数' })
    .positive({ error: 'id 应为正整数' })
    .max(2_147_483_647, { error: 'id 应为正整数' })
    .optional(),
  '编号',
)
export const createdAt = field(dateRule.optional(), '创建时间', { store: { as: 'date' }, isOrderable: true })
export const slug = field(
  z.string({ error: '缺少 slug' }).regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: 'slug 只能包含小写字母、数字和连字符，最长 80 个字符' }),
  '标识（slug）',
  { input: 'slug', half: true, help: '小写字母、数字和连字符；其他记录和种子文件用它引用本条' },
)
export const sort = field(z.number().int().default(0), '排序值', {
  input: 'number',
  half: true,
  help: '数值越大越靠前；也可在列表中拖动排序',
  column: { width: 80 },
  isOrderable: true,
})
export const views = field(z.number().int().min(0).default(0), '浏览', { column: { width: 72 }, isOrderable: true })
export const title = field(requiredText(100), '标题', { input: 'text', column: {} })
export const intro = field(text(500).default(''), '简介', { input: 'textarea', placeholder: '一两句话的摘要，显示在列表中' })
/** Rich text (HTML), edited in the console's editor. */
export const rich = (label: string) => field(richText, label, { input: 'rich', isRich: true })
export const content = rich('正文')
export const published = field(z.boolean().default(true), '发布', {
  input: 'switch',
  half: true,
  filter: { label: '状态', choices: ['已发布', '未发布'] },
})
export const tags = field(z.array(requiredText(20)).max(20, { error: '最多 20 个标签' }).default([]), '标签', {
  store: { as: 'tags' },
  input: 'tags',
  filter: 'api',
})

/** An on/off field, off unless set. */
export const flag = (label: string, more: Parameters<typeof field>[2] = {}) =>
  field(z.boolean().default(false), label, { input: 'switch', half: true, ...more })

/** A picture (photo, cover, logo) from the media library; a cover unless `shape` says otherwise. */
export const picture = (label = '封面', { help, shape = 'cover' }: { help?: string; shape?: PictureShape } = {}) =>
  field(mediaRule, label, { input: 'image', half: true, help, column: { width: 80 }, media: { as: 'picture', shape } })

/** A video by URL (an upload or a link), kept in the `videoUrl` column. */
export const video = <R extends z.ZodType>(rule: R, label: string, help?: string) =>
  field(rule, label, { store: { as: 'column', column: 'videoUrl' }, input: 'video', half: true, help, media: { as: 'video' } })

/** The category a record belongs to, by slug; every categorised record has one. */
export const categoryRef = (category: RefTarget) =>
  field(z.string({ error: '缺少分类' }).trim().min(1, { error: '不能为空' }), '分类', {
    store: { as: 'relation', relation: 'category' },
    ref: category,
    input: 'ref',
    half: true,
    column: { width: 120 },
    filter: 'console',
  })

/** The teacher a record is about, by slug; "no teacher" unless the type overrides the rule. */
export const teacherRef = (teacher: RefTarget, filter: FieldFilter) =>
  field(optionalRef, '名师', {
    store: { as: 'relation', relation: 'teacher' },
    ref: teacher,
    input: 'ref',
    half: true,
    help: '可不选',
    column: { width: 110 },
    filter,
  })

/** Teacher, course and topic categories share one shape: slug, name, sort. */
export const defineCategory = <const K extends string, const W extends string>(kind: K, word: W, label: string) =>
  defineContentType({
    kind,
    word,
    label,
    key: 'slug',
    labelField: 'name',
    access: 'content',
    isSortable: true,
    search: ['name', 'slug'],
    order: categoryOrder,
    fields: {
      id: rowId,
      slug: { ...slug, column: { title: 'slug' } },
      name: field(requiredText(20), '名称', { input: 'text', half: true, column: {} }),
      sort,
      createdAt,
    },
  })

/**
 * Per-item SEO: the detail page's <title> and description, when they should differ from the
 * record's title and intro. Optional: a payload or seed file that leaves them out keeps what is
 * stored, and a new row's are '' (the column default).
 */
/** The form group the SEO fields sit in; the console adds a search-result preview to it. */
export const SEO_GROUP = 'SEO'

export const seoFields = {
  seoTitle: field(text(60).optional(), 'SEO 标题', {
    input: 'text',
    group: SEO_GROUP,
    help: '搜索结果和浏览器标签上的标题；留空则使用标题',
  }),
  seoDescription: field(text(160).optional(), 'SEO 描述', {
    input: 'textarea',
    group: SEO_GROUP,
    help: '搜索结果中的摘要；留空则使用简介',
  }),
  seoKeywords: field(text(100).optional(), 'SEO 关键词', { input: 'text', group: SEO_GROUP, help: '以逗号分隔；留空则使用栏目的关键词' }),
}
