import { z } from '../validation/z'
import { defineContentType, field } from './define-content-type'
import { categoryOrder, content, createdAt, intro, picture, requiredText, sort } from './shared-fields'

/** The five fixed kinds of business cooperation (专题培训, 干部讲座...), by id 1 to 5. */
export const cooperationType = defineContentType({
  kind: 'cooperation-types',
  word: 'cooperationType',
  label: '合作类型',
  key: 'id',
  fixedKeys: [1, 2, 3, 4, 5],
  labelField: 'name',
  access: 'content',
  isSortable: true,
  search: ['name', 'intro'],
  order: categoryOrder,
  fields: {
    id: field(z.number().int().min(1).max(5, { error: '合作类型 id 只能是 1 到 5' }), '编号', { column: { width: 70 } }),
    name: field(requiredText(20), '名称', { input: 'text', half: true, column: {} }),
    intro: { ...intro, column: {} },
    content,
    cover: picture(),
    sort,
    createdAt,
  },
})
