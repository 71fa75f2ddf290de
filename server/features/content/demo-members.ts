// The demo member and admin an import may create along with the content. Their phone, password and
// nickname come from the caller (seed/demo-accounts.ts, through `npm run seed` and `npm start`):
// the server only checks, hashes and writes them.
import bcrypt from 'bcryptjs'
import { prisma, type Tx } from '../../db'

/** One demo account as the caller gives it. */
export type DemoAccount = { readonly phone: string; readonly password: string; readonly nickname: string }
export type DemoAccounts = { member: DemoAccount; admin: DemoAccount }

/** An account ready to write: `passwordHash` is '' for an account that exists and keeps its own. */
export type DemoMember = { phone: string; passwordHash: string; nickname: string; role: string; memberNo: string }

/** The accounts with their roles and member numbers; a number taken by another phone is a problem. */
export async function prepareDemoMembers({ member, admin }: DemoAccounts, problems: string[]): Promise<DemoMember[]> {
  const accounts = [
    { ...member, role: 'member', memberNo: 'M20260001' },
    { ...admin, role: 'admin', memberNo: 'M20260000' },
  ]
  const taken = await prisma.member.findMany({
    where: { OR: [{ memberNo: { in: accounts.map((a) => a.memberNo) } }, { phone: { in: accounts.map((a) => a.phone) } }] },
    select: { memberNo: true, phone: true },
  })
  for (const row of taken) {
    const account = accounts.find((a) => a.memberNo === row.memberNo)
    if (account && row.phone !== account.phone) problems.push(`demo-accounts.ts: 会员号 ${row.memberNo} 已被其他账号使用`)
  }
  // Hashing is slow on purpose; existing accounts keep their hash, so only new ones need it.
  const existing = new Set(taken.map((row) => row.phone))
  return Promise.all(
    accounts.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: existing.has(account.phone) ? '' : await bcrypt.hash(password, 10),
    })),
  )
}

/** Demo accounts keep their password once created, so a re-import never undoes a change. */
export async function writeDemoMembers(tx: Tx, members: DemoMember[]) {
  if (members.length === 0) return
  const termsVersion = (await tx.aboutPage.findUnique({ where: { key: 'terms' }, select: { version: true } }))?.version ?? '1'
  for (const { phone, passwordHash, ...fields } of members) {
    await tx.member.upsert({
      where: { phone },
      create: { phone, passwordHash, ...fields, termsVersion, termsAcceptedAt: new Date() },
      update: { nickname: fields.nickname, role: fields.role },
    })
  }
}
