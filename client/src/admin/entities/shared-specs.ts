// Field and column pieces several entity declarations share.
import type { ColumnSpec, FieldSpec, FilterSpec } from '../crud/entity-config'

export const slugField: FieldSpec = {
  name: 'slug',
  label: '标识（slug）',
  kind: 'slug',
  half: true,
  help: '小写字母、数字和连字符；其他记录和种子文件用它引用本条',
}
export const sortField: FieldSpec = {
  name: 'sort',
  label: '排序值',
  kind: 'number',
  half: true,
  help: '数值越大越靠前；也可在列表中拖动排序',
}
export const publishedField: FieldSpec = { name: 'isPublished', label: '发布', kind: 'switch', half: true }
export const introField: FieldSpec = { name: 'intro', label: '简介', kind: 'textarea', placeholder: '一两句话的摘要，显示在列表中' }
export const contentField: FieldSpec = { name: 'content', label: '正文', kind: 'rich' }
export const imageField = (name: string, label: string, help?: string): FieldSpec => ({ name, label, kind: 'image', half: true, help })

export const categoryField = (entity: string): FieldSpec => ({ name: 'category', label: '分类', kind: 'ref', entity, half: true })
export const teacherField = (required = false): FieldSpec => ({
  name: 'teacher',
  label: '名师',
  kind: 'ref',
  entity: 'teacher',
  search: true,
  half: true,
  help: required ? undefined : '可不选',
})
export const tagsField: FieldSpec = { name: 'tags', label: '标签', kind: 'tags' }

export const imageColumn = (field: string, title = '封面'): ColumnSpec => ({ field, title, render: 'image', width: 80 })
export const categoryColumn = (entity: string): ColumnSpec => ({
  field: 'category',
  title: '分类',
  render: 'ref',
  ref: { entity },
  width: 120,
})
export const teacherColumn: ColumnSpec = { field: 'teacher', title: '名师', render: 'ref', ref: { entity: 'teacher' }, width: 110 }
export const viewsColumn: ColumnSpec = { field: 'views', title: '浏览', width: 72 }
export const sortColumn: ColumnSpec = { field: 'sort', title: '排序值', width: 72 }

export const publishedFilter: FilterSpec = {
  name: 'isPublished',
  label: '状态',
  kind: 'select',
  options: [
    { value: true, label: '已发布' },
    { value: false, label: '未发布' },
  ],
}
export const categoryFilter = (entity: string): FilterSpec => ({ name: 'category', label: '分类', kind: 'ref', entity })
