import { execFileSync } from 'node:child_process'
import bcrypt from 'bcryptjs'
import jwt from 'jsonwebtoken'
import request from '../../test/request'
import { PASSWORD_PATTERN } from '../../../common/rules/password'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { Code } from '../../lib/api-error'
import { projectRoot } from '../../lib/database-url'
import { peekDevSmsCode } from '../../lib/sms/dev-sms-provider'
import { createCourse, createSpecial, createTeacher, createTeacherVideo } from '../../test/factories'
import {
  createSignedInMember,
  expiredToken,
  foreignToken,
  pngBytes,
  requestSmsCode,
  solvedCaptcha,
  tamperedToken,
  uniquePhone,
  unsignedToken,
} from '../../test/member-factories'
import { authLimits, defaultAuthLimits, loginTurns } from './auth-limits'
import { clock } from '../../lib/clock'
import { peekCaptchaAnswer, resetCaptchaLimits } from './captcha.service'
import { resetLoginLimits } from './member.service'

const app = createApp()
const api = () => request(app)
const realNow = clock.now

let offset = 0
/** Moves the clock the limits use; the database rows are stamped with it too. */
const advance = (ms: number) => {
  offset += ms
}

beforeEach(async () => {
  offset = 0
  clock.now = () => realNow() + offset
  // Every test here sends from 127.0.0.1; the per-address cap gets its own test.
  Object.assign(authLimits, defaultAuthLimits, { sendPerIpPerHour: 100_000 })
  await resetCaptchaLimits()
  await resetLoginLimits()
})
afterAll(() => {
  clock.now = realNow
})

const failure = (code: number, msg: string) => ({ code, msg, data: null })

/** The app behind a proxy on this machine: each request says which client address it came from. */
const proxied = createApp()
proxied.set('trust proxy', 'loopback')
const from = (address: string) => ({
  post: (path: string) => request(proxied).post(path).set('X-Forwarded-For', address),
})

async function register(phone = uniquePhone(), overrides: Record<string, unknown> = {}) {
  const code = await requestSmsCode(api(), phone, 'register')
  const body = { phone, code, password: 'abc12345', confirmPassword: 'abc12345', nickname: '新会员', agree: true, ...overrides }
  return { phone, code, res: await api().post('/api/Member/register').send(body) }
}

describe('POST /api/Member/captcha', () => {
  test('answers an SVG image and stores only a hash of the answer', async () => {
    const res = await api().post('/api/Member/captcha').send({})

    expect(res.body).toMatchObject({ code: Code.OK, data: { captchaId: expect.any(String), expiresIn: 300 } })
    const svg = Buffer.from(res.body.data.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    const answer = peekCaptchaAnswer(res.body.data.captchaId) as string
    expect(answer).toMatch(/^[A-Za-z0-9]{4}$/)
    const row = await prisma.captchaChallenge.findUniqueOrThrow({ where: { id: res.body.data.captchaId } })
    expect(row.answerHash).not.toContain(answer)
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('limits how many images one address may ask for in a minute', async () => {
    authLimits.captchaPerIpPerMinute = 2
    await api().post('/api/Member/captcha').send({})
    await api().post('/api/Member/captcha').send({})

    const res = await api().post('/api/Member/captcha').send({})

    expect(res.status).toBe(429)
    expect(res.body).toEqual(failure(Code.RATE_LIMITED, '操作过于频繁，请稍后再试'))
    advance(61_000)
    expect((await api().post('/api/Member/captcha').send({})).body.code).toBe(Code.OK)
  })

  test('counts a whole IPv6 /64 as one address, and another /64 apart', async () => {
    authLimits.captchaPerIpPerMinute = 2
    await from('2001:db8:aa:1::1').post('/api/Member/captcha').send({})
    await from('2001:db8:aa:1:8000::2').post('/api/Member/captcha').send({})

    const sameNetwork = await from('2001:db8:aa:1:ffff:ffff:ffff:fffe').post('/api/Member/captcha').send({})
    const otherNetwork = await from('2001:db8:aa:2::1').post('/api/Member/captcha').send({})
    const ipv4 = await from('203.0.113.9').post('/api/Member/captcha').send({})

    expect(sameNetwork.body).toEqual(failure(Code.RATE_LIMITED, '操作过于频繁，请稍后再试'))
    expect(otherNetwork.body.code).toBe(Code.OK)
    expect(ipv4.body.code).toBe(Code.OK)
  })
})

describe('POST /api/Member/sendAuthCode', () => {
  test('sends a 6-digit code after the captcha and stores it only hashed', async () => {
    const phone = uniquePhone()
    const res = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { expiresIn: 300, resendIn: 60 } })
    const code = peekDevSmsCode(phone) as string
    expect(code).toMatch(/^\d{6}$/)
    const row = await prisma.authCode.findFirstOrThrow({ where: { phone } })
    expect(row).toMatchObject({ purpose: 'register', attempts: 0, usedAt: null })
    expect(row.codeHash).not.toContain(code)
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000)
  })

  test('refuses a wrong captcha answer and uses the image up', async () => {
    const phone = uniquePhone()
    const { captchaId, captchaCode } = await solvedCaptcha(api())
    const wrong = captchaCode === 'zzzz' ? 'yyyy' : 'zzzz'

    const first = await api().post('/api/Member/sendAuthCode').send({ phone, purpose: 'register', captchaId, captchaCode: wrong })
    const second = await api().post('/api/Member/sendAuthCode').send({ phone, purpose: 'register', captchaId, captchaCode })

    expect(first.body).toEqual(failure(Code.BAD_PARAMS, '图形验证码错误'))
    expect(second.body).toEqual(failure(Code.BAD_PARAMS, '图形验证码已失效，请刷新后重试'))
    expect(await prisma.authCode.count({ where: { phone } })).toBe(0)
  })

  test('accepts the captcha answer in any letter case', async () => {
    const phone = uniquePhone()
    const { captchaId, captchaCode } = await solvedCaptcha(api())
    const flipped = [...captchaCode].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')

    const res = await api().post('/api/Member/sendAuthCode').send({ phone, purpose: 'register', captchaId, captchaCode: flipped })

    expect(res.body.code).toBe(Code.OK)
  })

  test('refuses a captcha older than five minutes and an unknown captcha id', async () => {
    const phone = uniquePhone()
    const captcha = await solvedCaptcha(api())
    advance(5 * 60_000 + 1000)

    const late = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...captcha })
    const unknown = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', captchaId: 'nope', captchaCode: 'abcd' })

    expect(late.body).toEqual(failure(Code.BAD_PARAMS, '图形验证码已失效，请刷新后重试'))
    expect(unknown.body).toEqual(failure(Code.BAD_PARAMS, '图形验证码已失效，请刷新后重试'))
  })

  test('refuses registration codes for a registered phone and recovery codes for an unknown one', async () => {
    const { member } = await createSignedInMember()
    const stranger = uniquePhone()

    const taken = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone: member.phone, purpose: 'register', ...(await solvedCaptcha(api())) })
    const unknown = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone: stranger, purpose: 'findPass', ...(await solvedCaptcha(api())) })

    expect(taken.body).toEqual(failure(Code.EXISTS, '该手机号已注册，请直接登录'))
    expect(unknown.body).toEqual(failure(Code.NOT_FOUND, '该手机号尚未注册'))
    expect(await prisma.authCode.count({ where: { phone: { in: [member.phone as string, stranger] } } })).toBe(0)
  })

  test.each([
    [{ phone: '12345678901', purpose: 'register', captchaId: 'x', captchaCode: 'abcd' }, '请输入正确的手机号'],
    [{ phone: '13800000000', purpose: 'login', captchaId: 'x', captchaCode: 'abcd' }, '验证码用途不正确'],
    [{ phone: '13800000000', purpose: 'register', captchaCode: 'abcd' }, '请先获取图形验证码'],
    [{ phone: '13800000000', purpose: 'register', captchaId: 'x', captchaCode: '' }, '请输入图形验证码'],
  ])('refuses bad parameters %#', async (body, msg) => {
    const res = await api().post('/api/Member/sendAuthCode').send(body)

    expect(res.status).toBe(400)
    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
  })

  test('allows one send per phone and address per minute; another address need not wait', async () => {
    const phone = uniquePhone()
    await requestSmsCode(api(), phone, 'register')

    const again = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })
    const elsewhere = await from('198.51.100.31')
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })

    expect(again.status).toBe(429)
    expect(again.body.msg).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/)
    expect(elsewhere.body.code).toBe(Code.OK)
    advance(61_000)
    await expect(requestSmsCode(api(), phone, 'register')).resolves.toMatch(/^\d{6}$/)
  })

  test('caps sends per phone and address per hour, without blocking another phone or another address', async () => {
    const phone = uniquePhone()
    for (let i = 0; i < 5; i++) {
      await requestSmsCode(api(), phone, 'register')
      advance(61_000)
    }

    const capped = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })
    const otherPhone = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone: uniquePhone(), purpose: 'register', ...(await solvedCaptcha(api())) })
    const otherAddress = await from('198.51.100.32')
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })

    expect(capped.status).toBe(429)
    expect(capped.body.msg).toMatch(/^该手机号获取验证码次数过多，请 \d+ 分钟后再试$/)
    expect(otherPhone.body.code).toBe(Code.OK)
    expect(otherAddress.body.code).toBe(Code.OK)
    advance(60 * 60_000)
    await expect(requestSmsCode(api(), phone, 'register')).resolves.toMatch(/^\d{6}$/)
  })

  test('caps sends per phone and address per day, however they are spread over the hours', async () => {
    const phone = uniquePhone()
    for (let i = 0; i < 10; i++) {
      await requestSmsCode(api(), phone, 'register')
      advance(2 * 60 * 60_000)
    }

    const capped = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })

    expect(capped.status).toBe(429)
    expect(capped.body.msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试')
    advance(4 * 60 * 60_000)
    await expect(requestSmsCode(api(), phone, 'register')).resolves.toMatch(/^\d{6}$/)
    // These codes are dated a day ahead of the next test's clock; they must not count there.
    await prisma.authCode.deleteMany({ where: { phone } })
  })

  test('a stranger who used up their own sends for a phone leaves its owner free to recover the password', async () => {
    const owner = await createSignedInMember()
    const phone = owner.member.phone as string
    const stranger = from('203.0.113.41')
    const sendAs = async (who: typeof stranger) =>
      who.post('/api/Member/sendAuthCode').send({ phone, purpose: 'findPass', ...(await solvedCaptcha(api())) })
    for (let i = 0; i < authLimits.sendPerPairPerHour; i++) {
      expect((await sendAs(stranger)).body.code).toBe(Code.OK)
      advance(61_000)
    }
    expect((await sendAs(stranger)).body.msg).toMatch(/^该手机号获取验证码次数过多，请 \d+ 分钟后再试$/)

    const ownersSend = await sendAs(from('198.51.100.41'))
    const reset = await from('198.51.100.41')
      .post('/api/Member/findPass')
      .send({ phone, code: peekDevSmsCode(phone), password: 'reset2026x', confirmPassword: 'reset2026x' })

    expect(ownersSend.body).toEqual({ code: Code.OK, msg: '操作成功', data: { expiresIn: 300, resendIn: 60 } })
    expect(reset.body).toEqual({ code: Code.OK, msg: '操作成功', data: null })
  })

  test("past a phone's daily ceiling an address gets its first code of the day for it, and no more", async () => {
    authLimits.sendPerPhonePerDay = 3
    const phone = uniquePhone()
    const sendFrom = async (address: string) =>
      from(address)
        .post('/api/Member/sendAuthCode')
        .send({ phone, purpose: 'register', ...(await solvedCaptcha(api())) })
    for (const address of ['203.0.113.51', '203.0.113.52', '203.0.113.53']) expect((await sendFrom(address)).body.code).toBe(Code.OK)
    advance(61_000)

    const again = await sendFrom('203.0.113.51')
    const newcomer = await sendFrom('198.51.100.51')

    expect(again.body).toEqual(failure(Code.RATE_LIMITED, '该手机号今日获取验证码次数已达上限，请明天再试'))
    expect(newcomer.body.code).toBe(Code.OK)
    advance(61_000)
    expect((await sendFrom('198.51.100.51')).body).toEqual(failure(Code.RATE_LIMITED, '该手机号今日获取验证码次数已达上限，请明天再试'))
  })

  test('caps sends per client address per hour, counted from stored codes', async () => {
    authLimits.sendPerIpPerHour = 3
    // Earlier tests here sent from this address (some up to ~1 h ahead); start well past them.
    advance(3 * 60 * 60_000)
    for (let i = 0; i < 3; i++) await requestSmsCode(api(), uniquePhone(), 'register')

    const res = await api()
      .post('/api/Member/sendAuthCode')
      .send({ phone: uniquePhone(), purpose: 'register', ...(await solvedCaptcha(api())) })

    expect(res.status).toBe(429)
    expect(res.body).toEqual(failure(Code.RATE_LIMITED, '获取验证码次数过多，请稍后再试'))
  })

  test('counts sends per IPv6 /64, storing the network rather than the address', async () => {
    authLimits.sendPerIpPerHour = 2
    const send = async (address: string) =>
      from(address)
        .post('/api/Member/sendAuthCode')
        .send({ phone: uniquePhone(), purpose: 'register', ...(await solvedCaptcha(api())) })
    expect((await send('2001:db8:bb:7::10')).body.code).toBe(Code.OK)
    expect((await send('2001:db8:bb:7::20')).body.code).toBe(Code.OK)

    const sameNetwork = await send('2001:db8:bb:7:1234::30')
    const otherNetwork = await send('2001:db8:bb:8::10')

    expect(sameNetwork.body).toEqual(failure(Code.RATE_LIMITED, '获取验证码次数过多，请稍后再试'))
    expect(otherNetwork.body.code).toBe(Code.OK)
    expect(await prisma.authCode.count({ where: { ip: '2001:db8:bb:7::/64' } })).toBe(2)
    expect(await prisma.authCode.count({ where: { ip: { startsWith: '2001:db8:bb:7::1' } } })).toBe(0)
  })

  test('keeps only the newest code of a phone valid', async () => {
    const phone = uniquePhone()
    const first = await requestSmsCode(api(), phone, 'register')
    advance(61_000)
    const second = await requestSmsCode(api(), phone, 'register')
    const base = { phone, password: 'abc12345', nickname: '两次', agree: true }

    const old = await api()
      .post('/api/Member/register')
      .send({ ...base, code: first })
    const fresh = await api()
      .post('/api/Member/register')
      .send({ ...base, code: second })

    expect(old.body).toEqual(first === second ? expect.anything() : failure(Code.BAD_PARAMS, '短信验证码错误'))
    expect(fresh.body.code).toBe(Code.OK)
  })
})

describe('POST /api/Member/register', () => {
  test('registers with captcha and SMS code, records consent and signs the member in', async () => {
    await prisma.aboutPage.upsert({
      where: { key: 'terms' },
      create: { key: 'terms', title: '服务条款', content: '…', version: '3' },
      update: { version: '3' },
    })
    await prisma.aboutPage.upsert({
      where: { key: 'privacy' },
      create: { key: 'privacy', title: '隐私政策', content: '…', version: '2' },
      update: { version: '2' },
    })
    const before = Date.now()

    const { phone, res } = await register(uniquePhone(), { termsVersion: 'terms:3;privacy:2' })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { token: expect.any(String), member_no: expect.stringMatching(/^M\d{8}$/), nickname: '新会员', expiresAt: expect.any(String) },
    })
    const member = await prisma.member.findUniqueOrThrow({ where: { phone } })
    expect(member).toMatchObject({ memberNo: res.body.data.member_no, termsVersion: 'terms:3;privacy:2', nickname: '新会员' })
    expect(member.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(member.passwordHash).not.toContain('abc12345')
    expect(await bcrypt.compare('abc12345', member.passwordHash)).toBe(true)
    const info = await api().post('/api/Member/getUserInfo').set('Authorization', `Bearer ${res.body.data.token}`).send({})
    expect(info.body.data.member_no).toBe(member.memberNo)
  })

  test.each([
    [{ agree: false }, '请阅读并同意服务条款和隐私政策'],
    [{ agree: 'true' }, '请阅读并同意服务条款和隐私政策'],
    [{ agree: undefined }, '请阅读并同意服务条款和隐私政策'],
    [{ password: 'abc123', confirmPassword: 'abc123' }, '密码长度须为 8-20 位'],
    [{ password: 'abcdefghij', confirmPassword: 'abcdefghij' }, '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'],
    [{ password: '1234567890', confirmPassword: '1234567890' }, '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'],
    [{ password: 'abc 12345', confirmPassword: 'abc 12345' }, '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'],
    [{ password: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) }, '密码长度须为 8-20 位'],
    [{ confirmPassword: 'abc123456' }, '两次输入的密码不一致'],
    [{ nickname: '' }, '请输入昵称'],
    [{ nickname: '<b>x</b>' }, '昵称不能包含特殊字符'],
    [{ code: '12345' }, '短信验证码为 6 位数字'],
  ])('refuses %o and creates nobody', async (overrides, msg) => {
    const phone = uniquePhone()

    const { res } = await register(phone, overrides)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.member.count({ where: { phone } })).toBe(0)
  })

  test('the exported password rule accepts what the server accepts', () => {
    expect(PASSWORD_PATTERN.test('abc12345')).toBe(true)
    expect(PASSWORD_PATTERN.test('Pass_word-9!')).toBe(true)
    expect(PASSWORD_PATTERN.test('abcdefgh')).toBe(false)
    expect(PASSWORD_PATTERN.test('密码abc12345')).toBe(false)
  })

  test('never tells a stranger whether a phone is registered: without its SMS code both answer alike', async () => {
    const registered = uniquePhone()
    await createSignedInMember({ phone: registered })
    const body = (phone: string) => ({ phone, code: '000000', password: 'abc12345', nickname: '探测', agree: true })

    const known = await api().post('/api/Member/register').send(body(registered))
    const unknown = await api().post('/api/Member/register').send(body(uniquePhone()))

    expect(known.status).toBe(unknown.status)
    expect(known.body).toEqual(unknown.body)
    expect(known.body.code).not.toBe(Code.EXISTS)
  })

  test('refuses a duplicate phone with a clear message', async () => {
    const phone = uniquePhone()
    const code = await requestSmsCode(api(), phone, 'register')
    await createSignedInMember({ phone })

    const res = await api().post('/api/Member/register').send({ phone, code, password: 'abc12345', nickname: '重复', agree: true })

    expect(res.status).toBe(409)
    expect(res.body).toEqual(failure(Code.EXISTS, '该手机号已注册'))
    expect(await prisma.member.count({ where: { phone } })).toBe(1)
  })

  test('refuses consent to outdated terms', async () => {
    const phone = uniquePhone()

    const { res } = await register(phone, { termsVersion: 'terms:0;privacy:0' })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '服务条款或隐私政策已更新，请刷新页面后重新阅读并同意'))
    expect(await prisma.member.count({ where: { phone } })).toBe(0)
  })

  test('voids a code after five wrong guesses', async () => {
    const phone = uniquePhone()
    const code = await requestSmsCode(api(), phone, 'register')
    const wrong = code === '000000' ? '111111' : '000000'
    const body = { phone, password: 'abc12345', nickname: '猜码', agree: true }
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await api()
            .post('/api/Member/register')
            .send({ ...body, code: wrong })
        ).body.msg,
      )

    const right = await api()
      .post('/api/Member/register')
      .send({ ...body, code })

    expect(answers).toEqual([...Array(4).fill('短信验证码错误'), '短信验证码错误次数过多，请重新获取'])
    expect(right.body).toEqual(failure(Code.BAD_PARAMS, '短信验证码已失效，请重新获取'))
    expect(await prisma.member.count({ where: { phone } })).toBe(0)
  })

  test('refuses a code older than five minutes', async () => {
    const phone = uniquePhone()
    const code = await requestSmsCode(api(), phone, 'register')
    advance(5 * 60_000 + 1000)

    const res = await api().post('/api/Member/register').send({ phone, code, password: 'abc12345', nickname: '迟到', agree: true })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '短信验证码已失效，请重新获取'))
  })

  test('refuses a code sent for password recovery', async () => {
    const { member } = await createSignedInMember()
    const code = await requestSmsCode(api(), member.phone as string, 'findPass')
    await prisma.member.update({ where: { id: member.id }, data: { phone: null } })

    const res = await api()
      .post('/api/Member/register')
      .send({ phone: member.phone, code, password: 'abc12345', nickname: '串用', agree: true })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '短信验证码已失效，请重新获取'))
  })
})

describe('POST /api/Member/logout', () => {
  const signIn = async (phone: string) =>
    (await api().post('/api/Member/login').send({ phone, password: 'secret2026' })).body.data.token as string
  const userInfo = (token: string) => api().post('/api/Member/getUserInfo').set('Authorization', `Bearer ${token}`)

  test('ends the session of this token at once, and no other', async () => {
    const { member } = await createSignedInMember()
    const laptop = await signIn(member.phone!)
    const phone = await signIn(member.phone!)
    expect((await userInfo(laptop)).body.code).toBe(Code.OK)

    const res = await api().post('/api/Member/logout').set('Authorization', `Bearer ${laptop}`)

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: null })
    expect((await userInfo(laptop)).body).toEqual(failure(Code.NEED_LOGIN, '登录已失效，请重新登录'))
    expect((await userInfo(phone)).body.code).toBe(Code.OK)
    expect(await prisma.revokedToken.count({ where: { memberId: member.id } })).toBe(1)
  })

  test('needs a valid token, and ends every session for a token that names none', async () => {
    const { member } = await createSignedInMember()
    const other = await signIn(member.phone!)
    const legacy = jwt.sign({ ver: member.tokenVersion }, env.jwtSecret, {
      algorithm: 'HS256',
      subject: String(member.id),
      expiresIn: '1d',
    })

    expect((await api().post('/api/Member/logout')).body.code).toBe(Code.NEED_LOGIN)
    expect((await api().post('/api/Member/logout').set('Authorization', `Bearer ${legacy}`)).body.code).toBe(Code.OK)
    expect((await userInfo(legacy)).body.code).toBe(Code.NEED_LOGIN)
    expect((await userInfo(other)).body.code).toBe(Code.NEED_LOGIN)
  })
})

describe('POST /api/Member/login', () => {
  test('answers member_no, nickname and a one-day token; fifteen days with isWithout', async () => {
    const { member, password } = await createSignedInMember()

    const day = await api().post('/api/Member/login').send({ phone: member.phone, password, isWithout: false })
    const remembered = await api().post('/api/Member/login').send({ phone: member.phone, password, isWithout: true })

    expect(day.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { token: expect.any(String), member_no: member.memberNo, nickname: member.nickname, expiresAt: expect.any(String) },
    })
    const lifetime = (token: string) => {
      const { iat, exp } = jwt.decode(token) as { iat: number; exp: number }
      return exp - iat
    }
    expect(lifetime(day.body.data.token)).toBe(24 * 3600)
    expect(lifetime(remembered.body.data.token)).toBe(15 * 24 * 3600)
    expect(new Date(remembered.body.data.expiresAt).getTime()).toBe((jwt.decode(remembered.body.data.token) as { exp: number }).exp * 1000)
    expect(JSON.stringify(day.body)).not.toMatch(/passwordHash|\$2[aby]\$/)
  })

  test('gives the same answer for a wrong password and an unknown phone', async () => {
    const { member } = await createSignedInMember()

    const wrong = await api().post('/api/Member/login').send({ phone: member.phone, password: 'wrong12345' })
    const unknown = await api().post('/api/Member/login').send({ phone: uniquePhone(), password: 'wrong12345' })

    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual(failure(Code.BAD_PARAMS, '手机号或密码错误'))
    expect(unknown.body).toEqual(wrong.body)
  })

  test.each([
    [{ password: 'abc12345' }, '请输入手机号'],
    [{ phone: '1380013800', password: 'abc12345' }, '请输入正确的手机号'],
    [{ phone: '13800138000' }, '请输入密码'],
  ])('refuses bad parameters %o', async (body, msg) => {
    const res = await api().post('/api/Member/login').send(body)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
  })

  const login = (phone: string | null, password: string, extra: object = {}) =>
    api()
      .post('/api/Member/login')
      .send({ phone, password, ...extra })
  const wrong = (phone: string | null) => login(phone, 'wrong12345')

  test('asks for the image captcha after three failures for a phone, and never locks the account', async () => {
    const owner = await createSignedInMember()
    const other = await createSignedInMember()
    const before = await prisma.member.findUniqueOrThrow({ where: { id: owner.member.id } })
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await wrong(owner.member.phone))

    const withoutCaptcha = await login(owner.member.phone, owner.password)
    const unaffected = await login(other.member.phone, other.password)

    expect(answers.map((res) => [res.status, res.body])).toEqual([
      [400, failure(Code.BAD_PARAMS, '手机号或密码错误')],
      [400, failure(Code.BAD_PARAMS, '手机号或密码错误')],
      [428, failure(Code.CAPTCHA_REQUIRED, '手机号或密码错误，请输入图形验证码')],
    ])
    expect(withoutCaptcha.status).toBe(428)
    expect(withoutCaptcha.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(unaffected.body.code).toBe(Code.OK)
    expect(await prisma.member.findUniqueOrThrow({ where: { id: owner.member.id } })).toEqual(before)

    const { captchaId, captchaCode } = await solvedCaptcha(api())
    const badCaptcha = await login(owner.member.phone, owner.password, { captchaId, captchaCode: captchaCode === 'zzzz' ? 'yyyy' : 'zzzz' })
    expect(badCaptcha.body).toEqual(failure(Code.BAD_PARAMS, '图形验证码错误'))
    const signedIn = await login(owner.member.phone, owner.password, await solvedCaptcha(api()))
    expect(signedIn.body.code).toBe(Code.OK)
    // Signed in, the phone starts over: no captcha next time.
    expect((await login(owner.member.phone, owner.password)).body.code).toBe(Code.OK)
  })

  test('treats empty captcha fields as missing ones', async () => {
    const owner = await createSignedInMember()
    for (let i = 0; i < 3; i++) await wrong(owner.member.phone)

    const res = await login(owner.member.phone, owner.password, { captchaId: '', captchaCode: ' ' })
    const notNeeded = await login((await createSignedInMember()).member.phone, 'secret2026', { captchaId: '', captchaCode: '' })

    expect(res.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(notNeeded.body.code).toBe(Code.OK)
  })

  test('the owner signs in from another address with a captcha while the guessing address waits', async () => {
    const owner = await createSignedInMember({ role: 'admin' })
    const phone = owner.member.phone
    const attacker = from('203.0.113.66')
    for (let i = 0; i < 4; i++)
      await attacker.post('/api/Member/login').send({ phone, password: 'wrong12345', ...(await solvedCaptcha(api())) })

    const attackerAgain = await attacker
      .post('/api/Member/login')
      .send({ phone, password: owner.password, ...(await solvedCaptcha(api())) })
    const ownerBare = await from('198.51.100.7').post('/api/Member/login').send({ phone, password: owner.password })
    const ownerSolved = await from('198.51.100.7')
      .post('/api/Member/login')
      .send({ phone, password: owner.password, ...(await solvedCaptcha(api())) })

    expect(attackerAgain.status).toBe(429)
    expect(attackerAgain.body).toEqual(failure(Code.RATE_LIMITED, '登录尝试过于频繁，请 1 秒后再试'))
    expect(ownerBare.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(ownerSolved.body).toMatchObject({ code: Code.OK, data: { member_no: owner.member.memberNo } })
  })

  test("doubles a guessing pair's wait after each failure, up to the cap, without slowing the phone elsewhere", async () => {
    authLimits.loginDelayMaxMs = 8000
    // Stopped, so only `advance` moves time and the waits can be met to the millisecond.
    const stopped = realNow()
    clock.now = () => stopped + offset
    const owner = await createSignedInMember()
    const phone = owner.member.phone
    const guess = async (password = 'wrong12345') =>
      from('203.0.113.77')
        .post('/api/Member/login')
        .send({ phone, password, ...(await solvedCaptcha(api())) })
    const waits: string[] = []
    for (let i = 0; i < 3; i++) expect((await guess()).body.msg).toMatch(/^手机号或密码错误/)
    for (const seconds of [1, 2, 4, 8, 8]) {
      expect((await guess()).body.msg).toMatch(/^手机号或密码错误/)
      waits.push((await guess()).body.msg)
      advance(seconds * 1000 - 1)
      expect((await guess()).body.code).toBe(Code.RATE_LIMITED)
      advance(1)
    }

    expect(waits).toEqual([1, 2, 4, 8, 8].map((n) => `登录尝试过于频繁，请 ${n} 秒后再试`))
    const elsewhere = await from('198.51.100.8')
      .post('/api/Member/login')
      .send({ phone, password: owner.password, ...(await solvedCaptcha(api())) })
    expect(elsewhere.body.code).toBe(Code.OK)
    // The pair itself, its wait over, gets in with the right password too, and starts over.
    expect((await guess(owner.password)).body.code).toBe(Code.OK)
    expect((await guess()).body.code).toBe(Code.BAD_PARAMS)
  })

  test('a burst of parallel guesses from many addresses gets only three tries without the captcha', async () => {
    const { member } = await createSignedInMember()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        from(`203.0.113.${100 + i}`)
          .post('/api/Member/login')
          .send({ phone: member.phone, password: 'wrong12345' }),
      ),
    )

    expect(answers.map((res) => res.body.msg).sort()).toEqual([
      '手机号或密码错误',
      '手机号或密码错误',
      '手机号或密码错误，请输入图形验证码',
      '登录失败次数较多，请输入图形验证码',
      '登录失败次数较多，请输入图形验证码',
      '登录失败次数较多，请输入图形验证码',
    ])
  })

  test('a pair tries one sign-in at a time: an attempt in flight, even in another process, holds the turn', async () => {
    const { member, password } = await createSignedInMember()
    // What an attempt that has started elsewhere leaves in the database.
    await loginTurns.add(`${member.phone}|127.0.0.1`)

    const busy = await login(member.phone, password)
    advance(authLimits.loginTurnMs)
    const free = await login(member.phone, password)

    expect(busy.status).toBe(429)
    expect(busy.body).toEqual(failure(Code.RATE_LIMITED, `登录尝试过于频繁，请 ${authLimits.loginTurnMs / 1000} 秒后再试`))
    expect(free.body.code).toBe(Code.OK)
  })

  test('many failures from one address ask every phone signing in from it for the captcha', async () => {
    authLimits.loginCaptchaAfterIpFailures = 3
    const member = await createSignedInMember()
    const school = from('192.0.2.10')
    for (let i = 0; i < 3; i++) await school.post('/api/Member/login').send({ phone: uniquePhone(), password: 'wrong12345' })

    const bare = await school.post('/api/Member/login').send({ phone: member.member.phone, password: member.password })
    const solved = await school
      .post('/api/Member/login')
      .send({ phone: member.member.phone, password: member.password, ...(await solvedCaptcha(api())) })
    const elsewhere = await from('192.0.2.11').post('/api/Member/login').send({ phone: member.member.phone, password: member.password })

    expect(bare.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(solved.body.code).toBe(Code.OK)
    expect(elsewhere.body.code).toBe(Code.OK)
  })

  test('counts failures per IPv6 /64: one network shares them, another does not', async () => {
    authLimits.loginCaptchaAfterIpFailures = 3
    const member = await createSignedInMember()
    for (const address of ['2001:db8:cc:1::1', '2001:db8:cc:1:a:b:c:d', '2001:db8:cc:1:ffff::9']) {
      await from(address).post('/api/Member/login').send({ phone: uniquePhone(), password: 'wrong12345' })
    }

    const sameNetwork = await from('2001:db8:cc:1::abcd')
      .post('/api/Member/login')
      .send({ phone: member.member.phone, password: member.password })
    const otherNetwork = await from('2001:db8:cc:2::1')
      .post('/api/Member/login')
      .send({ phone: member.member.phone, password: member.password })

    expect(sameNetwork.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(otherNetwork.body.code).toBe(Code.OK)
  })

  test('refuses a deleted account', async () => {
    const { member, password, auth } = await createSignedInMember()
    await api().post('/api/Member/deleteAccount').set('Authorization', auth).send({ password })

    const res = await api().post('/api/Member/login').send({ phone: member.phone, password })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '手机号或密码错误'))
  })
})

// Every action that needs a member, with a body that would otherwise be valid.
const memberActions: [string, object][] = [
  ['/api/Member/getUserInfo', {}],
  ['/api/Member/saveMember', { nickname: '改名' }],
  ['/api/Member/savePass', { oldPassword: 'secret2026', password: 'newpass2026' }],
  ['/api/Member/deleteAccount', { password: 'secret2026' }],
  ['/api/Member/getNavigation', {}],
  ['/api/Member/myTeacherFollow', {}],
  ['/api/Member/myCourseCollect', {}],
  ['/api/Member/mySpecialCollect', {}],
  ['/api/Member/addContribution', { title: '标题', kind: 'viewpoint', content: '<p>内容</p>' }],
  ['/api/Member/myContribution', {}],
  ['/api/Member/getContribution', { id: 1 }],
  ['/api/Member/myRelease', {}],
  ['/api/Member/myTeacherVideo', {}],
  ['/api/Member/reviewContributions', {}],
  ['/api/Member/reviewContribution', { id: 1, approve: true }],
  ['/api/Member/reviewVideos', {}],
  ['/api/Member/reviewVideo', { id: 1, approve: true }],
  ['/api/Teacher/teacherFollow', { teacherId: 1 }],
  ['/api/Teacher/cancelFollow', { teacherId: 1 }],
  ['/api/Teacher/addTeacherVideo', { teacherId: 1, title: '视频', videoUploadId: 1 }],
  ['/api/Course/courseCollect', { courseId: 1 }],
  ['/api/Course/cancelCollect', { courseId: 1 }],
  ['/api/Special/specialCollect', { specialId: 1 }],
  ['/api/Special/cancelCollect', { specialId: 1 }],
]
const uploadActions = ['/api/Member/uploads', '/api/Teacher/upload']

describe('member actions refuse bad tokens', () => {
  let target: Awaited<ReturnType<typeof createSignedInMember>>
  let victim: Awaited<ReturnType<typeof createSignedInMember>>
  let revoked: string
  beforeAll(async () => {
    target = await createSignedInMember()
    victim = await createSignedInMember()
    revoked = target.token
    await prisma.member.update({ where: { id: target.member.id }, data: { tokenVersion: { increment: 1 } } })
  })

  const badTokens: [string, () => string | undefined][] = [
    ['missing', () => undefined],
    ['malformed', () => 'Bearer not.a.token'],
    ['not a bearer', () => `Token ${victim.token}`],
    ['tampered', () => `Bearer ${tamperedToken(target.token, victim.member.id)}`],
    ['expired', () => `Bearer ${expiredToken(victim.member)}`],
    ['revoked', () => `Bearer ${revoked}`],
    ['unsigned', () => `Bearer ${unsignedToken(victim.member)}`],
    ['foreign', () => `Bearer ${foreignToken(victim.member)}`],
  ]

  describe.each(badTokens)('%s token', (_name, header) => {
    test.each(memberActions)('%s answers NEED_LOGIN', async (path, body) => {
      const call = api().post(path)
      const auth = header()
      if (auth) call.set('Authorization', auth)

      const res = await call.send(body)

      expect(res.status).toBe(401)
      expect(res.body).toEqual({
        code: Code.NEED_LOGIN,
        msg: expect.stringMatching(/^(请先登录|登录已过期，请重新登录|登录已失效，请重新登录)$/),
        data: null,
      })
    })

    test.each(uploadActions)('%s answers NEED_LOGIN and stores nothing', async (path) => {
      const before = await prisma.upload.count()
      const call = api().post(path)
      const auth = header()
      if (auth) call.set('Authorization', auth)

      const res = await call.attach('file', pngBytes(), 'a.png')

      expect(res.body).toMatchObject({ code: Code.NEED_LOGIN, data: null })
      expect(await prisma.upload.count()).toBe(before)
    })
  })

  test('an expired token says so', async () => {
    const res = await api()
      .post('/api/Member/getUserInfo')
      .set('Authorization', `Bearer ${expiredToken(victim.member)}`)
      .send({})

    expect(res.body).toEqual(failure(Code.NEED_LOGIN, '登录已过期，请重新登录'))
  })

  test('the victim was never touched', async () => {
    const row = await prisma.member.findUniqueOrThrow({ where: { id: victim.member.id } })
    expect(row).toMatchObject({ nickname: victim.member.nickname, deletedAt: null, passwordHash: victim.member.passwordHash })
    expect(await prisma.contribution.count({ where: { memberId: victim.member.id } })).toBe(0)
  })
})

describe('POST /api/Member/getUserInfo', () => {
  test("answers the token's member, masked phone, never the password hash or another member", async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()

    const res = await api().post('/api/Member/getUserInfo').set('Authorization', me.auth).send({ member_no: other.member.memberNo })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        member_no: me.member.memberNo,
        nickname: me.member.nickname,
        avatar: '',
        gender: 0,
        organization: '',
        position: '',
        provinceCode: '',
        provinceName: '',
        cityCode: '',
        cityName: '',
        districtCode: '',
        districtName: '',
        phone: `${me.member.phone!.slice(0, 3)}****${me.member.phone!.slice(-4)}`,
        createdAt: me.member.createdAt.toISOString(),
        role: 'member',
        isAdmin: false,
        passwordChangeDue: false,
        unreadCount: 0,
      },
    })
    expect(JSON.stringify(res.body)).not.toContain(other.member.memberNo)
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$2[aby]\$/)
  })
})

describe('POST /api/Member/saveMember', () => {
  test('saves the profile with a region path and answers it with region names', async () => {
    const me = await createSignedInMember()

    const res = await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({
      nickname: '  新昵称 ',
      gender: 2,
      organization: '北京大学',
      position: '教授',
      provinceCode: '110000',
      cityCode: '110100',
      districtCode: '110105',
    })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        nickname: '新昵称',
        gender: 2,
        organization: '北京大学',
        position: '教授',
        provinceCode: '110000',
        provinceName: '北京市',
        cityCode: '110100',
        districtCode: '110105',
        districtName: '朝阳区',
      },
    })
    const partial = await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ position: '院长' })
    expect(partial.body.data).toMatchObject({ nickname: '新昵称', position: '院长', districtCode: '110105' })
  })

  test.each([
    [{ provinceCode: '110000', cityCode: '310100' }, '所在地区不正确，请重新选择'],
    [{ provinceCode: '999999' }, '所在地区不正确，请重新选择'],
    [{ cityCode: '110100' }, '所在地区不正确，请重新选择'],
    [{ provinceCode: '110000', cityCode: '110100', districtCode: '310101' }, '所在地区不正确，请重新选择'],
    [{ provinceCode: 'abc' }, '省份不正确'],
    [{ gender: 3 }, '性别不正确'],
    [{ nickname: 'x'.repeat(21) }, '昵称最多 20 个字'],
    [{ organization: '单'.repeat(51) }, '单位最多 50 个字'],
    [{ avatar: '/uploads/seed/teacher/t-001.png' }, '头像须为您上传的图片'],
    [{ avatar: 'https://evil.example/x.png' }, '头像须为您上传的图片'],
  ])('refuses %o and changes nothing', async (body, msg) => {
    const me = await createSignedInMember()
    const before = await prisma.member.findUniqueOrThrow({ where: { id: me.member.id } })

    const res = await api().post('/api/Member/saveMember').set('Authorization', me.auth).send(body)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.member.findUniqueOrThrow({ where: { id: me.member.id } })).toEqual(before)
  })

  test("takes the member's own uploaded image as avatar, not someone else's", async () => {
    const me = await createSignedInMember()
    const other = await createSignedInMember()
    const mine = await api().post('/api/Member/uploads').set('Authorization', me.auth).attach('file', pngBytes(), 'me.png')
    const theirs = await api().post('/api/Member/uploads').set('Authorization', other.auth).attach('file', pngBytes(), 'them.png')

    const refused = await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ avatar: theirs.body.data.url })
    const saved = await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ avatar: mine.body.data.url })

    expect(refused.body).toEqual(failure(Code.BAD_PARAMS, '头像须为您上传的图片'))
    expect(saved.body.data.avatar).toBe(mine.body.data.url)
  })

  test('an empty region clears it', async () => {
    const me = await createSignedInMember()
    await api().post('/api/Member/saveMember').set('Authorization', me.auth).send({ provinceCode: '110000' })

    const res = await api()
      .post('/api/Member/saveMember')
      .set('Authorization', me.auth)
      .send({ provinceCode: '', cityCode: '', districtCode: '' })

    expect(res.body.data).toMatchObject({ provinceCode: '', provinceName: '' })
  })
})

describe('POST /api/Member/savePass', () => {
  test('changes the password, ends other sessions and hands back a fresh token', async () => {
    const me = await createSignedInMember()
    const otherSession = me.token

    const res = await api()
      .post('/api/Member/savePass')
      .set('Authorization', me.auth)
      .send({ oldPassword: me.password, password: 'fresh2026x', confirmPassword: 'fresh2026x' })

    expect(res.body).toMatchObject({ code: Code.OK, data: { token: expect.any(String), member_no: me.member.memberNo } })
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', `Bearer ${otherSession}`).send({})).body.code).toBe(
      Code.NEED_LOGIN,
    )
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', `Bearer ${res.body.data.token}`).send({})).body.code).toBe(
      Code.OK,
    )
    expect((await api().post('/api/Member/login').send({ phone: me.member.phone, password: 'fresh2026x' })).body.code).toBe(Code.OK)
    expect((await api().post('/api/Member/login').send({ phone: me.member.phone, password: me.password })).body.code).toBe(Code.BAD_PARAMS)
  })

  test.each([
    [{ oldPassword: 'wrong2026', password: 'fresh2026x' }, '原密码错误'],
    [{ oldPassword: 'secret2026', password: 'short1' }, '密码长度须为 8-20 位'],
    [{ oldPassword: 'secret2026', password: 'fresh2026x', confirmPassword: 'other2026x' }, '两次输入的密码不一致'],
    [{ oldPassword: 'secret2026', password: 'secret2026' }, '新密码不能与原密码相同'],
    [{ password: 'fresh2026x' }, '请输入原密码'],
  ])('refuses %o and keeps the old password and token', async (body, msg) => {
    const me = await createSignedInMember()

    const res = await api().post('/api/Member/savePass').set('Authorization', me.auth).send(body)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', me.auth).send({})).body.code).toBe(Code.OK)
  })
})

describe('POST /api/Member/findPass', () => {
  test('resets the password with an SMS code and revokes every old token', async () => {
    const me = await createSignedInMember()
    const code = await requestSmsCode(api(), me.member.phone as string, 'findPass')

    const res = await api()
      .post('/api/Member/findPass')
      .send({ phone: me.member.phone, code, password: 'reset2026x', confirmPassword: 'reset2026x' })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: null })
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', me.auth).send({})).body).toEqual(
      failure(Code.NEED_LOGIN, '登录已失效，请重新登录'),
    )
    expect((await api().post('/api/Member/login').send({ phone: me.member.phone, password: 'reset2026x' })).body.code).toBe(Code.OK)
  })

  test('uses a code only once', async () => {
    const me = await createSignedInMember()
    const code = await requestSmsCode(api(), me.member.phone as string, 'findPass')
    await api().post('/api/Member/findPass').send({ phone: me.member.phone, code, password: 'reset2026x' })

    const again = await api().post('/api/Member/findPass').send({ phone: me.member.phone, code, password: 'other2026x' })

    expect(again.body).toEqual(failure(Code.BAD_PARAMS, '短信验证码已失效，请重新获取'))
    expect((await api().post('/api/Member/login').send({ phone: me.member.phone, password: 'reset2026x' })).body.code).toBe(Code.OK)
  })

  test('refuses a wrong code and keeps the password', async () => {
    const me = await createSignedInMember()
    const code = await requestSmsCode(api(), me.member.phone as string, 'findPass')

    const res = await api()
      .post('/api/Member/findPass')
      .send({ phone: me.member.phone, code: code === '123456' ? '654321' : '123456', password: 'reset2026x' })

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '短信验证码错误'))
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', me.auth).send({})).body.code).toBe(Code.OK)
  })
})

describe('POST /api/Member/deleteAccount', () => {
  test('anonymises the member, revokes tokens, drops follows and keeps contributions without the name', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    const course = await createCourse()
    const special = await createSpecial()
    await api().post('/api/Teacher/teacherFollow').set('Authorization', me.auth).send({ teacherId: teacher.id })
    await api().post('/api/Course/courseCollect').set('Authorization', me.auth).send({ courseId: course.id })
    await api().post('/api/Special/specialCollect').set('Authorization', me.auth).send({ specialId: special.id })
    const avatar = await api().post('/api/Member/uploads').set('Authorization', me.auth).attach('file', pngBytes(), 'face.png')
    await api()
      .post('/api/Member/saveMember')
      .set('Authorization', me.auth)
      .send({ avatar: avatar.body.data.url, organization: '某单位', provinceCode: '110000' })
    const contribution = await api()
      .post('/api/Member/addContribution')
      .set('Authorization', me.auth)
      .send({ title: '留下', kind: 'viewpoint', content: '<p>正文</p>' })

    const res = await api().post('/api/Member/deleteAccount').set('Authorization', me.auth).send({ password: me.password })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: null })
    const row = await prisma.member.findUniqueOrThrow({ where: { id: me.member.id } })
    expect(row).toMatchObject({
      phone: null,
      nickname: '已注销用户',
      avatar: '',
      organization: '',
      provinceCode: '',
      passwordHash: '',
      tokenVersion: 1,
    })
    expect(row.deletedAt).not.toBeNull()
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id } })).toBe(0)
    expect(await prisma.courseCollect.count({ where: { memberId: me.member.id } })).toBe(0)
    expect(await prisma.specialCollect.count({ where: { memberId: me.member.id } })).toBe(0)
    expect(await prisma.upload.count({ where: { id: avatar.body.data.id } })).toBe(0)
    expect(await prisma.contribution.findUnique({ where: { id: contribution.body.data.id } })).toMatchObject({ title: '留下' })
    expect((await api().post('/api/Member/getUserInfo').set('Authorization', me.auth).send({})).body.code).toBe(Code.NEED_LOGIN)
    // The number is free again for a new registration.
    const again = await register(me.member.phone as string)
    expect(again.res.body.code).toBe(Code.OK)
  })

  test('refuses a wrong password and changes nothing', async () => {
    const me = await createSignedInMember()

    const res = await api().post('/api/Member/deleteAccount').set('Authorization', me.auth).send({ password: 'wrong2026' })
    const empty = await api().post('/api/Member/deleteAccount').set('Authorization', me.auth).send({})

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, '密码错误'))
    expect(empty.body).toEqual(failure(Code.BAD_PARAMS, '请输入密码以确认注销'))
    expect(await prisma.member.findUniqueOrThrow({ where: { id: me.member.id } })).toMatchObject({
      deletedAt: null,
      phone: me.member.phone,
    })
  })

  test('stops guessing the password after repeated failures', async () => {
    const me = await createSignedInMember()
    for (let i = 0; i < 5; i++) await api().post('/api/Member/deleteAccount').set('Authorization', me.auth).send({ password: 'wrong2026' })

    const res = await api().post('/api/Member/deleteAccount').set('Authorization', me.auth).send({ password: me.password })

    expect(res.body.code).toBe(Code.RATE_LIMITED)
    expect(await prisma.member.findUniqueOrThrow({ where: { id: me.member.id } })).toMatchObject({ deletedAt: null })
  })
})

describe('POST /api/Member/getNavigation', () => {
  test('lists the user-centre tabs with the specification ids and counts', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    await api().post('/api/Teacher/teacherFollow').set('Authorization', me.auth).send({ teacherId: teacher.id })

    const res = await api().post('/api/Member/getNavigation').set('Authorization', me.auth).send({})

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.map((tab: { id: number; name: string }) => [tab.id, tab.name])).toEqual([
      [1, '个人资料'],
      [2, '修改密码'],
      [3, '收藏课程'],
      [4, '关注名师'],
      [5, '收藏专题'],
      [6, '我的投稿'],
      [10, '我的发布'],
      [11, '最近观看'],
      [13, '我的足迹'],
      [14, '我的预约'],
      [12, '消息'],
      [7, '我要投稿'],
      [8, '注销账号'],
    ])
    expect(res.body.data[3]).toMatchObject({ id: 4, count: 1 })
    expect(res.body.data[2]).toMatchObject({ id: 3, count: 0 })
    expect(res.body.data[5]).toMatchObject({ id: 6, count: 0 })
    expect(res.body.data[6]).toMatchObject({ id: 10, key: 'release', count: 0 })
    expect(res.body.data[7]).toMatchObject({ id: 11, key: 'recentVideos', count: 0 })
  })

  test('counts both articles and videos under 我的投稿', async () => {
    const me = await createSignedInMember()
    const teacher = await createTeacher()
    await api()
      .post('/api/Member/addContribution')
      .set('Authorization', me.auth)
      .send({ title: '文章', kind: 'viewpoint', content: '<p>正文</p>' })
    await createTeacherVideo({ teacherId: teacher.id, memberId: me.member.id, status: 'pending' })

    const res = await api().post('/api/Member/getNavigation').set('Authorization', me.auth).send({})

    expect(res.body.data[5]).toMatchObject({ id: 6, key: 'contribution', count: 2 })
  })
})

describe('SMS providers', () => {
  test('production sends nothing through the dev provider, nor when SMS is off', () => {
    const providerIn = (extra: Record<string, string>) => {
      const env: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://portal.example.com',
        LOG_LEVEL: 'silent',
        ...extra,
      }
      if (!extra.SMS_PROVIDER) delete env.SMS_PROVIDER
      // A configuration that cannot send is refused while the environment is parsed, before any send.
      const script =
        "import('./server/lib/sms/sms-provider.ts').then((m) => { try { console.log(m.smsProvider().name) } catch (e) { console.log('refused: ' + e.message) } }, (e) => console.log('refused at start: ' + e.message.split('\\n')[1].trim()))"
      return execFileSync(`${projectRoot}/node_modules/.bin/tsx`, ['-e', script], { cwd: projectRoot, env, encoding: 'utf8' }).trim()
    }

    expect(providerIn({})).toMatch(/^refused at start: SMS_PROVIDER: 生产环境必须设置/)
    expect(providerIn({ SMS_PROVIDER: 'dev' })).toMatch(/^refused at start: SMS_PROVIDER: dev 只把验证码写进日志/)
    expect(providerIn({ SMS_PROVIDER: 'off' })).toBe('refused: 本站暂未开通短信服务，暂不能注册或找回密码，请联系网站管理员')
  })

  test('the http provider posts the message with its token and reports failures', async () => {
    const http = await import('node:http')
    const { createHttpSmsProvider } = await import('../../lib/sms/http-sms-provider')
    const received: { auth?: string; body: string }[] = []
    let status = 200
    const server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body })
        res.writeHead(status).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const provider = createHttpSmsProvider(`http://127.0.0.1:${port}/send`, 'gateway-token')
    try {
      await provider.send({ phone: '13800138000', code: '123456', purpose: 'register' })
      status = 500
      await expect(provider.send({ phone: '13800138000', code: '654321', purpose: 'findPass' })).rejects.toThrow('SMS gateway answered 500')
    } finally {
      server.close()
    }
    expect(received[0]).toEqual({
      auth: 'Bearer gateway-token',
      body: JSON.stringify({ phone: '13800138000', code: '123456', purpose: 'register' }),
    })
  })
})
