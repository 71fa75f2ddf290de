import { z } from '../validation/z'
import { defineContentType, field } from './define-content-type'
import { createdAt, flag, requiredText, rowId, sort } from './shared-fields'

// Tags are referenced by name everywhere (a teacher's `tags: ["经济"]`), so the name is their key.
export const tag = defineContentType({
  kind: 'tags',
  word: 'tag',
  label: '标签',
  key: 'name',
  labelField: 'name',
  access: 'content',
  isSortable: false,
  search: ['name'],
  // As the public tag lists show them: hot ones, then by hotness.
  order: [{ isHot: 'desc' }, { hotness: 'desc' }, { id: 'asc' }],
  fields: {
    id: rowId,
    name: field(requiredText(20), '标签名', { input: 'text', half: true, help: '改名后引用它的名师、课程、专题随之更新', column: {} }),
    hotness: field(z.number().int().min(0).default(0), '热度', {
      input: 'number',
      half: true,
      help: '决定标签云中的字号',
      column: { width: 100 },
      isOrderable: true,
    }),
    isHot: flag('热门标签', {
      help: '显示在页头搜索框下',
      column: { title: '热门', width: 80 },
      filter: { label: '热门', choices: ['热门', '普通'] },
    }),
    sort: { ...sort, help: '数值越大越靠前' },
    createdAt,
  },
})
