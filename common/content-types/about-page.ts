import { z } from '../validation/z'
import { defineContentType, field } from './define-content-type'
import { content, dateRule, requiredText } from './shared-fields'

export const aboutKeys = ['intro', 'terms', 'privacy', 'statement', 'contact', 'service'] as const
const PAGE_LABELS: Record<(typeof aboutKeys)[number], string> = {
  intro: '平台介绍',
  terms: '服务条款',
  privacy: '隐私政策',
  statement: '免责声明',
  contact: '联系我们',
  service: '服务说明',
}

// The six about pages (关于我们) are a fixed set keyed by `key`; staff edit them, never add or remove.
export const aboutPage = defineContentType({
  kind: 'about-pages',
  word: 'page',
  label: '关于我们页面',
  menuLabel: '关于我们',
  key: 'key',
  fixedKeys: aboutKeys,
  labelField: 'title',
  access: 'content',
  isSortable: false,
  search: ['title'],
  order: [{ key: 'asc' }],
  fields: {
    key: field(z.enum(aboutKeys, { error: `key 应为 ${aboutKeys.join('、')} 之一` }), '页面', {
      input: 'select',
      options: aboutKeys.map((value) => ({ value, label: PAGE_LABELS[value] })),
      half: true,
      column: { width: 120 },
    }),
    title: field(requiredText(50), '标题', { input: 'text', half: true, column: {} }),
    content,
    version: field(requiredText(20).default('1'), '版本', {
      input: 'text',
      half: true,
      help: '修改服务条款或隐私政策时提高版本号，会员会被要求重新同意',
      column: { width: 90 },
    }),
    updatedAt: field(dateRule.optional(), '更新时间', { store: { as: 'date' } }),
  },
})
