import type { Request } from 'express'
import jwt from 'jsonwebtoken'
import { prisma } from '../db'
import { env } from '../env'
import { ApiError, Code } from './envelope'

export type AuthedMember = { id: number; memberNo: string; nickname: string; role: string }

type TokenClaims = { sub: string; ver: number }

export const TOKEN_TTL = { remembered: '15d', session: '1d' } as const

export function signMemberToken(member: { id: number; tokenVersion: number }, remember: boolean): string {
  return jwt.sign({ ver: member.tokenVersion } satisfies Omit<TokenClaims, 'sub'>, env.jwtSecret, {
    algorithm: 'HS256',
    subject: String(member.id),
    expiresIn: remember ? TOKEN_TTL.remembered : TOKEN_TTL.session,
  })
}

function bearerToken(req: Request): string | null {
  const header = req.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

const needLogin = (msg = '请先登录') => new ApiError(Code.NEED_LOGIN, msg)

/** Verifies signature, expiry and token version; the member must still exist and not be deleted. */
export async function authenticate(req: Request): Promise<AuthedMember> {
  const token = bearerToken(req)
  if (!token) throw needLogin()
  let claims: TokenClaims
  try {
    claims = jwt.verify(token, env.jwtSecret, { algorithms: ['HS256'] }) as TokenClaims
  } catch (error) {
    throw needLogin(error instanceof jwt.TokenExpiredError ? '登录已过期，请重新登录' : '请先登录')
  }
  const id = Number(claims.sub)
  if (!Number.isInteger(id) || id <= 0 || typeof claims.ver !== 'number') throw needLogin()
  const member = await prisma.member.findUnique({
    where: { id },
    select: { id: true, memberNo: true, nickname: true, role: true, tokenVersion: true, deletedAt: true },
  })
  if (!member || member.deletedAt || member.tokenVersion !== claims.ver) throw needLogin('登录已失效，请重新登录')
  return { id: member.id, memberNo: member.memberNo, nickname: member.nickname, role: member.role }
}

/** The member behind a valid token, or null: a bad token on a public page is simply ignored. */
export async function optionalMember(req: Request): Promise<AuthedMember | null> {
  if (!bearerToken(req)) return null
  return authenticate(req).catch(() => null)
}
