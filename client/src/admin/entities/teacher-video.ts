import type { EntityConfig } from '../crud/entity-config'
import { imageColumn, imageField, introField, slugField, sortColumn, sortField, teacherColumn, viewsColumn } from './shared-specs'

export const teacherVideoEntity: EntityConfig = {
  word: 'teacherVideo',
  title: '名师视频',
  kind: 'teacher-videos',
  labelField: 'title',
  searchHint: '标题或 slug',
  slugPrefix: 'video',
  isSortable: true,
  publicPath: (row) => `/teacher/video/${String(row.id)}`,
  columns: [imageColumn('cover'), { field: 'title', title: '标题' }, teacherColumn, sortColumn, viewsColumn],
  filters: [{ name: 'teacher', label: '名师', kind: 'ref', entity: 'teacher', search: true }],
  fields: [
    { name: 'title', label: '标题', kind: 'text' },
    slugField,
    { name: 'teacher', label: '名师', kind: 'ref', entity: 'teacher', search: true, half: true },
    { name: 'video', label: '视频', kind: 'video', half: true },
    imageField('cover', '封面'),
    introField,
    sortField,
  ],
}
