// Small shapes shared by lists, detail pages, the home aggregate and search, as server/lib/cards.ts
// builds them. The specification fixes some names (teacher img, cover_img, special_url).
import { z } from '../validation/z'

/** Dates travel as ISO 8601 strings (Date's JSON form). */
export const isoDate = z.iso.datetime()

/** `{id, name}`: a category, a tag on a detail page, a teacher named on a course or article. */
export const namedSchema = z.strictObject({ id: z.int(), name: z.string() })
export type Named = z.infer<typeof namedSchema>

/**
 * An item's own SEO fields (common/content-types/shared-fields.ts seoFields), '' when unset: detail
 * replies carry them for the page head.
 */
export const seoSchema = z.strictObject({ seoTitle: z.string(), seoDescription: z.string(), seoKeywords: z.string() })

export const teacherCardSchema = z.strictObject({ id: z.int(), name: z.string(), img: z.string(), title: z.string() })
export type TeacherCard = z.infer<typeof teacherCardSchema>

export const courseCardSchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  views: z.int(),
  teacher: namedSchema.nullable(),
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
})
export type CourseCard = z.infer<typeof courseCardSchema>

export const specialCardSchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  special_url: z.string(),
  intro: z.string(),
  views: z.int(),
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
})
export type SpecialCard = z.infer<typeof specialCardSchema>
