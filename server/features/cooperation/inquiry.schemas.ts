import { z } from 'zod'
import { inquiryFields } from '../../../common/rules'

const captchaIdField = z
  .string({ error: '请先获取图形验证码' })
  .trim()
  .min(1, { error: '请先获取图形验证码' })
  .max(64, { error: '图形验证码已失效，请刷新' })
const captchaCodeField = z
  .string({ error: '请输入图形验证码' })
  .trim()
  .min(1, { error: '请输入图形验证码' })
  .max(10, { error: '图形验证码错误' })

/** The public form: the shared field rules (common/rules/inquiry.ts) plus the image captcha. */
export const addInquirySchema = z.object({ ...inquiryFields, captchaId: captchaIdField, captchaCode: captchaCodeField })
export type AddInquiryInput = z.infer<typeof addInquirySchema>
