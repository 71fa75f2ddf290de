import { defineContentType } from './define-content-type'
import { bySort, content, createdAt, published, rowId, slug, sort, title, views } from './shared-fields'

/** 常见问题: a question and its answer. */
export const question = defineContentType({
  kind: 'questions',
  word: 'question',
  label: '常见问题',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['title', 'slug'],
  order: bySort,
  publicPath: '/question/detail',
  fields: {
    id: rowId,
    slug,
    title: { ...title, label: '问题' },
    content: { ...content, label: '解答' },
    isPublished: published,
    sort,
    views,
    createdAt,
  },
})
