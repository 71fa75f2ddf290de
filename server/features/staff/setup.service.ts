// First run in production: the database has no admin, so the first start writes a link
// (/admin/setup?token=…) to the log that creates the first one, as Ghost and Strapi start. The token
// is random, kept only as its sha256, valid 24 hours and good for one admin. Later starts never print
// one (only the hash is kept); `npm run admin -- setup-link` replaces it (docs/DECISIONS.md, "First-admin setup token").
import crypto from 'node:crypto'
import { prisma } from '../../db'
import { env } from '../../env'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'
import { withLock } from '../../data/lease'
import { createAdmin, hasAdmin } from './staff-accounts.service'
import type { SetupInput } from './staff.schemas'

export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000

// Every step that reads and writes setup tokens holds it, in every process.
const LOCK = 'first-admin-setup'

const NEW_LINK = '运行 npm run admin -- setup-link 获取新链接'
const ADMIN_EXISTS = '安装链接已失效：管理员已经创建，请直接登录'
const WRONG = `安装链接无效，请使用完整的安装链接，或${NEW_LINK}`
const EXPIRED = `安装链接已过期，请${NEW_LINK}`
const USED = `安装链接已使用过，请${NEW_LINK}`
const REVOKED = '安装链接已作废：已生成新的安装链接，请使用最新的链接'

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

const linkFor = (base: string, token: string) => `${base}/admin/setup?token=${token}`

export async function setupStatus() {
  return { needed: !(await hasAdmin()) }
}

/** The token's row when it may create the first admin now; otherwise the refusal that says why not. */
async function usableToken(token: string) {
  const row = await prisma.setupToken.findUnique({ where: { tokenHash: hashOf(token) } })
  if (!row) throw new ApiError(Code.FORBIDDEN, WRONG)
  if (row.usedAt) throw new ApiError(Code.FORBIDDEN, USED)
  if (row.revokedAt) throw new ApiError(Code.FORBIDDEN, REVOKED)
  if (row.expiresAt.getTime() <= clock.now()) throw new ApiError(Code.FORBIDDEN, EXPIRED)
  return row
}

/** Creates the first admin, once per token, and only while no active admin exists. */
export function completeSetup({ token, ...account }: SetupInput) {
  // One at a time in every process (a database lock), so two people opening the link together
  // cannot both become the first admin, whichever servers answer them.
  return withLock(LOCK, async () => {
    if (await hasAdmin()) throw new ApiError(Code.FORBIDDEN, ADMIN_EXISTS)
    const row = await usableToken(token)
    // Used up before the account exists, by an update that only an unused, live token passes.
    const now = new Date(clock.now())
    const { count } = await prisma.setupToken.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    })
    if (count !== 1) throw new ApiError(Code.FORBIDDEN, USED)
    try {
      const admin = await createAdmin(account, { staffId: null, action: 'Admin/setup' })
      logger.info({ memberNo: admin.memberNo }, 'first admin created through the setup link')
      return { member_no: admin.memberNo, nickname: admin.nickname }
    } catch (error) {
      // A refused account (a registered phone) leaves the link usable for another try.
      await prisma.setupToken.updateMany({ where: { id: row.id, usedAt: now }, data: { usedAt: null } })
      throw error
    }
  })
}

async function issueToken() {
  const token = crypto.randomBytes(32).toString('base64url')
  const now = clock.now()
  const expiresAt = new Date(now + SETUP_LINK_TTL_MS)
  await prisma.setupToken.create({ data: { tokenHash: hashOf(token), expiresAt, createdAt: new Date(now) } })
  return { token, expiresAt }
}

/**
 * At start: a database that has never had a setup link nor an admin gets a link, written to the log
 * once; the base is PUBLIC_URL or this server's own address. Any later start without an admin (the
 * link expired or was lost, or no active admin is left) only says how to get a new one.
 */
export async function announceSetupLink(localBase: string) {
  if (await hasAdmin()) return
  const issued = await withLock(LOCK, async () => {
    if (await hasAdmin()) return null
    // Disabled and deleted admins keep the role: a database that had any is not a fresh install.
    const [links, admins] = await Promise.all([prisma.setupToken.count(), prisma.member.count({ where: { role: 'admin' } })])
    return links === 0 && admins === 0 ? issueToken() : null
  })
  if (!issued) {
    logger.warn(
      '尚未创建管理员。安装链接只在首次启动时写入日志一次；如已遗失或过期，请运行 npm run admin -- setup-link 获取新链接 / ' +
        'No admin yet; run `npm run admin -- setup-link` for a new setup link',
    )
    return
  }
  const link = linkFor(env.PUBLIC_URL ?? localBase, issued.token)
  logger.warn(
    { setupLink: link, expiresAt: issued.expiresAt.toISOString() },
    `尚未创建管理员。请在 24 小时内在浏览器中打开此一次性链接创建第一位管理员 / No admin yet, open this one-time link within 24 hours: ${link}`,
  )
}

/**
 * `npm run admin -- setup-link`: revokes any outstanding link and makes a new one, valid 24 hours.
 * Refused while an active admin exists: admins are then added with `create` or `grant`.
 */
export function renewSetupLink(base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`) {
  return withLock(LOCK, async () => {
    if (await hasAdmin()) {
      throw new ApiError(Code.FORBIDDEN, '已有管理员，无需安装链接：请直接登录，或用 npm run admin -- create / grant 添加管理员')
    }
    await prisma.setupToken.updateMany({ where: { usedAt: null, revokedAt: null }, data: { revokedAt: new Date(clock.now()) } })
    const { token, expiresAt } = await issueToken()
    return { link: linkFor(base, token), expiresAt }
  })
}
