import { z } from '../validation/z'
import { defineContentType, field } from './define-content-type'
import { bySort, createdAt, linkRule, picture, rowId, slug, sort, text } from './shared-fields'

export const bannerPositions = ['home', 'ad', 'special'] as const
const POSITION_LABELS: Record<(typeof bannerPositions)[number], string> = { home: '首页轮播', ad: '首页广告位', special: '专题页轮播' }

export const banner = defineContentType({
  kind: 'banners',
  word: 'banner',
  label: '轮播图',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isActive',
  isSortable: true,
  search: ['title', 'slug'],
  order: [{ position: 'asc' }, ...bySort],
  fields: {
    id: rowId,
    slug,
    position: field(z.enum(bannerPositions, { error: 'position 应为 home、ad 或 special' }), '位置', {
      input: 'select',
      options: bannerPositions.map((value) => ({ value, label: POSITION_LABELS[value] })),
      half: true,
      column: { width: 120 },
      filter: 'api',
      isTabs: true,
    }),
    title: field(text(100).default(''), '标题', {
      input: 'text',
      half: true,
      help: '图片的替代文字：供读屏软件朗读、图片加载失败时显示，不会叠加在图片上（图上的文字请直接做进图片）',
      column: {},
    }),
    image: picture('图片', { help: '首页轮播建议 1200×400', shape: 'banner' }),
    link: field(linkRule, '链接', { input: 'link', half: true, help: '站内以 / 开头，站外以 http(s):// 开头', column: {} }),
    isActive: field(z.boolean().default(true), '启用', { input: 'switch', half: true, filter: 'api' }),
    sort,
    createdAt,
  },
})
