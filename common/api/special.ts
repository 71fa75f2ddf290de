// Replies of the Special group (server/features/special): specials, their tags and the banners.
import { z } from '../validation/z'
import { courseCardSchema, isoDate, namedSchema, seoSchema, specialCardSchema } from './cards'
import { pageOf } from './page'

export const specialDetailSchema = z.strictObject({
  // A detail page shows its count in the comment section (Course/commentList `count`).
  ...specialCardSchema.omit({ commentCount: true }).shape,
  content: z.string(),
  categoryId: z.int(),
  categoryName: z.string(),
  tags: z.array(namedSchema),
  /** The special's published courses, in the editors' order. */
  courses: z.array(courseCardSchema),
  createdAt: isoDate,
  isCollected: z.boolean(),
  ...seoSchema.shape,
})
export type SpecialDetail = z.infer<typeof specialDetailSchema>

/** A tag with its weight: the specials' hot tags and the home tag cloud. */
export const weightedTagSchema = z.strictObject({ ...namedSchema.shape, hotness: z.int() })
export type WeightedTag = z.infer<typeof weightedTagSchema>

/** The specification names the picture `litpic`. */
export const bannerSchema = z.strictObject({ id: z.int(), title: z.string(), link: z.string(), litpic: z.string() })
export type Banner = z.infer<typeof bannerSchema>

export const specialReplies = {
  'Special/specialList': pageOf(specialCardSchema),
  'Special/specialDetails': specialDetailSchema,
  'Special/hotSpecial': z.array(specialCardSchema),
  'Special/hotLabel': z.array(weightedTagSchema),
  'Special/hotLabel2': z.array(weightedTagSchema),
  'Special/getBanner': z.array(bannerSchema),
}
