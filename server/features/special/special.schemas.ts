import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'

export const specialListSchema = z.object({ ...pageFields(12), cid: idField('分类ID').optional() })
export type SpecialListInput = z.infer<typeof specialListSchema>

export const hotSpecialSchema = z.object({ limit: limitOf(12).default(12) })
export type HotSpecialInput = z.infer<typeof hotSpecialSchema>

/** hotLabel: tags of published specials; hotLabel2: the home tag cloud. */
export const hotLabelSchema = z.object({ limit: limitOf(10).default(10) })
export const tagCloudSchema = z.object({ limit: limitOf(30).default(30) })
export type HotLabelInput = z.infer<typeof hotLabelSchema>

export const BANNER_POSITIONS = ['special', 'home', 'ad'] as const
export const bannerSchema = z.object({
  position: z.enum(BANNER_POSITIONS, { error: '轮播位置应为 special、home 或 ad' }).default('special'),
})
export type BannerInput = z.infer<typeof bannerSchema>
