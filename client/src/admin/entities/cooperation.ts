import type { EntityConfig } from '../crud/entity-config'
import {
  contentField,
  imageColumn,
  imageField,
  introField,
  publishedField,
  publishedFilter,
  slugField,
  sortColumn,
  sortField,
  viewsColumn,
} from './shared-specs'

// Cooperation entries (商务合作) belong to one of the five fixed cooperation types, referenced by id.
const typeRef = { entity: 'cooperationType', valueField: 'id', labelField: 'name' }

export const cooperationEntity: EntityConfig = {
  word: 'cooperation',
  title: '商务合作',
  kind: 'cooperations',
  labelField: 'title',
  searchHint: '标题或 slug',
  slugPrefix: 'coop',
  isSortable: true,
  publishField: 'isPublished',
  columns: [
    imageColumn('cover'),
    { field: 'title', title: '标题' },
    { field: 'type', title: '合作类型', render: 'ref', ref: typeRef, width: 120 },
    sortColumn,
    viewsColumn,
  ],
  filters: [{ name: 'type', label: '合作类型', kind: 'ref', ...typeRef }, publishedFilter],
  fields: [
    { name: 'title', label: '标题', kind: 'text' },
    slugField,
    { name: 'type', label: '合作类型', kind: 'ref', ...typeRef, half: true },
    imageField('cover', '封面'),
    introField,
    contentField,
    publishedField,
    sortField,
  ],
}

export const cooperationTypeEntity: EntityConfig = {
  word: 'cooperationType',
  title: '合作类型',
  kind: 'cooperation-types',
  labelField: 'name',
  searchHint: '名称',
  isFixedSet: true,
  isSortable: true,
  columns: [
    imageColumn('cover'),
    { field: 'id', title: '编号', width: 70 },
    { field: 'name', title: '名称' },
    { field: 'intro', title: '简介' },
    sortColumn,
  ],
  fields: [{ name: 'name', label: '名称', kind: 'text', half: true }, imageField('cover', '封面'), introField, contentField, sortField],
}
