import { z } from '../validation/z'
import { course } from './course'
import { defineContentType, field } from './define-content-type'
import {
  bySort,
  categoryRef,
  content,
  createdAt,
  flag,
  intro,
  linkRule,
  picture,
  published,
  rowId,
  seoFields,
  slug,
  sort,
  tags,
  title,
  views,
} from './shared-fields'
import { specialCategory } from './special-category'

/** 专题: a topic page gathering courses. */
export const special = defineContentType({
  kind: 'specials',
  word: 'special',
  label: '专题',
  key: 'slug',
  labelField: 'title',
  access: 'content',
  publish: 'isPublished',
  isSortable: true,
  search: ['title', 'intro', 'slug'],
  order: bySort,
  publicPath: '/subject/detail',
  fields: {
    id: rowId,
    slug,
    title,
    category: categoryRef(specialCategory),
    specialUrl: field(linkRule, '外部链接', { input: 'link', half: true, help: '可不填；填写后专题卡片直接跳转到此地址' }),
    cover: picture(),
    intro,
    content,
    isHot: flag('热门专题', { filter: 'api', flag: { label: '热门', color: 'volcano' } }),
    isPublished: published,
    sort,
    views,
    tags,
    // Slugs of the topic's courses, in the order its page lists them.
    courses: field(
      z
        .array(z.string().trim().min(1, { error: '不能为空' }))
        .max(200, { error: '一个专题最多 200 门课程' })
        .default([]),
      '专题课程',
      {
        store: { as: 'list', relation: 'courses', item: 'course', position: 'position' },
        ref: course,
        input: 'refList',
        help: '在专题页按此顺序展示，可拖动调整',
      },
    ),
    createdAt,
    ...seoFields,
  },
})
