// Who is calling: a bearer token signed by this server, checked on every call. The member record
// behind it (token version, deletion, being disabled, role) is kept in the cache until a Member row is written, so
// a password change, deletion or an admin disabling the account in this process refuses the old token at once and one from another
// process within about a second (server/lib/cache.ts), without a database round trip per request;
// a member's follows and contributions leave it in place.
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import jwt from 'jsonwebtoken'
import { prisma } from '../db'
import { env } from '../env'
import { cached, MEMBER_RECORDS_TAG, REVOKED_TOKENS_TAG } from '../lib/cache'
import { ApiError, Code } from './envelope'

/** The signed-in member, and the token they called with (`tokenId` is absent on tokens issued before sign-out existed). */
export type AuthedMember = { id: number; memberNo: string; role: string; tokenId?: string; tokenExpiresAt: Date }

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

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

const needLogin = (msg = '请先登录') => new ApiError(Code.NEED_LOGIN, msg)

type MemberRecord = { id: number; memberNo: string; role: string; tokenVersion: number; deleted: boolean; disabled: boolean }

const memberRecord = (id: number) =>
  cached<MemberRecord | null>(
    `auth:${id}`,
    async () => {
      const row = await prisma.member.findUnique({
        where: { id },
        select: { id: true, memberNo: true, role: true, tokenVersion: true, deletedAt: true, disabledAt: true },
      })
      return (
        row && {
          id: row.id,
          memberNo: row.memberNo,
          role: row.role,
          tokenVersion: row.tokenVersion,
          deleted: !!row.deletedAt,
          disabled: !!row.disabledAt,
        }
      )
    },
    { tags: [MEMBER_RECORDS_TAG] },
  )

/** True when this token was signed out; kept per token until a sign-out happens. */
const isRevoked = (jti: string) =>
  cached(`revoked:${jti}`, async () => (await prisma.revokedToken.count({ where: { jti } })) > 0, { tags: [REVOKED_TOKENS_TAG] })

/** Verifies signature, expiry and token version; the member must still exist, not deleted nor disabled. */
export async function authenticate(token: string | null): Promise<AuthedMember> {
  if (!token) throw needLogin()
  let claims: TokenClaims
  try {
    claims = jwt.verify(token, signingKey, { algorithms: ['HS256'] }) as TokenClaims
  } catch (error) {
    throw needLogin(error instanceof jwt.TokenExpiredError ? '登录已过期，请重新登录' : '请先登录')
  }
  const id = Number(claims.sub)
  // A token without an expiry is never one this server issued.
  if (!Number.isInteger(id) || id <= 0 || typeof claims.ver !== 'number' || typeof claims.exp !== 'number') throw needLogin()
  const member = await memberRecord(id)
  if (!member || member.deleted) throw needLogin('登录已失效，请重新登录')
  // 401 like any dead session, so every client signs out at once, and says why.
  if (member.disabled) throw needLogin('该账号已被停用，如有疑问请联系平台管理员')
  if (member.tokenVersion !== claims.ver) throw needLogin('登录已失效，请重新登录')
  if (claims.jti !== undefined && (typeof claims.jti !== 'string' || (await isRevoked(claims.jti))))
    throw needLogin('登录已失效，请重新登录')
  return { id: member.id, memberNo: member.memberNo, role: member.role, tokenId: claims.jti, tokenExpiresAt: new Date(claims.exp * 1000) }
}

/** The member behind a valid token, or null: a bad token on a public page is simply ignored. */
export async function optionalMember(token: string | null): Promise<AuthedMember | null> {
  if (!token) return null
  return authenticate(token).catch(() => null)
}
