// Cooperation inquiries (合作咨询): the public form's fields, checked with the same words by the form
// (client/src/features/cooperation) and the API (Course/addInquiry), and the inbox's states.
import { z } from '../validation/z'
import { firstProblem } from '../validation/first-problem'

export const INQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number]
export const INQUIRY_STATUS_TEXT: Readonly<Record<InquiryStatus, string>> = { new: '新咨询', contacted: '已联系', closed: '已关闭' }
export const inquiryStatusSchema = z.enum(INQUIRY_STATUSES, { error: '状态应为 new、contacted 或 closed' })

export const INQUIRY_LIMITS = { organization: 100, contactName: 30, message: 1000 } as const

/** A mobile number, or a landline with its area code (organisations often give one): 010-12345678. */
export const INQUIRY_PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/

const text = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label}最多 ${max} 个字` })

export const inquiryFields = {
  typeId: z
    .union([z.number({ error: '请选择合作类型' }), z.string({ error: '请选择合作类型' }).regex(/^\d+$/, { error: '请选择合作类型' })], {
      error: '请选择合作类型',
    })
    .transform(Number)
    .pipe(z.number().int({ error: '请选择合作类型' }).min(1, { error: '请选择合作类型' }).max(1000, { error: '请选择合作类型' })),
  organization: text('请输入单位名称', '单位名称', INQUIRY_LIMITS.organization),
  contactName: text('请输入联系人', '联系人', INQUIRY_LIMITS.contactName),
  phone: z
    .string({ error: '请输入联系电话' })
    .trim()
    .min(1, { error: '请输入联系电话' })
    .regex(INQUIRY_PHONE_PATTERN, { error: '请输入正确的手机号或带区号的固定电话' }),
  message: text('请填写合作需求', '合作需求', INQUIRY_LIMITS.message),
}

export type InquiryField = keyof typeof inquiryFields

/** Form check of one field: the words the API answers with. */
export const inquiryProblem = (field: InquiryField, value: unknown) => firstProblem(inquiryFields[field], value)
