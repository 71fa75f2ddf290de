// Booking a teacher (预约名师 / 邀请授课, issue 26): the request form's fields, checked with the same words
// by the form (client/src/features/booking) and the API (Course/addBooking), the pipeline's states and
// the moves between them, and the reference number. Cooperation inquiries became bookings; the old
// form's fields (common/rules/inquiry.ts) are the organisation, contact and phone rules here too.
import { z } from '../validation/z'
import { firstProblem } from '../validation/first-problem'
import { inquiryFields } from './inquiry'

/** The pipeline: open states in order, then the three ends. */
export const BOOKING_STATUSES = ['new', 'contacted', 'quoted', 'confirmed', 'completed', 'cancelled', 'lost'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const BOOKING_STATUS_TEXT: Readonly<Record<BookingStatus, string>> = {
  new: '新提交',
  contacted: '已联系',
  quoted: '已报价',
  confirmed: '已确认',
  completed: '已完成',
  cancelled: '已取消',
  lost: '未成交',
}
/** What the requester reads beside the state (我的预约, the lookup, the inbox notice). */
export const BOOKING_STATUS_HINT: Readonly<Record<BookingStatus, string>> = {
  new: '我们已收到您的预约，工作人员将在 1 个工作日内与您联系',
  contacted: '工作人员已与您联系，正在沟通授课安排',
  quoted: '我们已向您发送报价，请留意工作人员的联系',
  confirmed: '授课安排已确认，请按约定时间做好准备',
  completed: '本次授课已完成，感谢您的信任',
  cancelled: '本次预约已取消',
  lost: '本次预约未能达成合作',
}
export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { error: '请选择正确的预约状态' })

/** Ends that need a reason. */
export const CLOSED_WITH_REASON: readonly BookingStatus[] = ['cancelled', 'lost']
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ['new', 'contacted', 'quoted', 'confirmed']

/**
 * Where each state may move. Nothing goes back to 新提交; 已完成 comes only after 已确认; a cancelled or
 * lost request may be taken up again (已联系); a completed one is final.
 */
export const BOOKING_MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  new: ['contacted', 'quoted', 'confirmed', 'cancelled', 'lost'],
  contacted: ['quoted', 'confirmed', 'cancelled', 'lost'],
  quoted: ['contacted', 'confirmed', 'cancelled', 'lost'],
  confirmed: ['contacted', 'quoted', 'completed', 'cancelled', 'lost'],
  completed: [],
  cancelled: ['contacted'],
  lost: ['contacted'],
}
export const canMoveBooking = (from: BookingStatus, to: BookingStatus) => BOOKING_MOVES[from].includes(to)
/** A requester may withdraw a request staff have not confirmed yet. */
export const REQUESTER_CANCELLABLE: readonly BookingStatus[] = ['new', 'contacted', 'quoted']

export const AUDIENCE_KINDS = {
  cadre: '党政干部',
  executive: '企业高管',
  staff: '企业员工',
  university: '高校师生',
  teacher: '中小学教师',
  public: '社会公众',
  other: '其他',
} as const
export type AudienceKind = keyof typeof AUDIENCE_KINDS

export const DURATIONS = {
  '2h': '2 小时',
  'half-day': '半天',
  '1d': '1 天',
  '2d': '2 天',
  multi: '3 天及以上',
} as const
export type Duration = keyof typeof DURATIONS

/** The follow-up log: what staff record, and the state moves and reschedules written beside them. */
export const FOLLOW_UP_KINDS = {
  call: '电话沟通',
  quote: '报价',
  note: '备注',
  reply: '回复预约人',
  status: '状态变更',
  // Its own kind, not a status entry: the state stays 已确认, and the log must not read as confirmed twice.
  reschedule: '改期',
} as const
export type FollowUpKind = keyof typeof FOLLOW_UP_KINDS
/** What staff may add by hand (status entries come with a move, reschedule entries with 改期). */
export const WRITABLE_FOLLOW_UP_KINDS = ['call', 'quote', 'note', 'reply'] as const

export const BOOKING_SOURCES = { teacher: '名师页', course: '课程页', cooperation: '商务合作页', inquiry: '合作咨询' } as const
export type BookingSource = keyof typeof BOOKING_SOURCES

export const BOOKING_LIMITS = {
  requirements: 2000,
  days: 5,
  audienceSize: 100_000,
  budget: 100_000_000,
  followUp: 1000,
  reason: 200,
  confirmedDays: 10,
} as const

/** YY-20261127-0042: 预约, the China date it arrived, and its number that day. */
export const BOOKING_REFERENCE_PATTERN = /^YY-\d{8}-\d{4}$/
export const bookingReference = (day: string, sequence: number) => `YY-${day.replaceAll('-', '')}-${String(sequence).padStart(4, '0')}`

/** A calendar day, YYYY-MM-DD, that exists. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
export const isCalendarDay = (value: string) => {
  if (!DAY_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return date.toISOString().slice(0, 10) === value
}
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** Today in China (UTC+8, no daylight saving), as YYYY-MM-DD: what "a date in the past" is measured against. */
export const chinaDay = (now: number) => new Date(now + 8 * 60 * 60_000).toISOString().slice(0, 10)

const day = z.string({ error: '日期格式应为 YYYY-MM-DD' }).refine(isCalendarDay, { error: '请选择正确的日期' })

const optionalBudget = z
  .union([z.number({ error: '预算应为数字' }), z.null()])
  .optional()
  .transform((value) => value ?? null)
  .pipe(
    z
      .number()
      .int({ error: '预算应为整数（元）' })
      .min(0, { error: '预算不能为负数' })
      .max(BOOKING_LIMITS.budget, { error: '预算超出范围' })
      .nullable(),
  )

const requiredText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label}最多 ${max} 个字` })

/**
 * The request's fields, each checked alone (the form shows one problem per field). `bookingRequestSchema`
 * adds the checks across fields; the server adds what needs the clock and the database (a past date,
 * a published teacher, a region the table has).
 */
export const bookingFields = {
  typeId: inquiryFields.typeId,
  teacherId: z.number({ error: '名师编号应为数字' }).int().positive({ error: '名师编号应为数字' }).nullable().default(null),
  courseId: z.number({ error: '课程编号应为数字' }).int().positive({ error: '课程编号应为数字' }).nullable().default(null),
  /** One or several days, or none with a month. */
  days: z
    .array(day, { error: '请选择期望日期' })
    .max(BOOKING_LIMITS.days, { error: `期望日期最多选 ${BOOKING_LIMITS.days} 天` })
    .default([]),
  month: z
    .string({ error: '月份格式应为 YYYY-MM' })
    .trim()
    .refine((value) => value === '' || MONTH_PATTERN.test(value), { error: '请选择正确的月份' })
    .default(''),
  isOnline: z.boolean({ error: '请选择授课方式' }).default(false),
  /** The deepest level chosen (a district, or a city without districts); '' when online. */
  regionCode: z
    .string({ error: '请选择授课地点' })
    .trim()
    .refine((value) => value === '' || /^\d{6}$/.test(value), { error: '请选择正确的省市区' })
    .default(''),
  audienceKind: z.enum(Object.keys(AUDIENCE_KINDS) as [AudienceKind, ...AudienceKind[]], { error: '请选择听众类型' }),
  audienceSize: z
    .number({ error: '请填写听众人数' })
    .int({ error: '听众人数应为整数' })
    .min(1, { error: '听众人数至少 1 人' })
    .max(BOOKING_LIMITS.audienceSize, { error: `听众人数最多 ${BOOKING_LIMITS.audienceSize} 人` }),
  duration: z.enum(Object.keys(DURATIONS) as [Duration, ...Duration[]], { error: '请选择授课时长' }),
  requirements: requiredText('请填写授课主题或需求', '授课主题或需求', BOOKING_LIMITS.requirements),
  budgetMin: optionalBudget,
  budgetMax: optionalBudget,
  organization: inquiryFields.organization,
  contactName: inquiryFields.contactName,
  phone: inquiryFields.phone,
  consent: z.literal(true, { error: '请勾选同意工作人员就本次预约与您联系' }),
}

export type BookingField = keyof typeof bookingFields

/** The whole request: the fields, then the checks across them, in the order the form shows them. */
export const bookingRequestSchema = z
  .object(bookingFields)
  .refine((value) => value.days.length > 0 || value.month !== '', { error: '请选择期望日期或月份', path: ['days'] })
  .refine((value) => !(value.days.length > 0 && value.month !== ''), { error: '期望日期与月份只能选一种', path: ['days'] })
  .refine((value) => new Set(value.days).size === value.days.length, { error: '期望日期有重复', path: ['days'] })
  .refine((value) => value.isOnline || value.regionCode !== '', { error: '请选择授课地点，或选择线上授课', path: ['regionCode'] })
  .refine((value) => value.budgetMin === null || value.budgetMax === null || value.budgetMin <= value.budgetMax, {
    error: '预算下限不能高于上限',
    path: ['budgetMax'],
  })
export type BookingRequest = z.infer<typeof bookingRequestSchema>

/** Form check of one field: the words the API answers with. */
export const bookingProblem = (field: BookingField, value: unknown) => firstProblem(bookingFields[field], value)

/** 1.2 万 / 8000 元: a budget as staff and requesters read it. */
export function budgetText(min: number | null, max: number | null): string {
  const yuan = (value: number) => (value >= 10_000 && value % 1000 === 0 ? `${value / 10_000} 万元` : `${value} 元`)
  if (min === null && max === null) return '未填写'
  if (min !== null && max !== null) return min === max ? yuan(min) : `${yuan(min)} - ${yuan(max)}`
  return min !== null ? `${yuan(min)}以上` : `${yuan(max!)}以内`
}
