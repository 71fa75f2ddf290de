// The commands of `npm run admin` (scripts/admin.ts runs them): staff accounts without SQL, for the
// first admin or a lost password. A module of its own, so tests check the command line in-process.
//   create --phone 13900000000 --nickname 平台管理员 [--password …]
//   reset-password --phone 13900000000 [--password …]
//   grant --phone 13900000000 --role admin|editor|publisher|reviewer|sales|member
//   setup-link   (a new first-admin setup link while no admin exists; earlier links stop working)
// Without --password a strong one is generated and printed once. Reset signs the member out everywhere.
import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import { ROLE_LABELS } from '../common/rules'
import { z } from '../common/validation/z'
import { actOn, UsageError } from './command'

export const USAGE = `用法 / usage:
  npm run admin -- create --phone <手机号> --nickname <昵称> [--password <密码>]
  npm run admin -- reset-password --phone <手机号> [--password <密码>]
  npm run admin -- grant --phone <手机号> --role admin|editor|publisher|reviewer|sales|member
  npm run admin -- setup-link`

/** 16 characters from an alphabet without look-alikes, always with a letter and a digit (the password rule). */
function generatedPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ'
  const digits = '23456789'
  const all = letters + digits
  const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)]
  const chars = [pick(letters), pick(digits), ...Array.from({ length: 14 }, () => pick(all))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw new UsageError(result.error.issues.map((issue) => `${issue.path.join('.') || '参数'}: ${issue.message}`).join('\n'))
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { phone: { type: 'string' }, nickname: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
    })
  } catch (error) {
    // Unknown or valueless options: node:util explains which.
    throw new UsageError((error as Error).message)
  }
}

/** Runs one command line; answers the lines to print. A wrong command line throws UsageError before any setting is read. */
export async function run(argv: string[]): Promise<string[]> {
  const { positionals, values } = parseCommandLine(argv)
  const [command, ...extra] = positionals
  if (extra.length) throw new UsageError(`多余的参数：${extra.join(' ')}`)
  if (!['create', 'reset-password', 'grant', 'setup-link'].includes(command ?? ''))
    throw new UsageError(command ? `未知的命令：${command}` : '请指定命令')

  // The settings are read (and refused) only now, so a wrong command line needs no configuration.
  await actOn(['database'], { existingDatabase: true })
  const { renewSetupLink } = await import('../server/features/staff/setup.service')
  const { createAdmin, grantRole, resetPassword } = await import('../server/features/staff/staff-accounts.service')
  const { roleSchema, staffAccountSchema } = await import('../server/features/staff/staff.schemas')

  const password = values.password ?? generatedPassword()
  const shown = values.password ? [] : [`密码 / password: ${password}  （只显示这一次，请妥善保存 / shown once）`]
  switch (command) {
    case 'create': {
      const account = parse(staffAccountSchema, { phone: values.phone, nickname: values.nickname ?? '平台管理员', password })
      const admin = await createAdmin(account)
      return [`已创建管理员 ${admin.nickname}（会员号 ${admin.memberNo}，手机号 ${account.phone}）`, ...shown]
    }
    case 'reset-password': {
      const { phone, password: checked } = parse(staffAccountSchema.pick({ phone: true, password: true }), {
        phone: values.phone,
        password,
      })
      const member = await resetPassword(phone, checked)
      return [`已重置 ${member.nickname} 的密码，其所有登录会话已失效`, ...shown]
    }
    case 'grant': {
      const { phone } = parse(staffAccountSchema.pick({ phone: true }), { phone: values.phone })
      const role = parse(roleSchema, values.role)
      const member = await grantRole(phone, role)
      return [
        `${member.nickname} 的角色：${ROLE_LABELS[member.previousRole as keyof typeof ROLE_LABELS] ?? member.previousRole} → ${ROLE_LABELS[role]}`,
      ]
    }
    case 'setup-link': {
      const { link, expiresAt } = await renewSetupLink()
      return [`安装链接（24 小时内有效，只能使用一次，之前的链接已作废）/ setup link, valid until ${expiresAt.toISOString()}:`, link]
    }
    default:
      throw new UsageError(command ? `未知的命令：${command}` : '请指定命令')
  }
}
