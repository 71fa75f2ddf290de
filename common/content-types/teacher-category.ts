import { defineCategory } from './shared-fields'

export const teacherCategory = defineCategory('teacher-categories', 'teacherCategory', '名师分类')
