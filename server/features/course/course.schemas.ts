import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'

export const courseListSchema = z.object({
  ...pageFields(12),
  cid: idField('分类ID').optional(),
  teacherId: idField('名师ID').optional(),
})
export type CourseListInput = z.infer<typeof courseListSchema>

export const relevantCourseSchema = z.object({ id: idField('课程ID'), limit: limitOf(6).default(6) })
export type RelevantCourseInput = z.infer<typeof relevantCourseSchema>

export const hotCourseSchema = z.object({ limit: limitOf(11).default(11) })
export type HotCourseInput = z.infer<typeof hotCourseSchema>

export const noticeListSchema = z.object({ ...pageFields(10) })
export type NoticeListInput = z.infer<typeof noticeListSchema>

export const questionListSchema = z.object({ ...pageFields(14) })
export type QuestionListInput = z.infer<typeof questionListSchema>
