import type { EntityConfig } from '../crud/entity-config'
import { contentField, publishedField, publishedFilter, slugField, sortColumn, sortField, viewsColumn } from './shared-specs'

export const questionEntity: EntityConfig = {
  word: 'question',
  title: '常见问题',
  kind: 'questions',
  labelField: 'title',
  searchHint: '问题或 slug',
  slugPrefix: 'question',
  isSortable: true,
  publishField: 'isPublished',
  publicPath: (row) => `/question/detail/${String(row.id)}`,
  columns: [{ field: 'title', title: '问题' }, sortColumn, viewsColumn],
  filters: [publishedFilter],
  fields: [{ name: 'title', label: '问题', kind: 'text' }, slugField, { ...contentField, label: '解答' }, publishedField, sortField],
}
