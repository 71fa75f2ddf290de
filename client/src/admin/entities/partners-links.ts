import type { EntityConfig } from '../crud/entity-config'
import { imageColumn, imageField, slugField, sortColumn, sortField } from './shared-specs'

export const partnerEntity: EntityConfig = {
  word: 'partner',
  title: '合作伙伴',
  kind: 'partners',
  labelField: 'name',
  searchHint: '名称或 slug',
  slugPrefix: 'partner',
  isSortable: true,
  columns: [imageColumn('logo', '标志'), { field: 'name', title: '名称' }, { field: 'link', title: '链接', render: 'link' }, sortColumn],
  fields: [
    { name: 'name', label: '名称', kind: 'text', half: true },
    slugField,
    imageField('logo', '标志'),
    { name: 'link', label: '链接', kind: 'link', half: true },
    sortField,
  ],
}

export const linkEntity: EntityConfig = {
  word: 'link',
  title: '友情链接',
  kind: 'friend-links',
  labelField: 'name',
  searchHint: '名称或网址',
  slugPrefix: 'link',
  isSortable: true,
  columns: [{ field: 'name', title: '名称' }, { field: 'url', title: '网址', render: 'link' }, sortColumn],
  fields: [
    { name: 'name', label: '名称', kind: 'text', half: true },
    slugField,
    { name: 'url', label: '网址', kind: 'link', placeholder: 'https://' },
    sortField,
  ],
}
