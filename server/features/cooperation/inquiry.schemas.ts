import { z } from 'zod'
import { inquiryFields } from '../../../common/rules'
import { captchaCodeField, captchaIdField } from '../member/member.schemas'

/** The public form: the shared field rules (common/rules/inquiry.ts) plus the image captcha. */
export const addInquirySchema = z.object({ ...inquiryFields, captchaId: captchaIdField, captchaCode: captchaCodeField })
export type AddInquiryInput = z.infer<typeof addInquirySchema>
