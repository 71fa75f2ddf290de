import crypto from 'node:crypto'
import { prisma } from '../../db'
import { env } from '../../env'
import { ApiError, Code } from '../../lib/api-error'
import { limitKey } from '../../lib/client-address'
import { logger } from '../../lib/logger'
import { SMS_OFF_MESSAGE, smsEnabled, smsProvider, type SmsNotice, type SmsPurpose } from '../../lib/sms/sms-provider'
import { withLock } from '../../data/lease'
import { authLimits, minutesText } from './auth-limits'
import { clock } from '../../lib/clock'
import { verifyCaptcha } from './captcha.service'
import type { SendAuthCodeInput } from './member.schemas'

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

const hashCode = (phone: string, purpose: SmsPurpose, code: string) =>
  crypto.createHmac('sha256', env.jwtSecret).update(`sms:${phone}:${purpose}:${code}`).digest('hex')

export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '')

/**
 * Send limits, counted from the AuthCode table so they survive restarts. Each (phone, address) pair
 * has its own interval and caps, so a stranger's sends never make a phone's owner wait; the per-address
 * cap spans phones. Past the phone's daily ceiling a pair that has sent today is refused, but an
 * address's first send of the day still goes out: the ceiling cannot lock the owner out.
 */
async function enforceSendLimits(phone: string, ip: string, now: number) {
  const hourAgo = now - HOUR_MS
  const dayAgo = new Date(now - DAY_MS)
  const [pairToday, perIp, perPhoneToday] = await Promise.all([
    prisma.authCode.findMany({
      where: { phone, ip, createdAt: { gt: dayAgo } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    }),
    ip ? prisma.authCode.count({ where: { ip, createdAt: { gt: new Date(hourAgo) } } }) : Promise.resolve(0),
    prisma.authCode.count({ where: { phone, createdAt: { gt: dayAgo } } }),
  ])
  const sent = pairToday.map((row) => row.createdAt.getTime())
  const wait = sent.length ? sent[sent.length - 1] + authLimits.sendIntervalMs - now : 0
  if (wait > 0) throw new ApiError(Code.RATE_LIMITED, `发送过于频繁，请 ${Math.ceil(wait / 1000)} 秒后再试`)
  if (sent.length >= authLimits.sendPerPairPerDay || (sent.length > 0 && perPhoneToday >= authLimits.sendPerPhonePerDay))
    throw new ApiError(Code.RATE_LIMITED, '该手机号今日获取验证码次数已达上限，请明天再试')
  const lastHour = sent.filter((time) => time > hourAgo)
  if (lastHour.length >= authLimits.sendPerPairPerHour) {
    const oldest = lastHour[lastHour.length - authLimits.sendPerPairPerHour]
    throw new ApiError(Code.RATE_LIMITED, `该手机号获取验证码次数过多，请 ${minutesText(oldest + HOUR_MS - now)}后再试`)
  }
  if (perIp >= authLimits.sendPerIpPerHour) throw new ApiError(Code.RATE_LIMITED, '获取验证码次数过多，请稍后再试')
}

/**
 * Sends a 6-digit code after the image captcha. Registration refuses a registered phone and
 * password recovery an unknown one, openly: registration has to say "already registered" anyway,
 * and the captcha plus the hourly caps keep bulk probing expensive.
 */
export async function sendAuthCode({ phone, purpose, captchaId, captchaCode }: SendAuthCodeInput, clientIp: string) {
  // Switched off by the operator: say so before anyone solves a captcha for nothing.
  if (!smsEnabled()) throw new ApiError(Code.FORBIDDEN, SMS_OFF_MESSAGE)
  await verifyCaptcha(captchaId, captchaCode)
  // Stored and counted per limit key: a whole IPv6 /64 is one client.
  const ip = limitKey(clientIp)
  const registered = await prisma.member.findUnique({ where: { phone }, select: { id: true } })
  if (purpose === 'register' && registered) throw new ApiError(Code.EXISTS, '该手机号已注册，请直接登录')
  if (purpose === 'findPass' && !registered) throw new ApiError(Code.NOT_FOUND, '该手机号尚未注册')
  const provider = smsProvider()
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')

  // Under one database lock, so two parallel sends (in any processes) cannot both pass the interval
  // check or the caps: the per-address cap spans phones, hence one lock for all sends. Sends are rare.
  const record = await withLock('sms-send', async () => {
    const now = clock.now()
    await enforceSendLimits(phone, ip, now)
    // Rows older than a day no longer count toward any cap.
    await prisma.authCode.deleteMany({ where: { createdAt: { lt: new Date(now - DAY_MS) } } })
    // Only the newest code of a phone and purpose is valid.
    await prisma.authCode.updateMany({ where: { phone, purpose, usedAt: null }, data: { usedAt: new Date(now) } })
    return prisma.authCode.create({
      data: {
        phone,
        purpose,
        ip,
        codeHash: hashCode(phone, purpose, code),
        expiresAt: new Date(now + authLimits.codeTtlMs),
        createdAt: new Date(now),
      },
      select: { id: true },
    })
  })

  try {
    await provider.send({ phone, code, purpose })
  } catch (error) {
    // The row stays (used up) so a failing gateway still counts toward the caps.
    await prisma.authCode.update({ where: { id: record.id }, data: { usedAt: new Date(clock.now()) } })
    logger.error({ err: error, provider: provider.name, phone: maskPhone(phone) }, 'sms delivery failed')
    throw new ApiError(Code.SERVER_ERROR, '短信发送失败，请稍后再试')
  }
  return { expiresIn: Math.round(authLimits.codeTtlMs / 1000), resendIn: Math.round(authLimits.sendIntervalMs / 1000) }
}

const CODE_GONE = '短信验证码已失效，请重新获取'

/**
 * Checks and uses up the newest code of a phone and purpose. A wrong guess counts; the last
 * allowed wrong guess voids the code. Each outcome is a conditional update of the row as it was
 * read (still unused, same attempt count), so guesses racing in several processes are counted one
 * by one: the loser of a race reads the row again and retries.
 */
export async function consumeAuthCode(phone: string, purpose: SmsPurpose, code: string) {
  for (;;) {
    const now = new Date(clock.now())
    const current = await prisma.authCode.findFirst({
      where: { phone, purpose, usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    })
    if (!current) throw new ApiError(Code.BAD_PARAMS, CODE_GONE)
    const unchanged = { id: current.id, usedAt: null, attempts: current.attempts }
    const expected = Buffer.from(current.codeHash, 'hex')
    const actual = Buffer.from(hashCode(phone, purpose, code), 'hex')
    if (crypto.timingSafeEqual(expected, actual)) {
      // Only the attempt count may have moved meanwhile, and it does not matter while the code is unused.
      const { count } = await prisma.authCode.updateMany({ where: { id: current.id, usedAt: null }, data: { usedAt: now } })
      if (count === 1) return
      throw new ApiError(Code.BAD_PARAMS, CODE_GONE)
    }
    const attempts = current.attempts + 1
    const isExhausted = attempts >= authLimits.codeMaxAttempts
    const { count } = await prisma.authCode.updateMany({ where: unchanged, data: { attempts, usedAt: isExhausted ? now : null } })
    if (count === 1) throw new ApiError(Code.BAD_PARAMS, isExhausted ? '短信验证码错误次数过多，请重新获取' : '短信验证码错误')
  }
}

/**
 * An account notice by SMS (issue 25), for a member who opted in: counted with the codes toward the
 * phone's daily cap (an AuthCode row of purpose `notice`, used up at once) and never sent past it.
 * Answers whether it went out; a provider without `notify` (a cloud provider without its notice
 * template) sends nothing and counts nothing.
 */
export async function sendNoticeSms(phone: string, notice: Omit<SmsNotice, 'phone'>): Promise<boolean> {
  if (!smsEnabled()) return false
  let provider
  try {
    provider = smsProvider()
  } catch {
    return false
  }
  if (!provider.notify) return false
  const isAllowed = await withLock('sms-send', async () => {
    const now = clock.now()
    const today = await prisma.authCode.count({ where: { phone, createdAt: { gt: new Date(now - DAY_MS) } } })
    if (today >= authLimits.sendPerPhonePerDay) return false
    const at = new Date(now)
    await prisma.authCode.create({ data: { phone, purpose: 'notice', codeHash: '', expiresAt: at, usedAt: at, createdAt: at } })
    return true
  })
  if (!isAllowed) return false
  try {
    await provider.notify({ phone, ...notice })
    return true
  } catch (error) {
    logger.error({ err: error, provider: provider.name, phone: maskPhone(phone) }, 'sms notice delivery failed')
    return false
  }
}
