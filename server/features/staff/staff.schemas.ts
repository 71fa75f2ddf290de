import { z } from 'zod'
import { MEMBER_ROLES, newPasswordSchema, nicknameSchema, phoneSchema } from '../../../common/rules'

export const staffAccountSchema = z.object({
  phone: phoneSchema,
  password: newPasswordSchema(),
  nickname: nicknameSchema,
})
export type StaffAccountInput = z.infer<typeof staffAccountSchema>

export const roleSchema = z.enum(MEMBER_ROLES, { error: '角色应为 member、editor、reviewer、publisher、sales 或 admin' })

/** The first-run form: the one-time token from the start-up log plus the first admin's account. */
export const setupSchema = staffAccountSchema.extend({
  token: z
    .string({ error: '缺少安装令牌，请使用启动日志中的安装链接' })
    .trim()
    .min(1, { error: '缺少安装令牌，请使用启动日志中的安装链接' })
    .max(200),
})
export type SetupInput = z.infer<typeof setupSchema>
