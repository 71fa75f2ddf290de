import type { EntityConfig } from '../crud/entity-config'
import { sortColumn } from './shared-specs'

// Tags are referenced by name everywhere (a teacher's `tags: ["经济"]`), so the name is their key.
export const tagEntity: EntityConfig = {
  word: 'tag',
  title: '标签',
  kind: 'tags',
  labelField: 'name',
  searchHint: '标签名',
  columns: [
    { field: 'name', title: '标签名' },
    { field: 'hotness', title: '热度', width: 100 },
    { field: 'isHot', title: '热门', render: 'bool', width: 80 },
    sortColumn,
  ],
  filters: [
    {
      name: 'isHot',
      label: '热门',
      kind: 'select',
      options: [
        { value: true, label: '热门' },
        { value: false, label: '普通' },
      ],
    },
  ],
  fields: [
    { name: 'name', label: '标签名', kind: 'text', half: true, help: '改名后引用它的名师、课程、专题随之更新' },
    { name: 'hotness', label: '热度', kind: 'number', half: true, help: '决定标签云中的字号' },
    { name: 'isHot', label: '热门标签', kind: 'switch', half: true, help: '显示在页头搜索框下' },
    { name: 'sort', label: '排序值', kind: 'number', half: true, help: '数值越大越靠前' },
  ],
}
