import crypto from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import { prisma } from '../../db'
import { env } from '../../env'
import { ApiError, Code } from '../../lib/api-error'
import { limitKey } from '../../lib/client-address'
import { logger } from '../../lib/logger'
import { authLimits, captchaRequests } from './auth-limits'
import { clock } from '../../lib/clock'

// Answers of recent challenges, outside production only, for tests running in this process.
const recentAnswers = new Map<string, string>()

const hashAnswer = (captchaId: string, answer: string) =>
  crypto.createHmac('sha256', env.jwtSecret).update(`captcha:${captchaId}:${answer.trim().toLowerCase()}`).digest('hex')

/** A fresh image challenge; the answer is stored only as a keyed hash. */
export async function createCaptcha(ip: string) {
  // Refused requests count too; the window is fixed, so they cannot stretch a block past its minute.
  const requests = await captchaRequests.add(limitKey(ip))
  if (requests.points > authLimits.captchaPerIpPerMinute) throw new ApiError(Code.RATE_LIMITED, '操作过于频繁，请稍后再试')
  const captcha = svgCaptcha.create({ size: 4, noise: 3, color: true, width: 120, height: 40, ignoreChars: '0oO1lIi' })
  const captchaId = crypto.randomBytes(16).toString('base64url')
  const now = clock.now()
  // Expired challenges are useless; sweeping here keeps the table small without a timer.
  await prisma.captchaChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now) } } })
  await prisma.captchaChallenge.create({
    data: {
      id: captchaId,
      answerHash: hashAnswer(captchaId, captcha.text),
      expiresAt: new Date(now + authLimits.captchaTtlMs),
      createdAt: new Date(now),
    },
  })
  if (!env.isProduction) {
    recentAnswers.set(captchaId, captcha.text)
    if (recentAnswers.size > 200) recentAnswers.delete(recentAnswers.keys().next().value as string)
    // Browser tests run the server as a child process and solve the challenge from this line.
    // Never written in production.
    logger.info(`图形验证码 captchaId=${captchaId} answer=${captcha.text}`)
  }
  return {
    captchaId,
    image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
    expiresIn: Math.round(authLimits.captchaTtlMs / 1000),
  }
}

/** Checks an answer. Any attempt uses the challenge up, so each image allows exactly one guess. */
export async function verifyCaptcha(captchaId: string, answer: string) {
  const now = new Date(clock.now())
  const challenge = await prisma.captchaChallenge.findUnique({ where: { id: captchaId } })
  const claimed = await prisma.captchaChallenge.updateMany({
    where: { id: captchaId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  })
  recentAnswers.delete(captchaId)
  if (!challenge || claimed.count !== 1) throw new ApiError(Code.BAD_PARAMS, '图形验证码已失效，请刷新后重试')
  const expected = Buffer.from(challenge.answerHash, 'hex')
  const actual = Buffer.from(hashAnswer(captchaId, answer), 'hex')
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) throw new ApiError(Code.BAD_PARAMS, '图形验证码错误')
}

/** The answer of a recent challenge; always undefined in production. For tests only. */
export const peekCaptchaAnswer = (captchaId: string): string | undefined => (env.isProduction ? undefined : recentAnswers.get(captchaId))

/** Forgets every address's image count. For tests only. */
export const resetCaptchaLimits = () => captchaRequests.clear()
