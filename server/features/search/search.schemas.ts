import { z } from 'zod'
import { pageFields } from '../../lib/pagination'

export const SEARCH_TYPES = ['all', 'teacher', 'course', 'special'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: '搜索内容格式不正确' })
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => (value ? value : undefined))

export const searchSchema = z
  .object({
    ...pageFields(10),
    type: z.enum(SEARCH_TYPES, { error: '搜索类型应为 all、teacher、course 或 special' }).default('all'),
    keyWord: optionalText(50, '搜索关键词不能超过 50 个字符'),
    label: optionalText(20, '标签不能超过 20 个字符'),
  })
  .refine((input) => input.keyWord !== undefined || input.label !== undefined, { error: '请输入搜索关键词' })
  .refine((input) => input.keyWord === undefined || input.label === undefined, { error: '关键词和标签只能选择一个' })
export type SearchInput = z.infer<typeof searchSchema>
