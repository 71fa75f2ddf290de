// First run in production: the database has no admin, so the start-up log carries a one-time link
// (/admin/setup?token=…) that creates the first one, as Ghost and Strapi start. The token is derived
// from the server secret, so every process and restart agrees on it without storing it; it stops
// working the moment an admin exists.
import crypto from 'node:crypto'
import { env } from '../../env'
import { ApiError, Code } from '../../http/envelope'
import { logger } from '../../lib/logger'
import { withLock } from '../../lib/lease'
import { createAdmin, hasAdmin } from './staff-accounts.service'
import type { SetupInput } from './staff.schemas'

export const setupToken = () => crypto.createHmac('sha256', env.jwtSecret).update('first-admin-setup').digest('base64url')

const matchesToken = (token: string) => {
  const expected = Buffer.from(setupToken())
  const actual = Buffer.from(token)
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected)
}

export async function setupStatus() {
  return { needed: !(await hasAdmin()) }
}

const USED = '安装链接已失效：管理员已经创建，请直接登录'

/** Creates the first admin, once. */
export function completeSetup({ token, ...account }: SetupInput) {
  // One at a time in every process (a database lock), so two people opening the link together
  // cannot both become the first admin, whichever servers answer them.
  return withLock('first-admin-setup', async () => {
    if (await hasAdmin()) throw new ApiError(Code.FORBIDDEN, USED)
    if (!matchesToken(token)) throw new ApiError(Code.FORBIDDEN, '安装链接无效，请使用启动日志中的完整链接')
    const admin = await createAdmin(account, { staffId: null, action: 'Admin/setup' })
    logger.info({ memberNo: admin.memberNo }, 'first admin created through the setup link')
    return { member_no: admin.memberNo, nickname: admin.nickname }
  })
}

/** Writes the setup link to the log when no admin exists yet; the base is PUBLIC_URL or this server's own address. */
export async function announceSetupLink(localBase: string) {
  if (await hasAdmin()) return
  const link = `${env.PUBLIC_URL ?? localBase}/admin/setup?token=${setupToken()}`
  logger.warn(
    { setupLink: link },
    `尚未创建管理员。请在浏览器中打开此一次性链接创建第一位管理员 / No admin yet, open this one-time link: ${link}`,
  )
}
