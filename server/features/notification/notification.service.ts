// A member's inbox (消息): notices of their own items and account, and follower updates written by
// the fan-out job (fanout.service.ts). Plain data in and out; the actions, the jobs and other
// features' services call it. The unread count rides on Member/getUserInfo, whose kept answer is
// tagged with the member (own notices) and with NOTICES_TAG (a fan-out batch), so it stays one
// indexed count per change instead of one per request.
import {
  NOTIFICATION_KINDS,
  SMS_ACCOUNT_PREFERENCE,
  teacherPreferenceKey,
  type NotificationItem,
  type NotificationKind,
} from '../../../common/notifications'
import { BOOKING_STATUS_HINT, BOOKING_STATUS_TEXT, type BookingStatus } from '../../../common/rules/booking'
import crypto from 'node:crypto'
import { memberTag, tagsChanged } from '../../data/cache'
import { RateLimit } from '../../data/rate-limit'
import { chinaMinute } from '../../lib/china-day'
import { limitKey } from '../../lib/client-address'
import { clock } from '../../lib/clock'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { logger } from '../../lib/logger'
import { SMS_EVENT_MAX, smsNoticesAvailable } from '../../lib/sms/sms-provider'
import { skipTake, toPage } from '../../lib/pagination'
import { sendNoticeSms } from '../member/auth-code.service'
import type { NotificationIdsInput, NotificationListInput, NotificationPreferenceSaveInput } from './notification.schemas'

type Db = Pick<typeof prisma, 'notification' | 'notificationPreference'>

/** Every member's unread count may have moved (a fan-out batch): their kept getUserInfo is rebuilt. */
export const NOTICES_TAG = 'notices'

type NoticeText = { title: string; body?: string; link?: string }
/**
 * A notice. An account notice may go by SMS, so it also names its event: a short phrase (at most
 * SMS_EVENT_MAX characters) that reads after "您的账号", the one variable of the cloud providers'
 * notice templates (docs/OPERATIONS.md, SMS).
 */
export type Notice = ({ kind: Exclude<NotificationKind, 'account'> } & NoticeText) | ({ kind: 'account'; smsEvent: string } & NoticeText)

/** Whether the member takes this kind of notice: on unless they switched it off. */
export async function takesNotice(memberId: number, kind: NotificationKind, db: Db = prisma): Promise<boolean> {
  const choice = await db.notificationPreference.findUnique({ where: { memberId_key: { memberId, key: kind } }, select: { enabled: true } })
  return choice?.enabled ?? true
}

/**
 * Puts a notice in the member's inbox, unless they switched its kind off; answers its id or null.
 * With a transaction as `db` the caller's commit makes it visible: call `noticesChanged` after it.
 * An account notice also goes by SMS to a member who opted into it (sendAccountSms).
 */
export async function notifyMember(memberId: number, notice: Notice, db: Db = prisma): Promise<number | null> {
  if (!(await takesNotice(memberId, notice.kind, db))) return null
  const created = await db.notification.create({
    data: { memberId, kind: notice.kind, title: notice.title, body: notice.body ?? '', link: notice.link ?? '' },
    select: { id: true },
  })
  if (db === prisma) {
    noticesChanged([memberId])
    if (notice.kind === 'account') await sendAccountSms(memberId, notice)
  }
  return created.id
}

/**
 * notifyMember for a write that has committed already (a review decision, a finished transcode): a
 * failure is logged, never thrown, so the staff's or the job's own outcome stands.
 */
export async function tellMember(memberId: number | null | undefined, notice: Notice): Promise<void> {
  if (!memberId) return
  try {
    await notifyMember(memberId, notice)
  } catch (error) {
    logger.error({ err: error, memberId, kind: notice.kind }, 'notice not written')
  }
}

/** These members' unread counts changed: their kept answers are rebuilt, in every process. */
export function noticesChanged(memberIds: readonly number[]) {
  tagsChanged(memberIds.map(memberTag))
}

const SMS_TEXT_MAX = 60

/**
 * An account notice by SMS, if the member opted in and has a phone; within the SMS daily caps. The
 * full text goes to free-text providers, the event to the cloud providers' notice template.
 */
async function sendAccountSms(memberId: number, notice: Extract<Notice, { kind: 'account' }>) {
  if (!smsNoticesAvailable()) return
  const [choice, member] = await Promise.all([
    prisma.notificationPreference.findUnique({
      where: { memberId_key: { memberId, key: SMS_ACCOUNT_PREFERENCE } },
      select: { enabled: true },
    }),
    prisma.member.findUnique({ where: { id: memberId }, select: { phone: true, deletedAt: true } }),
  ])
  if (!choice?.enabled || !member?.phone || member.deletedAt) return
  const text = `【名师网】${notice.title}${notice.body ? `：${notice.body}` : ''}`.slice(0, SMS_TEXT_MAX)
  await sendNoticeSms(member.phone, { text, event: notice.smsEvent.slice(0, SMS_EVENT_MAX) })
}

/** The member's unread notices: one count on the (memberId, readAt) index. */
export const countUnread = (memberId: number) => prisma.notification.count({ where: { memberId, readAt: null } })

const itemSelect = { id: true, kind: true, title: true, body: true, link: true, readAt: true, createdAt: true } as const

function toItem(row: { id: number; kind: string; title: string; body: string; link: string; readAt: Date | null; createdAt: Date }) {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  } satisfies NotificationItem
}

/** One page of the member's notices, newest first; `unread` is the member's whole unread count. */
export async function listNotifications(memberId: number, { filter, ...page }: NotificationListInput) {
  const where = { memberId, ...(filter === 'unread' ? { readAt: null } : {}) }
  const [total, rows, unread] = await Promise.all([
    prisma.notification.count({ where }),
    prisma.notification.findMany({ where, select: itemSelect, orderBy: { id: 'desc' }, ...skipTake(page) }),
    filter === 'unread' ? null : countUnread(memberId),
  ])
  return { ...toPage(rows.map(toItem), total, page), unread: unread ?? total }
}

const NOT_YOURS = '消息不存在或已删除'

/** Refuses, with nothing changed, unless every id is one of the member's notices. */
async function ownIds(memberId: number, ids: number[]) {
  const wanted = [...new Set(ids)]
  const owned = await prisma.notification.count({ where: { memberId, id: { in: wanted } } })
  if (owned !== wanted.length) throw new ApiError(Code.NOT_FOUND, NOT_YOURS)
  return wanted
}

export async function readNotifications(memberId: number, { ids }: NotificationIdsInput) {
  const wanted = await ownIds(memberId, ids)
  const { count } = await prisma.notification.updateMany({
    where: { memberId, id: { in: wanted }, readAt: null },
    data: { readAt: new Date() },
  })
  return { updated: count, unread: await countUnread(memberId) }
}

export async function readAllNotifications(memberId: number) {
  const { count } = await prisma.notification.updateMany({ where: { memberId, readAt: null }, data: { readAt: new Date() } })
  return { updated: count, unread: 0 }
}

export async function deleteNotifications(memberId: number, { ids }: NotificationIdsInput) {
  const wanted = await ownIds(memberId, ids)
  const { count } = await prisma.notification.deleteMany({ where: { memberId, id: { in: wanted } } })
  return { deleted: count, unread: await countUnread(memberId) }
}

/** The member's switches: each kind, each followed teacher, and the SMS opt-in for account notices. */
export async function getNotificationPreferences(memberId: number) {
  const [choices, follows] = await Promise.all([
    prisma.notificationPreference.findMany({ where: { memberId }, select: { key: true, enabled: true } }),
    prisma.teacherFollow.findMany({
      where: { memberId, teacher: { isPublished: true } },
      select: { teacher: { select: { id: true, name: true, photo: true } } },
      orderBy: { id: 'desc' },
    }),
  ])
  const chosen = new Map(choices.map((row) => [row.key, row.enabled]))
  return {
    kinds: (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      hint: NOTIFICATION_KINDS[kind].hint,
      enabled: chosen.get(kind) ?? true,
    })),
    teachers: follows.map(({ teacher }) => ({
      teacherId: teacher.id,
      name: teacher.name,
      photo: teacher.photo,
      enabled: chosen.get(teacherPreferenceKey(teacher.id)) ?? true,
    })),
    smsAccount: chosen.get(SMS_ACCOUNT_PREFERENCE) ?? false,
    // Off when the site cannot send account notices by SMS (SMS off, or a cloud provider without its
    // notice template): the switch is shown disabled.
    smsAvailable: smsNoticesAvailable(),
  }
}

/**
 * Saves switches, all or none: a teacher's switch only for a teacher the member follows (a switch
 * for someone else's would be noise), the SMS opt-in only where the site sends SMS.
 */
export async function saveNotificationPreferences(memberId: number, { items }: NotificationPreferenceSaveInput) {
  const teacherIds = [...new Set(items.flatMap(({ key }) => (key.startsWith('teacher:') ? [Number(key.slice('teacher:'.length))] : [])))]
  if (teacherIds.length) {
    const followed = await prisma.teacherFollow.count({ where: { memberId, teacherId: { in: teacherIds } } })
    if (followed !== teacherIds.length) throw new ApiError(Code.BAD_PARAMS, '只能设置已关注名师的动态提醒')
  }
  if (items.some(({ key, enabled }) => key === SMS_ACCOUNT_PREFERENCE && enabled) && !smsNoticesAvailable()) {
    throw new ApiError(Code.BAD_PARAMS, '站点未开通短信通知，无法开启短信提醒')
  }
  // The last word on a key wins when a key comes twice.
  const byKey = new Map(items.map(({ key, enabled }) => [key, enabled]))
  await prisma.$transaction(
    [...byKey].map(([key, enabled]) =>
      prisma.notificationPreference.upsert({
        where: { memberId_key: { memberId, key } },
        create: { memberId, key, enabled },
        update: { enabled },
      }),
    ),
  )
  return getNotificationPreferences(memberId)
}

/**
 * What a requester hears of their booking: a move to another state, a staff reply, or new days for a
 * confirmed one (the days as people say them, 11月10日、11月11日, and staff's reason, '' for none).
 */
export type BookingNews = { status: BookingStatus } | { reply: string } | { rescheduledTo: string; reason: string }

/** Where a member reads their bookings: 我的预约, user-centre tab 14. */
export const MY_BOOKINGS_LINK = '/user?tab=14'

/**
 * Staff moved a booking, replied to it or rescheduled it: the member who sent it (signed in at the
 * time) hears of it in their inbox, under 预约进展 (kind 'inquiry', the key bookings inherited from
 * inquiries), so members who switched those off stay switched off. A visitor's request names no member
 * and tells no one; they look it up by reference number and phone. Staff notes, calls and quotes are
 * internal and are never passed on.
 */
export async function tellRequester(booking: { memberId: number | null; referenceNo: string }, news: BookingNews): Promise<void> {
  const notice =
    'status' in news
      ? {
          title: `您的预约 ${booking.referenceNo} ${BOOKING_STATUS_TEXT[news.status]}`,
          body: BOOKING_STATUS_HINT[news.status],
        }
      : 'reply' in news
        ? { title: `工作人员回复了您的预约 ${booking.referenceNo}`, body: news.reply }
        : {
            title: `您的预约 ${booking.referenceNo} 已改期至 ${news.rescheduledTo}`,
            body: news.reason ? `改期原因：${news.reason}` : '请按新的授课日期做好准备',
          }
  await tellMember(booking.memberId, { kind: 'inquiry', ...notice, link: MY_BOOKINGS_LINK })
}

/** How long a device is remembered after its last sign-in: past it, signing in from it is "new" again. */
export const DEVICE_MEMORY_MS = 90 * 24 * 60 * 60_000
const knownDevices = new RateLimit('device', () => DEVICE_MEMORY_MS, { slide: true })

/**
 * A device, roughly: the browser (User-Agent) and the network (an IPv4 /16, an IPv6 /64), hashed. A
 * phone moving between cells keeps its /16 mostly; a new browser or a new city reads as new.
 */
function deviceOf(ip: string, userAgent: string) {
  const key = limitKey(ip)
  const network = /^\d+\.\d+\./.exec(key)?.[0] ?? key
  return crypto.createHash('sha256').update(`${userAgent}|${network}`).digest('hex').slice(0, 16)
}

/**
 * Remembers the device of a sign-in (one row in the RateLimit table, sliding 90 days), and tells the
 * member when it is new to an account that has signed in before from elsewhere. `isFirst`: the
 * account was just made (registration), whose device is simply remembered.
 */
export async function noteSignIn(memberId: number, ip: string, userAgent = '', { isFirst = false } = {}): Promise<void> {
  try {
    const now = clock.now()
    // Read before this sign-in counts: the first sign-in since devices are remembered teaches the first device quietly.
    const known = isFirst
      ? null
      : await prisma.rateLimit.findFirst({
          where: { key: { startsWith: `device:${memberId}:` }, expiresAt: { gt: new Date(now) } },
          select: { key: true },
        })
    const tally = await knownDevices.add(`${memberId}:${deviceOf(ip, userAgent)}`)
    if (tally.points !== 1 || !known) return
    await tellMember(memberId, {
      kind: 'account',
      title: '您的账号在新设备上登录',
      smsEvent: '在新设备上登录',
      body: `${chinaMinute(now)}（北京时间）有新设备登录了您的账号，如非本人操作，请立即修改密码`,
      link: '/user?tab=2',
    })
  } catch (error) {
    logger.error({ err: error, memberId }, 'sign-in device not noted')
  }
}
