// Staff accounts: creating an admin, resetting a password, granting a role. Used by the first-run
// setup page, `npm run admin` and (later) the console, so the rules hold whoever calls.
import { clock } from '../../lib/clock'
import { prisma, type Prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { isUniqueViolation, withFreshMemberNo } from '../../lib/member-numbers'
import { hashPassword } from '../../lib/passwords'
import { withLock } from '../../data/lease'
import { ROLE_LABELS, type MemberRole } from '../../../common/rules'
import type { StaffRole } from '../../../common/staff-roles'
import { recordAudit } from '../audit/audit.service'
import type { StaffAccountInput } from './staff.schemas'

/** Who makes an account change, for the audit log; the command line when not a signed-in staff member. */
export type Actor = { staffId: number | null; action: string; ip?: string }
const commandLine = (command: string): Actor => ({ staffId: null, action: `cli:${command}` })

// A disabled admin cannot sign in, so only enabled ones keep the platform manageable.
const ACTIVE_ADMIN = { role: 'admin', deletedAt: null, disabledAt: null } satisfies Prisma.MemberWhereInput

export const hasAdmin = async () => (await prisma.member.count({ where: ACTIVE_ADMIN })) > 0

/**
 * Refuses with `message` when the member is the only active admin: taking the role, sign-in or the
 * account from it would leave nobody to manage the platform. Call it under the staff-roles lock
 * (grantRole, asActiveAdmin, keepingAnAdmin), so two such changes cannot both pass.
 */
export async function refuseLastAdmin(memberId: number, message: string) {
  const admins = await prisma.member.findMany({ where: ACTIVE_ADMIN, select: { id: true }, take: 2 })
  if (admins.length === 1 && admins[0].id === memberId) throw new ApiError(Code.FORBIDDEN, message)
}

/** Runs a change that ends the member's standing (deleting its own account) under the last-admin rule and lock. */
export function keepingAnAdmin<T>(memberId: number, message: string, change: () => Promise<T>): Promise<T> {
  return withLock('staff-roles', async () => {
    await refuseLastAdmin(memberId, message)
    return change()
  })
}

const PHONE_TAKEN = '该手机号已注册，请改用 grant 为它授予管理员角色'

/** A new admin account. A registered phone is refused: granting a role to it is a separate, deliberate step. */
export function createAdmin(account: StaffAccountInput, actor = commandLine('create')) {
  return createStaffAccount({ ...account, role: 'admin' }, actor, PHONE_TAKEN)
}

/**
 * A new staff account with `role`. A registered phone is refused with `phoneTaken`: giving a member a
 * role is a separate, deliberate step (member management or `npm run admin -- grant`).
 */
export async function createStaffAccount(
  { phone, password, nickname, role }: StaffAccountInput & { role: StaffRole },
  actor: Actor,
  phoneTaken: string,
) {
  if (await prisma.member.findUnique({ where: { phone }, select: { id: true } })) throw new ApiError(Code.EXISTS, phoneTaken)
  const passwordHash = await hashPassword(password)
  const now = new Date(clock.now())
  const staff = await withFreshMemberNo(
    (memberNo) =>
      prisma.member.create({
        data: { memberNo, phone, passwordHash, nickname, role, createdAt: now, passwordChangeDue: true },
        select: { id: true, memberNo: true, nickname: true, role: true },
      }),
    async (error) => {
      if (isUniqueViolation(error, 'phone') && (await prisma.member.count({ where: { phone } })) > 0)
        throw new ApiError(Code.EXISTS, phoneTaken)
    },
  )
  const summary = `创建${ROLE_LABELS[role]}「${staff.nickname}」`
  await recordAudit({ ...actor, entity: 'member', entityId: staff.id, summary, after: staff })
  return staff
}

async function activeMemberByPhone(phone: string) {
  const member = await prisma.member.findFirst({ where: { phone, deletedAt: null }, select: { id: true, role: true, nickname: true } })
  if (!member) throw new ApiError(Code.NOT_FOUND, `手机号 ${phone} 没有对应的会员`)
  return member
}

/** Sets a new password and signs the member out everywhere (the token version moves on). */
export async function resetPassword(phone: string, password: string, actor = commandLine('reset-password')) {
  const member = await activeMemberByPhone(phone)
  await prisma.member.update({
    where: { id: member.id },
    data: { passwordHash: await hashPassword(password), tokenVersion: { increment: 1 } },
  })
  await recordAudit({ ...actor, entity: 'member', entityId: member.id, summary: `重置「${member.nickname}」的密码` })
  return { id: member.id, nickname: member.nickname }
}

/**
 * Gives a member a role. Taking the admin role from the last admin is refused: nobody could
 * then manage the platform. Checked and written one at a time under a database lock, so two
 * demotions cannot both pass, from the console on two servers or `npm run admin` beside them.
 */
export function grantRole(phone: string, role: MemberRole, actor = commandLine('grant')) {
  return withLock('staff-roles', async () => applyRole(await activeMemberByPhone(phone), role, actor))
}

/**
 * Runs a console change to a member's standing (disabling) under the staff-roles lock, refused when
 * the acting admin has meanwhile lost the role or been disabled: two admins disabling each other at
 * once, through one server or two, leave one of them able to manage the platform, never none.
 */
export function asActiveAdmin<T>(staffId: number, change: () => Promise<T>): Promise<T> {
  return withLock('staff-roles', async () => {
    const actor = await prisma.member.findFirst({
      where: { id: staffId, role: 'admin', deletedAt: null, disabledAt: null },
      select: { id: true },
    })
    if (!actor) throw new ApiError(Code.FORBIDDEN, '你的管理员权限已变更，请重新登录后再试')
    return change()
  })
}

/** grantRole for a member picked by id (the console's Admin/memberRole), under the same rule and lock. */
export function grantRoleById(id: number, role: MemberRole, actor: Actor) {
  return withLock('staff-roles', async () => {
    const member = await prisma.member.findFirst({ where: { id, deletedAt: null }, select: { id: true, role: true, nickname: true } })
    if (!member) throw new ApiError(Code.NOT_FOUND, '会员不存在或已注销')
    return applyRole(member, role, actor)
  })
}

async function applyRole(member: { id: number; role: string; nickname: string }, role: MemberRole, actor: Actor) {
  if (role !== 'admin') await refuseLastAdmin(member.id, '这是最后一位管理员，不能取消其管理员角色；请先为其他人授予管理员')
  await prisma.member.update({ where: { id: member.id }, data: { role } })
  await recordAudit({
    ...actor,
    entity: 'member',
    entityId: member.id,
    summary: `将「${member.nickname}」的角色由 ${member.role} 改为 ${role}`,
    before: { role: member.role },
    after: { role },
  })
  return { id: member.id, nickname: member.nickname, role, previousRole: member.role }
}
