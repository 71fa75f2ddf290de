import { z } from 'zod'
import { limitOf, pageFields } from '../../lib/pagination'
import { idField, numeric } from '../../lib/schemas'

export const courseListSchema = z.object({
  ...pageFields(12),
  cid: idField('分类ID').optional(),
  teacherId: idField('名师ID').optional(),
})
export type CourseListInput = z.infer<typeof courseListSchema>

export const relevantCourseSchema = z.object({ id: idField('课程ID'), limit: limitOf(6).default(6) })
export type RelevantCourseInput = z.infer<typeof relevantCourseSchema>

export const hotCourseSchema = z.object({ limit: limitOf(11).default(11) })
export type HotCourseInput = z.infer<typeof hotCourseSchema>

// The five fixed cooperation types of the specification: 专题培训, 干部讲座, 政策解读, 战略咨询, 高端会议.
export const COOPERATION_TYPE_IDS = [1, 2, 3, 4, 5] as const
const cooperationTypeField = numeric('合作类型不存在').pipe(
  z
    .number()
    .int({ error: '合作类型不存在' })
    .min(1, { error: '合作类型不存在' })
    .max(COOPERATION_TYPE_IDS.length, { error: '合作类型不存在' }),
)

export const cooperationListSchema = z.object({ ...pageFields(10), type: cooperationTypeField })
export type CooperationListInput = z.infer<typeof cooperationListSchema>

export const cooperationTypeSchema = z.object({ id: cooperationTypeField })

export const noticeListSchema = z.object({ ...pageFields(10) })
export type NoticeListInput = z.infer<typeof noticeListSchema>

export const problemListSchema = z.object({ ...pageFields(14) })
export type ProblemListInput = z.infer<typeof problemListSchema>
