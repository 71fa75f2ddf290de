import { z } from 'zod'
import {
  contributionKindSchema,
  newPasswordSchema,
  nicknameSchema,
  PASSWORD_MISMATCH,
  phoneSchema,
  smsCodeSchema,
} from '../../../common/rules'
import { pageFields } from '../../lib/pagination'
import { idField, numeric } from '../../lib/schemas'

/** Old forms send "1"/"true"/1 for a ticked box. */
const truthy = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean())

export const purposeField = z.enum(['register', 'findPass'], { error: '验证码用途不正确' })

export const captchaIdField = z
  .string({ error: '请先获取图形验证码' })
  .trim()
  .min(1, { error: '请先获取图形验证码' })
  .max(64, { error: '图形验证码已失效，请刷新' })
export const captchaCodeField = z
  .string({ error: '请输入图形验证码' })
  .trim()
  .min(1, { error: '请输入图形验证码' })
  .max(10, { error: '图形验证码错误' })

/** A captcha field that may be left out; an empty one counts as left out. */
const optionalCaptchaField = (field: typeof captchaIdField) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), field.optional())

export const sendAuthCodeSchema = z.object({
  phone: phoneSchema,
  purpose: purposeField,
  captchaId: captchaIdField,
  captchaCode: captchaCodeField,
})
export type SendAuthCodeInput = z.infer<typeof sendAuthCodeSchema>

const confirmMatches = (input: { password: string; confirmPassword?: string }) =>
  input.confirmPassword === undefined || input.confirmPassword === input.password

export const registerSchema = z
  .object({
    phone: phoneSchema,
    code: smsCodeSchema,
    password: newPasswordSchema(),
    confirmPassword: z.string().optional(),
    nickname: nicknameSchema,
    agree: z.literal(true, { error: '请阅读并同意服务条款和隐私政策' }),
    termsVersion: z.string().trim().max(100).optional(),
  })
  .refine(confirmMatches, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] })
export type RegisterInput = z.infer<typeof registerSchema>

export const loginSchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(100, { error: '手机号或密码错误' }),
  isWithout: truthy.optional().default(false),
  // Needed only after failed sign-ins (the server answers CAPTCHA_REQUIRED then).
  captchaId: optionalCaptchaField(captchaIdField),
  captchaCode: optionalCaptchaField(captchaCodeField),
})
export type LoginInput = z.infer<typeof loginSchema>

export const findPassSchema = z
  .object({ phone: phoneSchema, code: smsCodeSchema, password: newPasswordSchema('新密码'), confirmPassword: z.string().optional() })
  .refine(confirmMatches, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] })
export type FindPassInput = z.infer<typeof findPassSchema>

export const savePassSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(100, { error: '原密码错误' }),
    password: newPasswordSchema('新密码'),
    confirmPassword: z.string().optional(),
    isWithout: truthy.optional().default(false),
  })
  .refine(confirmMatches, { error: PASSWORD_MISMATCH, path: ['confirmPassword'] })
export type SavePassInput = z.infer<typeof savePassSchema>

const regionCode = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{2,12}$/.test(v), { error: `${label}不正确` })

const profileText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字` })

// Every field is optional: only what is sent changes.
export const saveMemberSchema = z.object({
  nickname: nicknameSchema.optional(),
  avatar: z.string({ error: '头像格式不正确' }).trim().max(300, { error: '头像格式不正确' }).optional(),
  gender: numeric('性别不正确')
    .refine((v) => v === 0 || v === 1 || v === 2, { error: '性别不正确' })
    .optional(),
  organization: profileText('单位', 50).optional(),
  position: profileText('职务', 30).optional(),
  provinceCode: regionCode('省份').optional(),
  cityCode: regionCode('城市').optional(),
  districtCode: regionCode('区县').optional(),
})
export type SaveMemberInput = z.infer<typeof saveMemberSchema>

export const deleteAccountSchema = z.object({
  password: z.string({ error: '请输入密码以确认注销' }).min(1, { error: '请输入密码以确认注销' }).max(100, { error: '密码错误' }),
})
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>

export const memberPageSchema = z.object(pageFields(10))
export type MemberPageInput = z.infer<typeof memberPageSchema>

const attachmentIds = z
  .array(idField('附件ID'), { error: '附件格式不正确' })
  .max(10, { error: '附件最多 10 个' })
  .transform((ids) => [...new Set(ids)])

export const addContributionSchema = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, { error: '请输入标题' }).max(100, { error: '标题最多 100 个字' }),
  kind: contributionKindSchema,
  content: z.string({ error: '请输入投稿内容' }).max(200_000, { error: '投稿内容过长' }),
  attachmentIds: attachmentIds.optional().default([]),
})
export type AddContributionInput = z.infer<typeof addContributionSchema>

export const contributionIdSchema = z.object({ id: idField('投稿ID') })
