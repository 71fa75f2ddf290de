import { z } from '../validation/z'
import { defineContentType, field } from './define-content-type'
import { requiredText, text } from './shared-fields'

export const menuKeys = [
  'home',
  'teacher',
  'course',
  'subject',
  'cooperation',
  'user',
  'about',
  'search',
  'notice',
  'schooling',
  'article',
  'question',
  'login',
  'register',
] as const

// The title, keywords and description of each menu's pages: a fixed set for admins, edited in
// place on its own console page (栏目 SEO).
export const menuSeo = defineContentType({
  kind: 'menu-seo',
  word: 'menuSeo',
  label: '栏目 SEO',
  key: 'menu',
  fixedKeys: menuKeys,
  labelField: 'name',
  access: 'admin',
  isSortable: false,
  search: ['name', 'title', 'keywords'],
  order: [{ menu: 'asc' }],
  fields: {
    menu: field(z.enum(menuKeys, { error: `menu 应为 ${menuKeys.join('、')} 之一` }), '栏目'),
    name: field(requiredText(20), '栏目名称', { input: 'text', column: { width: 110 } }),
    title: field(requiredText(100), 'SEO 标题', { input: 'text', column: { width: 220 } }),
    keywords: field(text(200).default(''), '关键词', { input: 'text', column: { width: 220 } }),
    description: field(text(500).default(''), '描述', { input: 'textarea', column: { width: 300 } }),
  },
})
