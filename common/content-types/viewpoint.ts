import { articleFields } from './activity'
import { defineContentType } from './define-content-type'
import { bySort } from './shared-fields'

/** 学术观点: the same shape as a teaching activity. */
export const viewpoint = defineContentType({
  kind: 'viewpoints',
  word: 'viewpoint',
  label: '学术观点',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['title', 'intro', 'slug'],
  order: bySort,
  publicPath: '/article/detail',
  fields: articleFields,
})
