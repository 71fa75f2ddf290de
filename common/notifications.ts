// Notices (issue 25): what reaches a member's inbox (消息), which kinds a member may switch off,
// and what staff alerts exist. The server (server/features/notification/, alert/) and the client's
// inbox and preferences read the same words from here.

/** Every kind of notice, with the words the inbox and the preferences show. */
export const NOTIFICATION_KINDS = {
  follow: { label: '关注动态', hint: '关注的名师发布新课程、视频、观点、活动或公告，收藏的专题新增课程' },
  review: { label: '投稿审核', hint: '投稿通过、未通过或被下架' },
  video: { label: '视频审核与转码', hint: '上传的视频转码完成或失败，审核通过或未通过' },
  // The key predates bookings (inquiries became bookings); kept so members' switches carry over.
  inquiry: { label: '预约进展', hint: '提交的名师预约或合作咨询状态有变化、工作人员有回复' },
  comment: { label: '评论回复', hint: '有人回复了你的评论' },
  account: { label: '账号安全', hint: '密码修改、在新设备登录' },
} as const

export type NotificationKind = keyof typeof NOTIFICATION_KINDS

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && Object.hasOwn(NOTIFICATION_KINDS, value)

/**
 * A member's switches. A kind is on unless switched off; `teacher:<id>` switches off one followed
 * teacher's updates; `sms-account` (off unless switched on) also sends account notices by SMS, the
 * only kind that may go by SMS, within the SMS daily caps.
 */
export const SMS_ACCOUNT_PREFERENCE = 'sms-account'
export const teacherPreferenceKey = (teacherId: number) => `teacher:${teacherId}`

/** A notice as the inbox lists it (Member/notificationList). */
export type NotificationItem = {
  id: number
  kind: NotificationKind
  title: string
  body: string
  /** The site path it opens; '' when it names nothing to open. */
  link: string
  isRead: boolean
  createdAt: string
}

/** What staff are alerted of, in the console's badges and in the team's group chat. */
export const ALERT_KINDS = {
  contribution: '新投稿待审核',
  video: '新视频待审核',
  inquiry: '新名师预约',
  'booking-overdue': '预约超过 24 小时未回复',
  comment: '新评论待审核',
  'comment-report': '评论被举报',
} as const

export type AlertKind = keyof typeof ALERT_KINDS

/** Group-chat robots an alert channel may post to. */
export const ALERT_PROVIDERS = {
  wecom: '企业微信群机器人',
  dingtalk: '钉钉自定义机器人（加签）',
  feishu: '飞书自定义机器人（签名校验）',
  json: '通用 JSON Webhook',
} as const

export type AlertProvider = keyof typeof ALERT_PROVIDERS

/** Where comments may be written, with the words the moderation queue shows. */
export const COMMENT_TARGETS = {
  course: '课程',
  special: '专题',
  viewpoint: '学术观点',
  activity: '教学活动',
} as const

export type CommentTarget = keyof typeof COMMENT_TARGETS

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 500
