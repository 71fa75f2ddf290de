import { bannerPositions } from '../../../../common/content-schemas'
import type { EntityConfig } from '../crud/entity-config'
import { imageColumn, imageField, slugField, sortColumn, sortField } from './shared-specs'

const POSITION_LABELS: Record<(typeof bannerPositions)[number], string> = { home: '首页轮播', ad: '首页广告位', special: '专题页轮播' }
const positionOptions = bannerPositions.map((value) => ({ value, label: POSITION_LABELS[value] }))

export const bannerEntity: EntityConfig = {
  word: 'banner',
  title: '轮播图',
  kind: 'banners',
  labelField: 'title',
  searchHint: '标题或 slug',
  slugPrefix: 'banner',
  isSortable: true,
  publishField: 'isActive',
  tabs: { name: 'position', options: positionOptions },
  columns: [
    imageColumn('image', '图片'),
    { field: 'title', title: '标题' },
    { field: 'position', title: '位置', render: 'option', options: positionOptions, width: 120 },
    { field: 'link', title: '链接', render: 'link' },
    sortColumn,
  ],
  fields: [
    { name: 'title', label: '标题', kind: 'text', half: true, help: '可不填；填写后显示在图片上' },
    slugField,
    { name: 'position', label: '位置', kind: 'select', options: positionOptions, half: true },
    { name: 'link', label: '链接', kind: 'link', half: true, help: '站内以 / 开头，站外以 http(s):// 开头' },
    imageField('image', '图片', '首页轮播建议 1200×400'),
    { name: 'isActive', label: '启用', kind: 'switch', half: true },
    sortField,
  ],
}
