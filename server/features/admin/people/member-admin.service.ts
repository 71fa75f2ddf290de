// Members in the console (admins only): search, a member's detail with their submissions, the full
// phone on request (audited), disabling, roles and a forced password reset. Staff never disable,
// demote or reset themselves: the console would lock out the one using it.
import crypto from 'node:crypto'
import { prisma, type Prisma } from '../../../db'
import { ApiError, Code } from '../../../lib/api-error'
import { clock } from '../../../lib/clock'
import { skipTake, toPage } from '../../../lib/pagination'
import { hashPassword } from '../../../lib/passwords'
import { smsEnabled } from '../../../lib/sms/sms-provider'
import { CONTRIBUTION_KIND_TEXT, isMemberRole, labelOf, ROLE_LABELS, SUBMISSION_STATUS_TEXT } from '../../../../common/rules'
import { recordAudit } from '../../audit/audit.service'
import { maskPhone } from '../../member/auth-code.service'
import { asActiveAdmin, createStaffAccount, grantRoleById, refuseLastAdmin } from '../../staff/staff-accounts.service'
import { STAFF_ROLES } from '../../../../common/staff-roles'
import type { MemberDisableInput, MemberListInput, MemberRoleInput, StaffCreateInput, StaffListInput } from './member-admin.schemas'
import type { StaffActor } from './staff-access'

const rowSelect = {
  id: true,
  memberNo: true,
  nickname: true,
  phone: true,
  avatar: true,
  role: true,
  disabledAt: true,
  disabledReason: true,
  deletedAt: true,
  createdAt: true,
  lastLoginAt: true,
} satisfies Prisma.MemberSelect
type Row = Prisma.MemberGetPayload<{ select: typeof rowSelect }>

const iso = (date: Date | null) => date?.toISOString() ?? null

function toRow(row: Row) {
  return {
    id: row.id,
    member_no: row.memberNo,
    nickname: row.nickname,
    // Masked in every answer; Admin/memberRevealPhone shows one in full, and says so in the audit log.
    phone: maskPhone(row.phone),
    avatar: row.avatar,
    role: row.role,
    roleText: isMemberRole(row.role) ? ROLE_LABELS[row.role] : row.role,
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    deletedAt: iso(row.deletedAt),
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  }
}

/** Nickname or member number in part, or a phone number exactly (a part of one would search by digits). */
function keywordWhere(keyword: string): Prisma.MemberWhereInput {
  const byText: Prisma.MemberWhereInput[] = [{ nickname: { contains: keyword } }, { memberNo: { contains: keyword.toUpperCase() } }]
  return { OR: /^1\d{10}$/.test(keyword) ? [...byText, { phone: keyword }] : byText }
}

export function listMembers({ page, limit, keyword, role, disabled }: MemberListInput) {
  return listWhere({ role, ...filterWhere(keyword, disabled) }, { page, limit })
}

/** 员工账号: every staff role unless one is picked; accounts closed by their owner are left out. */
export function listStaff({ page, limit, keyword, role, disabled }: StaffListInput) {
  return listWhere({ role: role ?? { in: [...STAFF_ROLES] }, deletedAt: null, ...filterWhere(keyword, disabled) }, { page, limit })
}

function filterWhere(keyword: string | undefined, disabled: boolean | undefined): Prisma.MemberWhereInput {
  return {
    disabledAt: disabled === undefined ? undefined : disabled ? { not: null } : null,
    ...(keyword ? keywordWhere(keyword) : {}),
  }
}

async function listWhere(where: Prisma.MemberWhereInput, { page, limit }: { page: number; limit: number }) {
  const [total, rows] = await Promise.all([
    prisma.member.count({ where }),
    prisma.member.findMany({ where, select: rowSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake({ page, limit }) }),
  ])
  return toPage(rows.map(toRow), total, { page, limit })
}

async function findMember(id: number) {
  const row = await prisma.member.findUnique({ where: { id }, select: rowSelect })
  if (!row) throw new ApiError(Code.NOT_FOUND, '会员不存在')
  return row
}

const RECENT = 20

/** A member's profile, counts and latest contributions and videos (each list links to the review queue). */
export async function getMember(id: number) {
  const row = await findMember(id)
  const [profile, counts, contributions, videos] = await Promise.all([
    prisma.member.findUniqueOrThrow({ where: { id }, select: { organization: true, position: true, intro: true, gender: true } }),
    prisma.member.findUniqueOrThrow({
      where: { id },
      select: { _count: { select: { contributions: true, videos: true, follows: true, courseCollects: true, specialCollects: true } } },
    }),
    prisma.contribution.findMany({
      where: { memberId: id },
      select: { id: true, kind: true, title: true, status: true, reviewNote: true, createdAt: true, reviewedAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: RECENT,
    }),
    prisma.teacherVideo.findMany({
      where: { memberId: id },
      select: {
        id: true,
        title: true,
        status: true,
        reviewNote: true,
        createdAt: true,
        reviewedAt: true,
        teacher: { select: { id: true, name: true } },
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: RECENT,
    }),
  ])
  const submission = <T extends { status: string; createdAt: Date; reviewedAt: Date | null }>(item: T) => ({
    ...item,
    statusText: labelOf(SUBMISSION_STATUS_TEXT, item.status),
    createdAt: item.createdAt.toISOString(),
    reviewedAt: iso(item.reviewedAt),
  })
  return {
    ...toRow(row),
    ...profile,
    counts: counts._count,
    contributions: contributions.map((item) => ({ ...submission(item), kindText: labelOf(CONTRIBUTION_KIND_TEXT, item.kind) })),
    videos: videos.map(submission),
  }
}

/** The full phone number, for calling the member back; every reveal is in the audit log. */
export async function revealPhone(id: number, actor: StaffActor) {
  const row = await findMember(id)
  if (!row.phone) throw new ApiError(Code.NOT_FOUND, '该会员没有手机号（账号已注销）')
  await recordAudit({ ...actor, entity: 'member', entityId: id, summary: `查看「${row.nickname}」的完整手机号` })
  return { id, phone: row.phone }
}

function refuseSelf(actor: StaffActor, id: number, message: string) {
  if (actor.staffId === id) throw new ApiError(Code.FORBIDDEN, message)
}

async function activeMember(id: number) {
  const row = await findMember(id)
  if (row.deletedAt) throw new ApiError(Code.BAD_PARAMS, '该账号已注销')
  return row
}

/**
 * Disables (or enables again) a member. Disabling ends every session at once (the token version
 * moves on, and the token check refuses a disabled member); sign-in is refused with the reason.
 * Two admins disabling each other at once: the second finds itself disabled and is refused.
 */
export async function setMemberDisabled(input: MemberDisableInput, actor: StaffActor) {
  refuseSelf(actor, input.id, '不能停用自己的账号')
  return asActiveAdmin(actor.staffId, () => changeDisabled(input, actor))
}

async function changeDisabled({ id, disabled, reason }: MemberDisableInput, actor: StaffActor) {
  const row = await activeMember(id)
  // Already under the staff-roles lock (asActiveAdmin).
  if (disabled) await refuseLastAdmin(id, '这是最后一位管理员，不能停用；请先为其他人授予管理员')
  const change = disabled
    ? { disabledAt: new Date(clock.now()), disabledReason: reason, tokenVersion: { increment: 1 } }
    : { disabledAt: null, disabledReason: '' }
  const saved = await prisma.$transaction(async (tx) => {
    const updated = await tx.member.update({ where: { id }, data: change, select: rowSelect })
    await recordAudit(
      {
        ...actor,
        entity: 'member',
        entityId: id,
        summary: disabled ? `停用「${row.nickname}」${reason ? `：${reason}` : ''}` : `启用「${row.nickname}」`,
        before: { disabledAt: row.disabledAt, disabledReason: row.disabledReason },
        after: { disabledAt: updated.disabledAt, disabledReason: updated.disabledReason },
      },
      tx,
    )
    return updated
  })
  return toRow(saved)
}

/** Grants a role by id, under staff-accounts' rule: the last admin keeps the role. */
export async function setMemberRole({ id, role }: MemberRoleInput, actor: StaffActor) {
  refuseSelf(actor, id, '不能修改自己的角色，请由其他管理员操作')
  return grantRoleById(id, role, actor)
}

/**
 * Forces a new password: every session ends and the password becomes a random one nobody knows, so
 * the member must set a new one with an SMS code (找回密码).
 */
export async function forcePasswordReset(id: number, actor: StaffActor) {
  refuseSelf(actor, id, '不能重置自己的密码，请在个人中心修改密码')
  const row = await activeMember(id)
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'))
  await prisma.$transaction(async (tx) => {
    await tx.member.update({ where: { id }, data: { passwordHash, tokenVersion: { increment: 1 } } })
    await recordAudit({ ...actor, entity: 'member', entityId: id, summary: `强制重置「${row.nickname}」的密码` }, tx)
  })
  const how = smsEnabled()
    ? '请通知其通过「找回密码」用短信验证码设置新密码'
    : '本站未开通短信，请在服务器上运行 npm run admin -- reset-password 为其设置新密码'
  return { id, nickname: row.nickname, message: `已重置「${row.nickname}」的密码，其所有登录已失效；${how}` }
}

// Letters and digits without look-alikes (0/O, 1/l/I), so a password read aloud or copied by hand works.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'

/** A random first password of 12 characters that meets the password rule (a letter and a digit at least). */
export function firstPassword(): string {
  const pick = (from: string) => from[crypto.randomInt(from.length)]
  const rest = Array.from({ length: 10 }, () => pick(LETTERS + DIGITS))
  const chars = [pick(LETTERS), pick(DIGITS), ...rest]
  // Shuffled, so the guaranteed letter and digit are not always the first two.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

/**
 * 邀请员工: a new staff account with a random first password, answered once and never stored in clear or
 * in the audit log; the admin hands it over, and the staff member changes it in 个人中心 (docs/DECISIONS.md).
 */
export async function createStaff(input: StaffCreateInput, actor: StaffActor) {
  const password = firstPassword()
  const created = await asActiveAdmin(actor.staffId, () =>
    createStaffAccount({ ...input, password }, actor, '该手机号已注册；如需让该会员成为员工，请在会员管理中修改其角色'),
  )
  const row = toRow(await findMember(created.id))
  return {
    ...row,
    password,
    message: `已创建${row.roleText}「${row.nickname}」。初始密码只显示这一次，请当面或私下告知本人，并提醒其登录后修改密码`,
  }
}
