import { z } from 'zod'
import { MEMBER_ROLES } from '../../../../common/rules'
import { idField } from '../../../lib/schemas'
import { adminPageFields } from '../content.schemas'

const roleSchema = z.enum(MEMBER_ROLES, { error: '角色应为 member（会员）、editor（编辑）或 admin（管理员）' })

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
