import { z } from 'zod'
import { idField } from '../../lib/schemas'
import { pageFields } from '../../lib/pagination'

export const VIDEO_KINDS = ['teacherVideo', 'course'] as const
export type VideoKind = (typeof VIDEO_KINDS)[number]

// A day is longer than any video the transcoder takes (4 hours at most).
const seconds = (label: string) =>
  z
    .number({ error: `${label}应为秒数` })
    .min(0, { error: `${label}不能为负数` })
    .max(86_400, { error: `${label}不能超过一天` })

const videoOf = {
  kind: z.enum(VIDEO_KINDS, { error: '视频类型应为 teacherVideo 或 course' }),
  id: idField('视频 ID'),
}

export const videoRefSchema = z.object(videoOf)
export type VideoRefInput = z.infer<typeof videoRefSchema>

export const videoProgressSaveSchema = z
  .object({ ...videoOf, position: seconds('播放位置'), duration: seconds('视频时长') })
  .refine(({ position, duration }) => duration === 0 || position <= duration + 1, { error: '播放位置不能超过视频时长' })
export type VideoProgressSaveInput = z.infer<typeof videoProgressSaveSchema>

export const recentVideosSchema = z.object(pageFields(10))
export type RecentVideosInput = z.infer<typeof recentVideosSchema>
