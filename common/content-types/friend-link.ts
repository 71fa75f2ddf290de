import { defineContentType, field } from './define-content-type'
import { bySort, createdAt, linkRule, requiredText, rowId, slug, sort } from './shared-fields'

export const friendLink = defineContentType({
  kind: 'friend-links',
  word: 'link',
  label: '友情链接',
  key: 'slug',
  labelField: 'name',
  access: 'content',
  isSortable: true,
  search: ['name', 'url', 'slug'],
  order: bySort,
  fields: {
    id: rowId,
    slug,
    name: field(requiredText(50), '名称', { input: 'text', half: true, column: {} }),
    url: field(
      linkRule.refine((value) => value !== '', { error: '不能为空' }),
      '网址',
      { input: 'link', placeholder: 'https://', column: {} },
    ),
    sort,
    createdAt,
  },
})
