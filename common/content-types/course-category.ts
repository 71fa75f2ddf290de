import { defineCategory } from './shared-fields'

export const courseCategory = defineCategory('course-categories', 'courseCategory', '课程分类')
