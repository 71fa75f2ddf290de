// Replies of the two article lists, 教学活动 (activity) and 学术观点 (viewpoint): the Teacher group
// answers both with one shape (server/features/teacher/teacher.service.ts).
import { z } from '../validation/z'
import { isoDate, namedSchema, seoSchema, teacherCardSchema } from './cards'
import { pageOf } from './page'

export const articleSummarySchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  views: z.int(),
  publishedAt: isoDate,
  teacher: namedSchema.nullable(),
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
})
export type ArticleSummary = z.infer<typeof articleSummarySchema>

/** The neighbouring article in list order, or null at either end. */
const articleLinkSchema = z.strictObject({ id: z.int(), title: z.string() }).nullable()

export const articleDetailSchema = z.strictObject({
  // A detail page shows its count in the comment section (Course/commentList `count`).
  ...articleSummarySchema.omit({ commentCount: true }).shape,
  teacher: teacherCardSchema.nullable(),
  content: z.string(),
  prev: articleLinkSchema,
  next: articleLinkSchema,
  ...seoSchema.shape,
})
export type ArticleDetail = z.infer<typeof articleDetailSchema>

export const articleReplies = {
  'Teacher/teacherActivity': pageOf(articleSummarySchema),
  'Teacher/teacherActivityDetails': articleDetailSchema,
  'Teacher/teacherViewpoint': pageOf(articleSummarySchema),
  'Teacher/teacherViewpointDetails': articleDetailSchema,
}
