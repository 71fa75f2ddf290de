import { defineCategory } from './shared-fields'

export const specialCategory = defineCategory('special-categories', 'specialCategory', '专题分类')
