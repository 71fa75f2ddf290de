import { z } from '../validation/z'
import { cooperationType } from './cooperation-type'
import { defineContentType, field } from './define-content-type'
import { bySort, content, createdAt, intro, picture, published, rowId, slug, sort, title, views } from './shared-fields'

/** 商务合作: a cooperation project of one of the five cooperation types. */
export const cooperation = defineContentType({
  kind: 'cooperations',
  word: 'cooperation',
  label: '合作项目',
  menuLabel: '商务合作',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['title', 'intro', 'slug'],
  order: bySort,
  fields: {
    id: rowId,
    slug,
    type: field(z.number({ error: 'type 应为合作类型 id（1 到 5）' }).int(), '合作类型', {
      store: { as: 'column', column: 'typeId' },
      ref: cooperationType,
      input: 'ref',
      half: true,
      column: { width: 120 },
      filter: 'console',
    }),
    title,
    cover: picture(),
    intro,
    content,
    isPublished: published,
    sort,
    views,
    createdAt,
  },
})
