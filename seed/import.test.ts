// `npm run seed` on the demo folder (run by server/test/global-setup.ts for every test database)
// passes the demo accounts of demo-accounts.ts to the server's import.
import bcrypt from 'bcryptjs'
import { prisma } from '../server/db'
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts'

describe('npm run seed with the demo folder', () => {
  test('creates the demo member and admin with hashed passwords', async () => {
    const member = await prisma.member.findUniqueOrThrow({ where: { phone: DEMO_MEMBER.phone } })
    const admin = await prisma.member.findUniqueOrThrow({ where: { phone: DEMO_ADMIN.phone } })
    const terms = await prisma.aboutPage.findUniqueOrThrow({ where: { key: 'terms' } })

    expect(member).toMatchObject({ role: 'member', nickname: DEMO_MEMBER.nickname, termsVersion: terms.version })
    expect(admin).toMatchObject({ role: 'admin', nickname: DEMO_ADMIN.nickname })
    expect(member.memberNo).toMatch(/^M\d+$/)
    expect(member.passwordHash).toMatch(/^\$2[aby]\$10\$/)
    expect(await bcrypt.compare(DEMO_MEMBER.password, member.passwordHash)).toBe(true)
    expect(await bcrypt.compare(DEMO_ADMIN.password, admin.passwordHash)).toBe(true)
  })
})
