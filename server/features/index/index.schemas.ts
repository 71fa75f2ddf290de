import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'

export const menuSeoSchema = z.object({
  menu: z.string({ error: '菜单标识格式不正确' }).trim().max(30, { error: '菜单标识格式不正确' }).optional(),
})
export type MenuSeoInput = z.infer<typeof menuSeoSchema>

export const tagListSchema = z.object({ ...pageFields(30) })
export type TagListInput = z.infer<typeof tagListSchema>

/** Up to 100 picture addresses of one page. */
export const mediaAltsSchema = z.object({
  paths: z
    .array(z.string({ error: '图片地址格式不正确' }).max(300, { error: '图片地址过长' }), { error: 'paths 应为图片地址的数组' })
    .max(100, { error: '一次最多查询 100 张图片' }),
})
export type MediaAltsInput = z.infer<typeof mediaAltsSchema>

export const hotTagSchema = z.object({ limit: limitOf(6).default(6) })
export type HotTagInput = z.infer<typeof hotTagSchema>
