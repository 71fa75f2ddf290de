// Cooperation inquiries from the public cooperation pages: an organisation asks to be contacted
// about one of the cooperation types. Guarded by the image captcha and a per-address limit stored in
// the database; screened for sensitive words. Staff work them in the console (Admin/inquiry*).
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { limitKey } from '../../lib/client-address'
import { clock } from '../../lib/clock'
import { RateLimit } from '../../data/rate-limit'
import { screenText } from '../review/sensitive-screen.service'
import { verifyCaptcha } from '../member/captcha.service'
import type { AddInquiryInput } from './inquiry.schemas'

/** Mutable so tests can tighten it. */
export const inquiryLimits = { perAddressPerHour: 5 }
export const inquiriesByAddress = new RateLimit('inquiry-ip', () => 60 * 60_000)

export async function addInquiry(input: AddInquiryInput, ip: string) {
  const type = await prisma.cooperationType.findUnique({ where: { id: input.typeId }, select: { id: true } })
  if (!type) throw new ApiError(Code.BAD_PARAMS, '请选择合作类型')
  const address = limitKey(ip)
  // Counted before the captcha is checked, so parallel sends cannot all pass under the cap.
  const sent = await inquiriesByAddress.add(address)
  if (sent.points > inquiryLimits.perAddressPerHour) {
    throw new ApiError(Code.RATE_LIMITED, `提交过于频繁，请 ${Math.max(1, Math.ceil(sent.msLeft / 60_000))} 分钟后再试`)
  }
  try {
    await verifyCaptcha(input.captchaId, input.captchaCode)
  } catch (error) {
    // A mistyped captcha is not a sent inquiry; each image allows one guess anyway.
    await inquiriesByAddress.subtract(address)
    throw error
  }
  const text = await screenText(
    { organization: { text: input.organization }, contactName: { text: input.contactName }, message: { text: input.message } },
    { source: 'inquiry', memberId: null, subject: '内容' },
  )
  const inquiry = await prisma.inquiry.create({
    data: { ...text, phone: input.phone, typeId: type.id, ip, createdAt: new Date(clock.now()) },
    select: { id: true },
  })
  return { id: inquiry.id, message: '提交成功，我们会尽快与您联系' }
}
