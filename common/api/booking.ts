// Replies of booking a teacher (server/features/booking): the form's answer, the requester's view of a
// request (我的预约 and the visitor's lookup by reference number and phone) and a member's list. The
// console's Admin/booking* replies are read by the console only and are declared with their services.
import { z } from '../validation/z'
import { BOOKING_STATUSES } from '../rules/booking'
import { isoDate, namedSchema } from './cards'
import { pageOf } from './page'

const status = z.enum(BOOKING_STATUSES)

export const bookingCreatedSchema = z.strictObject({ id: z.int(), referenceNo: z.string(), message: z.string() })
export type BookingCreated = z.infer<typeof bookingCreatedSchema>

/** One line of what the requester is shown happening: a state move, a staff reply or a reschedule. */
export const bookingEventSchema = z.strictObject({
  kind: z.enum(['status', 'reply', 'reschedule']),
  /** The reply's text, the move's reason ('' for none), or the reschedule's old and new days. */
  text: z.string(),
  status: status.nullable(),
  statusText: z.string(),
  createdAt: isoDate,
})
export type BookingEvent = z.infer<typeof bookingEventSchema>

/** A request as its requester sees it: no staff names, no internal notes, no quote amounts. */
export const bookingViewSchema = z.strictObject({
  id: z.int(),
  referenceNo: z.string(),
  status,
  statusText: z.string(),
  statusHint: z.string(),
  closeReason: z.string(),
  typeName: z.string(),
  teacher: namedSchema.nullable(),
  course: z.strictObject({ id: z.int(), title: z.string() }).nullable(),
  days: z.array(z.string()),
  month: z.string(),
  /** Days staff confirmed ([] until 已确认). */
  confirmedDays: z.array(z.string()),
  isOnline: z.boolean(),
  /** 浙江省 杭州市 西湖区, or 线上授课. */
  placeText: z.string(),
  audienceText: z.string(),
  durationText: z.string(),
  requirements: z.string(),
  budgetText: z.string(),
  organization: z.string(),
  contactName: z.string(),
  /** Masked: 138****8000. */
  phone: z.string(),
  createdAt: isoDate,
  events: z.array(bookingEventSchema),
  canCancel: z.boolean(),
})
export type BookingView = z.infer<typeof bookingViewSchema>

export const bookingSummarySchema = z.strictObject({
  id: z.int(),
  referenceNo: z.string(),
  status,
  statusText: z.string(),
  typeName: z.string(),
  teacherName: z.string(),
  courseTitle: z.string(),
  /** 2026-12-10 等 2 天, or 2026 年 12 月. */
  whenText: z.string(),
  placeText: z.string(),
  createdAt: isoDate,
})
export type BookingSummary = z.infer<typeof bookingSummarySchema>

/** What a signed-in member's form starts with: their last request's organisation, else their profile. */
export const bookingPrefillSchema = z.strictObject({ organization: z.string(), contactName: z.string(), phone: z.string() })
export type BookingPrefill = z.infer<typeof bookingPrefillSchema>

export const bookingReplies = {
  'Course/addBooking': bookingCreatedSchema,
  'Course/bookingLookup': bookingViewSchema,
  'Member/bookingList': pageOf(bookingSummarySchema),
  'Member/bookingDetail': bookingViewSchema,
  'Member/bookingCancel': bookingViewSchema,
  'Member/bookingPrefill': bookingPrefillSchema,
}
