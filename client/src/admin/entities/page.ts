import { aboutKeys } from '../../../../common/content-schemas'
import type { EntityConfig } from '../crud/entity-config'

const PAGE_LABELS: Record<(typeof aboutKeys)[number], string> = {
  intro: '平台介绍',
  terms: '服务条款',
  privacy: '隐私政策',
  statement: '免责声明',
  contact: '联系我们',
  service: '服务说明',
}
const keyOptions = aboutKeys.map((value) => ({ value, label: PAGE_LABELS[value] }))

// The six about pages (关于我们) are a fixed set keyed by `key`; staff edit them, never add or remove.
export const pageEntity: EntityConfig = {
  word: 'page',
  title: '关于我们',
  kind: 'about-pages',
  labelField: 'title',
  searchHint: '标题',
  isFixedSet: true,
  keyField: 'key',
  columns: [
    { field: 'key', title: '页面', render: 'option', options: keyOptions, width: 120 },
    { field: 'title', title: '标题' },
    { field: 'version', title: '版本', width: 90 },
  ],
  fields: [
    { name: 'key', label: '页面', kind: 'select', options: keyOptions, half: true, isReadOnly: true },
    { name: 'title', label: '标题', kind: 'text', half: true },
    { name: 'version', label: '版本', kind: 'text', half: true, help: '修改服务条款或隐私政策时提高版本号，会员会被要求重新同意' },
    { name: 'content', label: '正文', kind: 'rich' },
  ],
}
