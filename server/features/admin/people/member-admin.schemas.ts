import { z } from 'zod'
import { MEMBER_ROLES, nicknameSchema, phoneSchema } from '../../../../common/rules'
import { STAFF_ROLES } from '../../../../common/staff-roles'
import { idField } from '../../../lib/schemas'
import { adminPageFields } from '../content.schemas'

const roleSchema = z.enum(MEMBER_ROLES, {
  error: '角色应为 member（会员）、editor（编辑）、reviewer（审核员）、publisher（发布员）、sales（商务）或 admin（管理员）',
})
const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: '员工角色应为 admin（管理员）、editor（编辑）、reviewer（审核员）、publisher（发布员）或 sales（商务）',
})

export const memberListSchema = z.object({
  ...adminPageFields,
  role: roleSchema.optional(),
  disabled: z.boolean({ error: '停用状态应为 true 或 false' }).optional(),
})
export type MemberListInput = z.infer<typeof memberListSchema>

export const memberDisableSchema = z.object({
  id: idField('会员 ID'),
  disabled: z.boolean({ error: '请选择停用（true）或启用（false）' }),
  reason: z.string({ error: '停用原因应为文字' }).trim().max(100, { error: '停用原因最多 100 个字' }).default(''),
})
export type MemberDisableInput = z.infer<typeof memberDisableSchema>

export const memberRoleSchema = z.object({ id: idField('会员 ID'), role: roleSchema })
export type MemberRoleInput = z.infer<typeof memberRoleSchema>

export const memberIdSchema = z.object({ id: idField('会员 ID') })

/** The 员工账号 list: staff only (every staff role unless one is picked), disabled ones included. */
export const staffListSchema = z.object({
  ...adminPageFields,
  role: staffRoleSchema.optional(),
  disabled: z.boolean({ error: '停用状态应为 true 或 false' }).optional(),
})
export type StaffListInput = z.infer<typeof staffListSchema>

/** 邀请员工: the new account's phone, nickname and role; the server picks its first password. */
export const staffCreateSchema = z.object({ phone: phoneSchema, nickname: nicknameSchema, role: staffRoleSchema })
export type StaffCreateInput = z.infer<typeof staffCreateSchema>
