// Cooperation inquiries from the public cooperation pages: an organisation asks to be contacted about
// one of the cooperation types. Superseded by the booking form (Course/addBooking), the old form keeps
// its input and reply but is filed as a booking (source 'inquiry'), through the same limit, captcha and
// sensitive-word screen; staff work it with the other bookings (Admin/booking*).
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { bookingLimits, requestsByAddress, submitBooking } from '../booking/booking.service'
import type { AddInquiryInput } from './inquiry.schemas'

/** The limit the inquiry form shares with the booking form (one object: tightening one tightens both). */
export const inquiryLimits = bookingLimits
export const inquiriesByAddress = requestsByAddress

export async function addInquiry(input: AddInquiryInput, ip: string) {
  const type = await prisma.cooperationType.findUnique({ where: { id: input.typeId }, select: { id: true, name: true } })
  if (!type) throw new ApiError(Code.BAD_PARAMS, '请选择合作类型')
  const booking = await submitBooking(
    {
      source: 'inquiry',
      typeId: type.id,
      teacherId: null,
      courseId: null,
      days: [],
      month: '',
      isOnline: false,
      regionCode: '',
      audienceKind: '',
      audienceSize: null,
      duration: '',
      requirements: input.message,
      budgetMin: null,
      budgetMax: null,
      organization: input.organization,
      contactName: input.contactName,
      phone: input.phone,
    },
    { memberId: null, ip, captcha: { captchaId: input.captchaId, captchaCode: input.captchaCode } },
    { typeName: type.name, teacherName: null },
  )
  return { id: booking.id, message: '提交成功，我们会尽快与您联系' }
}
