import { defineContentType, field } from './define-content-type'
import {
  bySort,
  content,
  createdAt,
  dateRule,
  intro,
  picture,
  published,
  rowId,
  seoFields,
  slug,
  sort,
  teacherRef,
  title,
  views,
} from './shared-fields'
import { teacher } from './teacher'

/** Teaching activities (教学活动) and viewpoints (学术观点) are articles of one shape. */
export const articleFields = {
  id: rowId,
  slug,
  title,
  teacher: teacherRef(teacher, 'console'),
  cover: picture(),
  intro,
  content,
  publishedAt: field(dateRule.optional(), '发布时间', {
    store: { as: 'date' },
    input: 'date',
    half: true,
    help: '不填则为保存时间',
    column: { width: 150 },
  }),
  isPublished: published,
  sort,
  views,
  createdAt,
  ...seoFields,
}

export const activity = defineContentType({
  kind: 'activities',
  word: 'activity',
  label: '教学活动',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['title', 'intro', 'slug'],
  order: bySort,
  publicPath: '/schooling/detail',
  fields: articleFields,
})
