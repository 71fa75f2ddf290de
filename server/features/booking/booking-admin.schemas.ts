import { z } from 'zod'
import { BOOKING_LIMITS, MONTH_PATTERN, WRITABLE_FOLLOW_UP_KINDS, bookingStatusSchema, isCalendarDay } from '../../../common/rules/booking'
import { idField } from '../../lib/schemas'
import { adminPageFields } from '../admin/content.schemas'

const day = (label: string) =>
  z
    .string({ error: `${label}格式应为 YYYY-MM-DD` })
    .trim()
    .refine(isCalendarDay, { error: `${label}不存在` })

const month = (label: string) =>
  z
    .string({ error: `${label}格式应为 YYYY-MM` })
    .trim()
    .refine((value) => MONTH_PATTERN.test(value), { error: `${label}格式应为 YYYY-MM` })

/** The filters the table, the board and the export share. */
const filterFields = {
  keyword: adminPageFields.keyword,
  teacherId: idField('名师 ID').optional(),
  typeId: idField('合作类型').optional(),
  provinceCode: z
    .string({ error: '省份编码应为 6 位数字' })
    .trim()
    .regex(/^\d{6}$/, { error: '省份编码应为 6 位数字' })
    .optional(),
  /** On the first day asked for. */
  from: day('开始日期').optional(),
  to: day('结束日期').optional(),
  assigneeId: idField('负责人').optional(),
  /** New requests nobody answered within 24 hours. */
  overdue: z.boolean({ error: '超时筛选应为 true 或 false' }).optional(),
}
const status = { status: bookingStatusSchema.optional() }

const datesInOrder = <T extends { from?: string; to?: string }>(value: T) => !value.from || !value.to || value.from <= value.to
const DATES_IN_ORDER = { error: '开始日期不能晚于结束日期', path: ['from'] }

export const bookingFilterSchema = z.object({ ...filterFields, ...status }).refine(datesInOrder, DATES_IN_ORDER)
export type BookingFilterInput = z.infer<typeof bookingFilterSchema>

export const bookingListSchema = z.object({ ...adminPageFields, ...filterFields, ...status }).refine(datesInOrder, DATES_IN_ORDER)
export type BookingListInput = z.infer<typeof bookingListSchema>

/** The board has a column per state, so it takes no state. */
export const bookingBoardSchema = z.object(filterFields).refine(datesInOrder, DATES_IN_ORDER)
export type BookingBoardInput = z.infer<typeof bookingBoardSchema>

const bookingId = idField('预约 ID')

export const bookingGetSchema = z.object({ id: bookingId })

/** A short why, written into the log (the requester reads it there). */
const reasonField = z
  .string({ error: '原因应为文字' })
  .trim()
  .max(BOOKING_LIMITS.reason, { error: `原因最多 ${BOOKING_LIMITS.reason} 个字` })
  .default('')

/**
 * The days the teacher teaches, as confirming and rescheduling take them. That there is at least one,
 * and duplicates, are the service's (confirmedDaysOf): a move to another state ignores them.
 */
const confirmedDaysField = z
  .array(day('授课日期'), { error: '请选择确认的授课日期' })
  .max(BOOKING_LIMITS.confirmedDays, { error: `确认的授课日期最多 ${BOOKING_LIMITS.confirmedDays} 天` })

export const bookingMoveSchema = z.object({
  id: bookingId,
  status: bookingStatusSchema,
  reason: reasonField,
  /** Only for 已确认: the days the teacher teaches. */
  confirmedDays: confirmedDaysField.optional(),
})
export type BookingMoveInput = z.infer<typeof bookingMoveSchema>

/** 改期: a confirmed booking's days, changed in place. */
export const bookingRescheduleSchema = z.object({
  id: bookingId,
  confirmedDays: confirmedDaysField,
  reason: reasonField,
})
export type BookingRescheduleInput = z.infer<typeof bookingRescheduleSchema>

export const bookingAssignSchema = z.object({
  id: bookingId,
  // null: nobody handles it.
  assigneeId: idField('负责人').nullable(),
})
export type BookingAssignInput = z.infer<typeof bookingAssignSchema>

export const bookingFollowUpSchema = z
  .object({
    id: bookingId,
    kind: z.enum(WRITABLE_FOLLOW_UP_KINDS, { error: '跟进类型应为 call、quote、note 或 reply' }),
    text: z
      .string({ error: '请填写跟进内容' })
      .trim()
      .min(1, { error: '请填写跟进内容' })
      .max(BOOKING_LIMITS.followUp, { error: `跟进内容最多 ${BOOKING_LIMITS.followUp} 个字` }),
    /** A quote's amount in yuan: required for a quote, ignored otherwise. */
    amount: z
      .number({ error: '报价金额应为数字' })
      .int({ error: '报价金额应为整数（元）' })
      .min(0, { error: '报价金额不能为负数' })
      .max(BOOKING_LIMITS.budget, { error: '报价金额超出范围' })
      .nullable()
      .optional(),
  })
  .refine((value) => value.kind !== 'quote' || (value.amount !== undefined && value.amount !== null), {
    error: '请填写报价金额',
    path: ['amount'],
  })
export type BookingFollowUpInput = z.infer<typeof bookingFollowUpSchema>

export const bookingCalendarSchema = z.object({
  teacherId: idField('名师 ID'),
  month: month('月份'),
})
export type BookingCalendarInput = z.infer<typeof bookingCalendarSchema>

/** The most months the numbers span: ten years, so a typo cannot ask for thousands of rows of months. */
export const STATS_MAX_MONTHS = 120

export const bookingStatsSchema = z
  .object({ from: month('开始月份').optional(), to: month('结束月份').optional() })
  .refine(datesInOrder, { error: '开始月份不能晚于结束月份', path: ['from'] })
export type BookingStatsInput = z.infer<typeof bookingStatsSchema>
