// Replies of the course pages (server/features/course): courses, course notices (课程预告) and
// common questions (常见问题), all in the Course group.
import { z } from '../validation/z'
import { courseCardSchema, isoDate, namedSchema, seoSchema, teacherCardSchema } from './cards'
import { pageOf } from './page'
import { videoStreamSchema } from './video'

export const courseDetailSchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  teacher: teacherCardSchema.nullable(),
  content: z.string(),
  videoUrl: z.string(),
  stream: videoStreamSchema,
  categoryId: z.int(),
  categoryName: z.string(),
  tags: z.array(namedSchema),
  createdAt: isoDate,
  views: z.int(),
  isCollected: z.boolean(),
  ...seoSchema.shape,
})
export type CourseDetail = z.infer<typeof courseDetailSchema>

/** A notice in the list: its introduction is a plain excerpt of 50 characters. */
export const noticeSummarySchema = z.strictObject({
  id: z.int(),
  name: z.string(),
  cover_img: z.string(),
  introduction: z.string(),
  startAt: isoDate.nullable(),
  location: z.string(),
  views: z.int(),
  teacher: namedSchema.nullable(),
})
export type NoticeSummary = z.infer<typeof noticeSummarySchema>

export const noticeDetailSchema = z.strictObject({
  ...noticeSummarySchema.shape,
  teacher: teacherCardSchema.nullable(),
  createdAt: isoDate,
  ...seoSchema.shape,
})
export type NoticeDetail = z.infer<typeof noticeDetailSchema>

export const questionSummarySchema = z.strictObject({ id: z.int(), title: z.string(), views: z.int(), createdAt: isoDate })
export type QuestionSummary = z.infer<typeof questionSummarySchema>

export const questionDetailSchema = z.strictObject({ ...questionSummarySchema.shape, content: z.string() })
export type QuestionDetail = z.infer<typeof questionDetailSchema>

export const courseReplies = {
  'Course/courseList': pageOf(courseCardSchema),
  'Course/courseDetails': courseDetailSchema,
  'Course/relevantCourse': z.array(courseCardSchema),
  'Course/hotCourse': z.array(courseCardSchema),
  'Course/courseNoticeList': pageOf(noticeSummarySchema),
  'Course/courseNoticeDetails': noticeDetailSchema,
  'Course/commonProblem': pageOf(questionSummarySchema),
  'Course/commonProblemDetails': questionDetailSchema,
}
