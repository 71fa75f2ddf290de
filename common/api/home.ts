// Replies of the Index group (server/features/index): the home aggregate and the site-wide reads
// (settings, menu SEO, categories, tags). Keys of the aggregate are the specification's.
import { z } from '../validation/z'
import { partnerSchema } from './about'
import { courseCardSchema, isoDate, namedSchema, specialCardSchema, teacherCardSchema } from './cards'
import { noticeSummarySchema } from './course'
import { pageOf } from './page'
import { bannerSchema } from './special'
import { videoStreamSchema } from './video'

/** A category with teacher names only, for the menus. */
export const categoryNamesSchema = z.strictObject({ ...namedSchema.shape, teachers: z.array(namedSchema) })
export type CategoryNames = z.infer<typeof categoryNamesSchema>

export const featuredVideoSchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  videoUrl: z.string(),
  stream: videoStreamSchema,
})
export type FeaturedVideo = z.infer<typeof featuredVideoSchema>

/** The notice list's entry without its views and teacher. */
export const homeNoticeSchema = noticeSummarySchema.omit({ views: true, teacher: true })
export type HomeNotice = z.infer<typeof homeNoticeSchema>

/** On the home page an article's `content` is a plain excerpt, never markup. */
export const homeArticleSchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  content: z.string(),
  publishedAt: isoDate,
  /** Shown comments and replies (held and hidden ones not counted). */
  commentCount: z.int(),
})
export type HomeArticle = z.infer<typeof homeArticleSchema>

export const questionLinkSchema = z.strictObject({ id: z.int(), title: z.string() })
export type QuestionLink = z.infer<typeof questionLinkSchema>

export const friendLinkSchema = z.strictObject({ id: z.int(), name: z.string(), links: z.string() })
export type FriendLink = z.infer<typeof friendLinkSchema>

export const homeDataSchema = z.strictObject({
  banner: z.array(bannerSchema),
  /** Categories with their teachers, in menu order. */
  mingshiku: z.array(z.strictObject({ ...namedSchema.shape, teachers: z.array(teacherCardSchema) })),
  /** Names beside each category (first 3). */
  mingshiku1: z.array(categoryNamesSchema),
  /** Hover panel names (3rd to 19th). */
  mingshiku2: z.array(categoryNamesSchema),
  /** Recommended-teacher block: up to 14 names per category. */
  mingshiku3: z.array(categoryNamesSchema),
  hot_special: z.array(specialCardSchema),
  hot_special1: z.array(specialCardSchema),
  hot_special2: z.array(specialCardSchema),
  recommend_teacher: z.strictObject({ teacher_img: z.array(teacherCardSchema) }),
  course: z.strictObject({
    host: z.array(courseCardSchema),
    boutique: z.array(courseCardSchema),
    video: z.array(featuredVideoSchema),
  }),
  course_notice: z.array(homeNoticeSchema),
  huodong_xueshu: z.strictObject({ activity: z.array(homeArticleSchema), viewpoin: z.array(homeArticleSchema) }),
  common_problem: z.array(questionLinkSchema),
  cooperative: z.array(partnerSchema),
  links: z.array(friendLinkSchema),
})
export type HomeData = z.infer<typeof homeDataSchema>

/** Settings always carry every key ('' when not configured). */
export const siteConfigSchema = z.strictObject({
  btlogo: z.string(),
  wx: z.string(),
  fax: z.string(),
  phone: z.string(),
  mailbox: z.string(),
  address: z.string(),
  icp: z.string(),
})
export type SiteConfig = z.infer<typeof siteConfigSchema>

export const siteInfoSchema = z.strictObject({
  logo: z.string(),
  icon: z.string(),
  keywords: z.string(),
  description: z.string(),
  title: z.string(),
  phone: z.string(),
  wx: z.string(),
  company_name: z.string(),
})
export type SiteInfo = z.infer<typeof siteInfoSchema>

export const menuSeoSchema = z.strictObject({
  menu: z.string(),
  name: z.string(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
})
export type MenuSeo = z.infer<typeof menuSeoSchema>

export const tagSchema = z.strictObject({ ...namedSchema.shape, hotness: z.int(), isHot: z.boolean() })
export type Tag = z.infer<typeof tagSchema>

export const homeReplies = {
  'Index/indexList': homeDataSchema,
  'Index/getConfig': siteConfigSchema,
  'Index/getSiteInfo': siteInfoSchema,
  /** Every menu's row, or one row when the payload names a menu. */
  'Index/getMenuseo': z.union([z.array(menuSeoSchema), menuSeoSchema]),
  'Index/teacherClass': z.array(namedSchema),
  'Index/courseClass': z.array(namedSchema),
  'Index/specialClass': z.array(namedSchema),
  'Index/getTags': pageOf(tagSchema),
  'Index/getHotTags': z.array(tagSchema),
}
