import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'

export const menuSeoSchema = z.object({
  menu: z.string({ error: '菜单标识格式不正确' }).trim().max(30, { error: '菜单标识格式不正确' }).optional(),
})
export type MenuSeoInput = z.infer<typeof menuSeoSchema>

export const tagListSchema = z.object({ ...pageFields(30) })
export type TagListInput = z.infer<typeof tagListSchema>

export const hotTagSchema = z.object({ limit: limitOf(6).default(6) })
export type HotTagInput = z.infer<typeof hotTagSchema>
