import { z } from 'zod'
import { isNotificationKind, SMS_ACCOUNT_PREFERENCE } from '../../../common/notifications'
import { pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'

export const notificationListSchema = z.object({
  ...pageFields(10),
  filter: z.enum(['all', 'unread'], { error: '筛选条件应为 all 或 unread' }).default('all'),
})
export type NotificationListInput = z.infer<typeof notificationListSchema>

/** Up to a page and a half of notices at once: the inbox acts on what it shows. */
export const MAX_NOTIFICATION_IDS = 100

export const notificationIdsSchema = z.object({
  ids: z
    .array(idField('消息ID'), { error: '请选择消息' })
    .min(1, { error: '请选择消息' })
    .max(MAX_NOTIFICATION_IDS, { error: `一次最多操作 ${MAX_NOTIFICATION_IDS} 条消息` }),
})
export type NotificationIdsInput = z.infer<typeof notificationIdsSchema>

const TEACHER_KEY = /^teacher:[1-9]\d{0,9}$/

/** A switch a member may set: a kind of notice, the SMS opt-in, or one followed teacher (`teacher:<id>`). */
export const isPreferenceKey = (key: string) => isNotificationKind(key) || key === SMS_ACCOUNT_PREFERENCE || TEACHER_KEY.test(key)

export const notificationPreferenceSaveSchema = z.object({
  items: z
    .array(
      z.object({
        key: z
          .string({ error: '未知的通知类型' })
          .refine((key) => isPreferenceKey(key), { error: (issue) => `未知的通知类型：${String(issue.input).slice(0, 40)}` }),
        enabled: z.boolean({ error: '开关应为 true 或 false' }),
      }),
      { error: '请提交要修改的通知设置' },
    )
    .min(1, { error: '请提交要修改的通知设置' })
    .max(200, { error: '一次最多修改 200 项通知设置' }),
})
export type NotificationPreferenceSaveInput = z.infer<typeof notificationPreferenceSaveSchema>
