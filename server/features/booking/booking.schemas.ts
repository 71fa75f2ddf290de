import { z } from 'zod'
import { BOOKING_LIMITS, BOOKING_REFERENCE_PATTERN, bookingRequestSchema } from '../../../common/rules'
import { pageFields } from '../../lib/pagination'
import { idField } from '../../lib/schemas'
import { captchaCodeField, captchaIdField } from '../member/member.schemas'

/** A captcha field a signed-in member leaves out; an empty one counts as left out. */
const optionalCaptcha = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), field.optional())

/**
 * The request form (common/rules/booking.ts, the same words as the page) plus the image captcha,
 * which only a visitor must solve: whether one is needed depends on the token, so the service checks.
 */
export const addBookingSchema = bookingRequestSchema.safeExtend({
  captchaId: optionalCaptcha(captchaIdField),
  captchaCode: optionalCaptcha(captchaCodeField),
})
export type AddBookingInput = z.infer<typeof addBookingSchema>

/** A visitor's lookup: the number on the confirmation and the phone they gave. */
export const bookingLookupSchema = z.object({
  referenceNo: z
    .string({ error: '请输入预约编号' })
    .trim()
    .min(1, { error: '请输入预约编号' })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(BOOKING_REFERENCE_PATTERN, { error: '预约编号格式应为 YY-20261128-0001' })),
  phone: z.string({ error: '请输入联系电话' }).trim().min(1, { error: '请输入联系电话' }).max(30, { error: '请输入正确的联系电话' }),
})
export type BookingLookupInput = z.infer<typeof bookingLookupSchema>

export const bookingPageSchema = z.object(pageFields(10))
export type BookingPageInput = z.infer<typeof bookingPageSchema>

export const bookingIdSchema = z.object({ id: idField('预约 ID') })

export const bookingCancelSchema = z.object({
  id: idField('预约 ID'),
  reason: z
    .string({ error: '取消原因应为文字' })
    .trim()
    .max(BOOKING_LIMITS.reason, { error: `取消原因最多 ${BOOKING_LIMITS.reason} 个字` })
    .default(''),
})
export type BookingCancelInput = z.infer<typeof bookingCancelSchema>
