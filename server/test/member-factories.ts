// Members with real passwords and tokens, hand-made tokens for the auth tests, and small files
// of every upload type built byte by byte (no fixtures on disk).
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import bcrypt from 'bcryptjs'
import jwt from 'jsonwebtoken'
import { PNG } from 'pngjs'
import type request from 'supertest'
import type { MemberRole } from '../../common/rules/roles'
import { prisma } from '../db'
import { env } from '../env'
import { signMemberToken } from '../data/member-tokens'
import { unique } from './factories'

export const DEFAULT_PASSWORD = 'secret2026'

/** A fresh mainland number; the leading 15x keeps it clear of seeded and other factories' phones. */
export const uniquePhone = () => `15${crypto.randomInt(0, 10)}${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`

export async function createSignedInMember(
  options: { password?: string; nickname?: string; phone?: string; remember?: boolean; role?: MemberRole } = {},
) {
  const password = options.password ?? DEFAULT_PASSWORD
  const member = await prisma.member.create({
    data: {
      memberNo: `M${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}`,
      phone: options.phone ?? uniquePhone(),
      passwordHash: await bcrypt.hash(password, 4),
      nickname: options.nickname ?? unique('会员').slice(0, 20),
      role: options.role ?? 'member',
    },
  })
  const token = signMemberToken(member, options.remember ?? false)
  return { member, password, token, auth: `Bearer ${token}` }
}

/** Signed with the real secret but already expired. */
export const expiredToken = (member: { id: number; tokenVersion: number }) =>
  jwt.sign({ ver: member.tokenVersion, exp: Math.floor(Date.now() / 1000) - 60 }, env.jwtSecret, {
    algorithm: 'HS256',
    subject: String(member.id),
  })

/** Same signature, payload swapped to another member id: must fail verification. */
export function tamperedToken(token: string, otherMemberId: number) {
  const [header, payload, signature] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  claims.sub = String(otherMemberId)
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.')
}

/** An unsigned ("alg: none") token claiming to be the member. */
export const unsignedToken = (member: { id: number; tokenVersion: number }) =>
  jwt.sign({ ver: member.tokenVersion }, '', { algorithm: 'none', subject: String(member.id) })

/** A token signed with some other secret. */
export const foreignToken = (member: { id: number; tokenVersion: number }) =>
  jwt.sign({ ver: member.tokenVersion }, 'x'.repeat(48), { algorithm: 'HS256', subject: String(member.id), expiresIn: '1d' })

// ---------- files ----------

export function pngBytes(width = 4, height = 4): Buffer {
  const png = new PNG({ width, height })
  png.data.fill(200)
  return PNG.sync.write(png)
}

/** A PNG padded past `size` bytes with a trailing chunk-less tail (still sniffed as PNG). */
export const pngOfSize = (size: number) => Buffer.concat([pngBytes(), Buffer.alloc(Math.max(0, size - pngBytes().length))])

export const jpgBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])])

export const gifBytes = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from([0x3b])])

export function webpBytes(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.alloc(4 + 20, 0)])
  const size = Buffer.alloc(4)
  size.writeUInt32LE(body.length)
  return Buffer.concat([Buffer.from('RIFF'), size, body])
}

export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

export const mp4Bytes = (size = 64) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.alloc(Math.max(0, size - 24)),
  ])

/** An uncompressed zip archive. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text)
    const fileName = Buffer.from(name)
    const crc = zlib.crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export const docxBytes = () =>
  zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document/>',
  })

/** An OLE compound file whose directory names `stream` (WordDocument for .doc, Workbook for .xls). */
export function cfbBytes(stream = 'WordDocument'): Buffer {
  const header = Buffer.alloc(512)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header)
  header.writeUInt16LE(0x3e, 24)
  header.writeUInt16LE(3, 26)
  header.writeUInt16LE(0xfffe, 28)
  header.writeUInt16LE(9, 30)
  const directory = Buffer.alloc(512)
  Buffer.from('Root Entry', 'utf16le').copy(directory, 0)
  Buffer.from(stream, 'utf16le').copy(directory, 128)
  return Buffer.concat([header, directory])
}

// ---------- the sign-up flow through the API ----------

type Agent = ReturnType<typeof request>

/** A captcha solved the way a person would: the test reads the answer the server drew. */
export async function solvedCaptcha(app: Agent) {
  const { peekCaptchaAnswer } = await import('../features/member/captcha.service')
  const res = await app.post('/api/Member/captcha').send({})
  const captchaId = res.body.data.captchaId as string
  return { captchaId, captchaCode: peekCaptchaAnswer(captchaId) as string }
}

/** Sends an SMS code through the real action and returns what the dev provider delivered. */
export async function requestSmsCode(app: Agent, phone: string, purpose: 'register' | 'findPass') {
  const { peekDevSmsCode } = await import('../lib/sms/dev-sms-provider')
  const res = await app.post('/api/Member/sendAuthCode').send({ phone, purpose, ...(await solvedCaptcha(app)) })
  if (res.body.code !== 200) throw new Error(`sendAuthCode failed: ${JSON.stringify(res.body)}`)
  return peekDevSmsCode(phone) as string
}
