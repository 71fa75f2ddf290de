import { defineContentType, field } from './define-content-type'
import {
  bySort,
  createdAt,
  dateRule,
  picture,
  published,
  requiredText,
  rich,
  rowId,
  seoFields,
  slug,
  sort,
  teacherRef,
  text,
  views,
} from './shared-fields'
import { teacher } from './teacher'

/** 课程预告: a course to come, with its date and place. */
export const notice = defineContentType({
  kind: 'notices',
  word: 'notice',
  label: '课程预告',
  key: 'slug',
  labelField: 'name',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['name', 'location', 'slug'],
  order: bySort,
  publicPath: '/notice/detail',
  fields: {
    id: rowId,
    slug,
    name: field(requiredText(100), '名称', { input: 'text', column: {} }),
    teacher: teacherRef(teacher, 'api'),
    cover: picture(),
    introduction: rich('介绍'),
    startAt: field(dateRule.nullish(), '开课时间', {
      store: { as: 'date' },
      input: 'date',
      half: true,
      column: { width: 150 },
      isOrderable: true,
    }),
    location: field(text(100).default(''), '地点', { input: 'text', half: true, column: { width: 140 } }),
    isPublished: published,
    sort,
    views,
    createdAt,
    ...seoFields,
  },
})
