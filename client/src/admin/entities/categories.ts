import type { SeedKind } from '../../../../common/content-schemas'
import type { EntityConfig } from '../crud/entity-config'
import { slugField, sortColumn, sortField } from './shared-specs'

/** Teacher, course and topic categories share one shape: slug, name, sort. */
const categoryEntity = (word: string, title: string, kind: SeedKind, slugPrefix: string): EntityConfig => ({
  word,
  title,
  kind,
  labelField: 'name',
  searchHint: '名称或 slug',
  slugPrefix,
  isSortable: true,
  columns: [{ field: 'name', title: '名称' }, { field: 'slug', title: 'slug' }, sortColumn],
  fields: [{ name: 'name', label: '名称', kind: 'text', half: true }, slugField, sortField],
})

export const teacherCategoryEntity = categoryEntity('teacherCategory', '名师分类', 'teacher-categories', 'tc')
export const courseCategoryEntity = categoryEntity('courseCategory', '课程分类', 'course-categories', 'cc')
export const specialCategoryEntity = categoryEntity('specialCategory', '专题分类', 'special-categories', 'sc')
