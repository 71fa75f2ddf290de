import { defineContentType, field } from './define-content-type'
import { bySort, createdAt, linkRule, picture, requiredText, rowId, slug, sort } from './shared-fields'

export const partner = defineContentType({
  kind: 'partners',
  word: 'partner',
  label: '合作伙伴',
  key: 'slug',
  labelField: 'name',
  access: 'content',
  isSortable: true,
  search: ['name', 'link', 'slug'],
  order: bySort,
  fields: {
    id: rowId,
    slug,
    name: field(requiredText(50), '名称', { input: 'text', half: true, column: {} }),
    logo: picture('标志', { shape: 'emblem' }),
    link: field(linkRule, '链接', { input: 'link', half: true, column: {} }),
    sort,
    createdAt,
  },
})
