import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'

export const teacherListSchema = z.object({ ...pageFields(12), cid: idField('分类ID').optional() })
export type TeacherListInput = z.infer<typeof teacherListSchema>

export const teacherAllSchema = z.object({ perCategory: limitOf(19).default(19) })
export type TeacherAllInput = z.infer<typeof teacherAllSchema>

/** Lists that belong to one teacher: courses, videos. */
export const teacherItemsSchema = z.object({ ...pageFields(12), teacherId: idField('名师ID') })
export type TeacherItemsInput = z.infer<typeof teacherItemsSchema>

/** Activities and viewpoints: every teacher's, or one teacher's when teacherId is given. */
export const articleListSchema = z.object({ ...pageFields(14), teacherId: idField('名师ID').optional() })
export type ArticleListInput = z.infer<typeof articleListSchema>

export const recommendTeacherSchema = z.object({ limit: limitOf(15).default(15) })
export type RecommendTeacherInput = z.infer<typeof recommendTeacherSchema>
