// The member's inbox (消息, user-centre tab 12) and notice switches. The token names the member;
// every write refreshes that member's kept answers (getUserInfo's unread count among them).
import { defineAction } from '../../lib/action'
import { emptySchema } from '../../lib/schemas'
import { notificationIdsSchema, notificationListSchema, notificationPreferenceSaveSchema } from './notification.schemas'
import {
  deleteNotifications,
  getNotificationPreferences,
  listNotifications,
  NOTICES_TAG,
  readAllNotifications,
  readNotifications,
  saveNotificationPreferences,
} from './notification.service'

export const notificationActions = [
  defineAction({
    group: 'Member',
    name: 'notificationList',
    summary: '我的消息（分页，最新的在前；filter 为 unread 时只列未读）',
    input: notificationListSchema,
    access: 'member',
    cache: { scope: 'member', tags: () => [NOTICES_TAG] },
    handler: (input, { member }) => listNotifications(member.id, input),
    example: { page: 1, limit: 10, filter: 'all' },
  }),
  defineAction({
    group: 'Member',
    name: 'notificationRead',
    summary: '将消息标为已读（只能是自己的消息）',
    input: notificationIdsSchema,
    access: 'member',
    handler: (input, { member }) => readNotifications(member.id, input),
    example: { ids: [1] },
  }),
  defineAction({
    group: 'Member',
    name: 'notificationReadAll',
    summary: '全部标为已读',
    input: emptySchema,
    access: 'member',
    handler: (_input, { member }) => readAllNotifications(member.id),
    example: {},
  }),
  defineAction({
    group: 'Member',
    name: 'notificationDelete',
    summary: '删除消息（只能是自己的消息）',
    input: notificationIdsSchema,
    access: 'member',
    handler: (input, { member }) => deleteNotifications(member.id, input),
    example: { ids: [1] },
  }),
  defineAction({
    group: 'Member',
    name: 'notificationPreferences',
    summary: '通知设置：各类通知、每位关注名师的动态、账号安全短信提醒',
    input: emptySchema,
    access: 'member',
    handler: (_input, { member }) => getNotificationPreferences(member.id),
    example: {},
  }),
  defineAction({
    group: 'Member',
    name: 'notificationPreferenceSave',
    summary: '保存通知设置（一项或多项开关）',
    input: notificationPreferenceSaveSchema,
    access: 'member',
    handler: (input, { member }) => saveNotificationPreferences(member.id, input),
    example: { items: [{ key: 'follow', enabled: true }] },
  }),
]
