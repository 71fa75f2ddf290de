// Replies of the member's own actions (server/features/member, docs/API.md "Member"): the session a
// sign-in hands out, the profile, the user centre's tabs and which sign-in ways the site offers.
import { z } from '../validation/z'
import { pageOf } from './page'

/** A sign-in: the token to send as `Authorization: Bearer …` and when it expires. */
export const sessionSchema = z.strictObject({
  token: z.string(),
  member_no: z.string(),
  nickname: z.string(),
  expiresAt: z.string(),
})
export type Session = z.infer<typeof sessionSchema>

/** The signed-in member's profile; the phone is masked (138****8000). */
export const profileSchema = z.strictObject({
  member_no: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.int(),
  organization: z.string(),
  position: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** member, editor, reviewer, publisher or admin: staff get the review tab and the console link. */
  role: z.string(),
  isAdmin: z.boolean(),
  /** A first password an admin chose for a staff account: the console asks for a new one before opening. */
  passwordChangeDue: z.boolean(),
})
export type Profile = z.infer<typeof profileSchema>

/** Member/getUserInfo: the profile and the unread notices of the inbox (the top bar's bell). */
export const userInfoSchema = profileSchema.extend({ unreadCount: z.int() })
export type UserInfo = z.infer<typeof userInfoSchema>

/** A user-centre tab; `count` where the tab lists things (null otherwise). */
export const navigationTabSchema = z.strictObject({ id: z.int(), key: z.string(), name: z.string(), count: z.int().nullable() })
export type NavigationTab = z.infer<typeof navigationTabSchema>

/** Where the member stopped in a video (Member/videoProgress), null when never played. */
export const videoProgressSchema = z.strictObject({ position: z.number(), duration: z.number(), updatedAt: z.string() }).nullable()
export type VideoProgress = z.infer<typeof videoProgressSchema>

/** One video of 最近观看 (Member/recentVideos). */
export const recentVideoSchema = z.strictObject({
  kind: z.enum(['teacherVideo', 'course']),
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  teacherName: z.string(),
  position: z.number(),
  duration: z.number(),
  watchedAt: z.string(),
})
export type RecentVideo = z.infer<typeof recentVideoSchema>

/** One item of 足迹 (Member/recentViewList): a teacher, course or topic the member opened. */
export const recentViewSchema = z.strictObject({
  entity: z.enum(['teacher', 'course', 'special']),
  entityText: z.string(),
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  /** A teacher's 头衔, a course's 主讲, '' for a topic. */
  subtitle: z.string(),
  /** The item's page on the site. */
  link: z.string(),
  viewedAt: z.string(),
})
export type RecentView = z.infer<typeof recentViewSchema>

export const memberReplies = {
  'Member/authOptions': z.strictObject({ sms: z.boolean() }),
  'Member/login': sessionSchema,
  'Member/getUserInfo': userInfoSchema,
  'Member/saveMember': profileSchema,
  'Member/getNavigation': z.array(navigationTabSchema),
  'Member/videoProgress': videoProgressSchema,
  'Member/recentVideos': pageOf(recentVideoSchema),
  'Member/recentViewList': pageOf(recentViewSchema),
}
