import type { SeedKind } from '../../../../common/content-schemas'
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
  teacherColumn,
  teacherField,
  viewsColumn,
} from './shared-specs'

/** Teaching activities (教学活动) and viewpoints (学术观点) share the article shape. */
const articleEntity = (word: string, title: string, kind: SeedKind, publicBase: string): EntityConfig => ({
  word,
  title,
  kind,
  labelField: 'title',
  searchHint: '标题或 slug',
  slugPrefix: word,
  isSortable: true,
  publishField: 'isPublished',
  publicPath: (row) => `/${publicBase}/detail/${String(row.id)}`,
  columns: [
    imageColumn('cover'),
    { field: 'title', title: '标题' },
    teacherColumn,
    { field: 'publishedAt', title: '发布时间', render: 'date', width: 150 },
    sortColumn,
    viewsColumn,
  ],
  filters: [{ name: 'teacher', label: '名师', kind: 'ref', entity: 'teacher', search: true }, publishedFilter],
  fields: [
    { name: 'title', label: '标题', kind: 'text' },
    slugField,
    teacherField(),
    { name: 'publishedAt', label: '发布时间', kind: 'date', half: true, help: '不填则为保存时间' },
    imageField('cover', '封面'),
    introField,
    contentField,
    publishedField,
    sortField,
  ],
})

export const activityEntity = articleEntity('activity', '教学活动', 'activities', 'schooling')
export const viewpointEntity = articleEntity('viewpoint', '学术观点', 'viewpoints', 'article')
