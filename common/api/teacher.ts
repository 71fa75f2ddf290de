// Replies of the teacher pages (server/features/teacher): teachers and their videos. Activities
// and viewpoints, also in the Teacher group, are in article.ts.
import { z } from '../validation/z'
import { courseCardSchema, isoDate, namedSchema, seoSchema, teacherCardSchema } from './cards'
import { pageOf } from './page'
import { videoStreamSchema } from './video'

/** A teacher in the list: the card plus a plain excerpt of the introduction. */
export const teacherSummarySchema = z.strictObject({ ...teacherCardSchema.shape, intro: z.string() })
export type TeacherSummary = z.infer<typeof teacherSummarySchema>

/** A category of the navigation menu with its first teachers and how many it has. */
export const teacherCategorySchema = z.strictObject({ ...namedSchema.shape, total: z.int(), teachers: z.array(teacherCardSchema) })
export type TeacherCategory = z.infer<typeof teacherCategorySchema>

export const teacherDetailSchema = z.strictObject({
  ...teacherCardSchema.shape,
  intro: z.string(),
  content: z.string(),
  views: z.int(),
  categoryId: z.int(),
  categoryName: z.string(),
  tags: z.array(namedSchema),
  followers: z.int(),
  courseCount: z.int(),
  isFollowed: z.boolean(),
  ...seoSchema.shape,
})
export type TeacherDetail = z.infer<typeof teacherDetailSchema>

export const teacherVideoSummarySchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  views: z.int(),
  createdAt: isoDate,
})
export type TeacherVideoSummary = z.infer<typeof teacherVideoSummarySchema>

export const teacherVideoDetailSchema = z.strictObject({
  ...teacherVideoSummarySchema.shape,
  videoUrl: z.string(),
  stream: videoStreamSchema,
  teacher: teacherCardSchema,
})
export type TeacherVideoDetail = z.infer<typeof teacherVideoDetailSchema>

export const teacherReplies = {
  'Teacher/teacherList': pageOf(teacherSummarySchema),
  'Teacher/teacherAll': z.array(teacherCategorySchema),
  'Teacher/teacherDetails': teacherDetailSchema,
  'Teacher/teacherCourse': pageOf(courseCardSchema),
  'Teacher/teacherVideo': pageOf(teacherVideoSummarySchema),
  'Teacher/teacherVideoDetails': teacherVideoDetailSchema,
  'Teacher/recommendTeacher': z.array(teacherCardSchema),
}
