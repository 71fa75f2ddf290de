// Who is calling: a token signed by this server (sent as a bearer token, http/auth.ts), checked on
// every call, together with the member record behind it (token version, deletion, being disabled,
// role) and whether the token was signed out. Two freshness levels:
//   * member and staff actions (`authenticate`) read both from the database on every call, two
//     primary-key lookups at once, so a sign-out, password change, deletion, disabling or role change
//     through any process is refused by every other process at once;
//   * pages open to everyone (`optionalMember`, only the viewer's 已关注/已收藏 marks depend on it)
//     use copies kept in the cache: refreshed at once after a write in this process, within about a
//     second after one in another (server/data/cache.ts). Measured on SQLite: ~9 µs of CPU per call
//     kept against ~180 µs (calls in parallel, batched by Prisma) to ~490 µs (one at a time) read,
//     on the pages that carry most of the traffic.
import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { prisma } from '../db'
import { env } from '../env'
import type { AuthedMember } from '../lib/action'
import { ApiError, Code } from '../lib/api-error'
import { cached, MEMBER_RECORDS_TAG, REVOKED_TOKENS_TAG } from './cache'
import { tokenState } from './sql'

type TokenClaims = { sub: string; ver: number; exp: number; jti?: string }

export const TOKEN_TTL = { remembered: '15d', session: '1d' } as const

// A key object made once: handing jsonwebtoken the secret string makes it build one on every
// call, ~300 µs of a member request's CPU (measured) against ~14 µs with the key object.
const signingKey = crypto.createSecretKey(Buffer.from(env.jwtSecret))

export function signMemberToken(member: { id: number; tokenVersion: number }, remember: boolean): string {
  return jwt.sign({ ver: member.tokenVersion }, signingKey, {
    algorithm: 'HS256',
    subject: String(member.id),
    // Names this token alone, so signing out ends this session and no other.
    jwtid: crypto.randomBytes(16).toString('base64url'),
    expiresIn: remember ? TOKEN_TTL.remembered : TOKEN_TTL.session,
  })
}

const needLogin = (msg = '请先登录') => new ApiError(Code.NEED_LOGIN, msg)

type MemberRecord = {
  id: number
  memberNo: string
  role: string
  tokenVersion: number
  deleted: boolean
  disabled: boolean
  passwordChangeDue: boolean
}

async function readMemberRecord(id: number): Promise<MemberRecord | null> {
  const row = await prisma.member.findUnique({
    where: { id },
    select: { id: true, memberNo: true, role: true, tokenVersion: true, deletedAt: true, disabledAt: true, passwordChangeDue: true },
  })
  return (
    row && {
      id: row.id,
      memberNo: row.memberNo,
      role: row.role,
      tokenVersion: row.tokenVersion,
      deleted: !!row.deletedAt,
      disabled: !!row.disabledAt,
      passwordChangeDue: row.passwordChangeDue,
    }
  )
}

const readRevoked = async (jti: string) => (await prisma.revokedToken.findUnique({ where: { jti }, select: { jti: true } })) !== null

/** Where the member record and the sign-out mark come from: the database now, or the kept copies. */
type Source = { memberRecord: (id: number) => Promise<MemberRecord | null>; isRevoked: (jti: string) => Promise<boolean> }

const KEPT: Source = {
  memberRecord: (id) => cached(`auth:${id}`, () => readMemberRecord(id), { tags: [MEMBER_RECORDS_TAG] }),
  isRevoked: (jti) => cached(`revoked:${jti}`, () => readRevoked(jti), { tags: [REVOKED_TOKENS_TAG] }),
}

/** The database as it is now, in one statement: the member record and whether this token was signed out. */
async function readFresh(id: number, tokenId: string | undefined): Promise<[MemberRecord | null, boolean]> {
  // Token ids are 22 random characters: '' names none.
  const state = await tokenState(id, tokenId ?? '')
  return state ? [{ id, ...state }, state.revoked] : [null, false]
}

/** `source`: the kept copies; none reads the database now. */
async function verify(token: string | null, source?: Source): Promise<AuthedMember> {
  if (!token) throw needLogin()
  let claims: TokenClaims
  try {
    claims = jwt.verify(token, signingKey, { algorithms: ['HS256'] }) as TokenClaims
  } catch (error) {
    throw needLogin(error instanceof jwt.TokenExpiredError ? '登录已过期，请重新登录' : '请先登录')
  }
  const id = Number(claims.sub)
  // A token without an expiry, or with a token id that is no string, is never one this server issued.
  if (!Number.isInteger(id) || id <= 0 || typeof claims.ver !== 'number' || typeof claims.exp !== 'number') throw needLogin()
  if (claims.jti !== undefined && typeof claims.jti !== 'string') throw needLogin('登录已失效，请重新登录')
  const [member, revoked] = source
    ? await Promise.all([source.memberRecord(id), claims.jti === undefined ? false : source.isRevoked(claims.jti)])
    : await readFresh(id, claims.jti)
  if (!member || member.deleted) throw needLogin('登录已失效，请重新登录')
  // 401 like any dead session, so every client signs out at once, and says why.
  if (member.disabled) throw needLogin('该账号已被停用，如有疑问请联系平台管理员')
  if (member.tokenVersion !== claims.ver || revoked) throw needLogin('登录已失效，请重新登录')
  return {
    id: member.id,
    memberNo: member.memberNo,
    role: member.role,
    passwordChangeDue: member.passwordChangeDue,
    tokenId: claims.jti,
    tokenExpiresAt: new Date(claims.exp * 1000),
  }
}

/**
 * Verifies signature, expiry and token version against the database as it is now; the member must
 * still exist, not deleted nor disabled, and the token must not be signed out.
 */
export const authenticate = (token: string | null) => verify(token)

/** The member behind a valid token, or null: a bad token on a public page is simply ignored. */
export async function optionalMember(token: string | null): Promise<AuthedMember | null> {
  if (!token) return null
  return verify(token, KEPT).catch(() => null)
}
