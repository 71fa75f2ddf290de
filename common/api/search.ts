// The reply of the site search (Index/search, server/features/search): one page of teachers,
// specials and courses, each hit naming its kind and the fields that matched.
import { z } from '../validation/z'
import { namedSchema } from './cards'
import { pageFields } from './page'

export const searchTypes = ['teacher', 'course', 'special', 'all'] as const
export type SearchType = (typeof searchTypes)[number]

/** Which fields contain a search term, for highlighting (['tags'] for a tag search). */
const matched = z.array(z.string())

export const teacherHitSchema = z.strictObject({
  type: z.literal('teacher'),
  id: z.int(),
  name: z.string(),
  img: z.string(),
  title: z.string(),
  intro: z.string(),
  matched,
})
export type TeacherHit = z.infer<typeof teacherHitSchema>

export const specialHitSchema = z.strictObject({
  type: z.literal('special'),
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  special_url: z.string(),
  intro: z.string(),
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
  matched,
})
export type SpecialHit = z.infer<typeof specialHitSchema>

export const courseHitSchema = z.strictObject({
  type: z.literal('course'),
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  teacher: namedSchema.nullable(),
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
  matched,
})
export type CourseHit = z.infer<typeof courseHitSchema>

export const searchHitSchema = z.discriminatedUnion('type', [teacherHitSchema, specialHitSchema, courseHitSchema])
export type SearchHit = z.infer<typeof searchHitSchema>

export const searchResultSchema = z.strictObject({
  ...pageFields(searchHitSchema),
  type: z.enum(searchTypes),
  keyWord: z.string().nullable(),
  label: z.string().nullable(),
  /** The server stops counting at 1000 matches. */
  isCapped: z.boolean(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchReplies = { 'Index/search': searchResultSchema }
