// The sign-in limits survive a restart: every server module is loaded afresh (nothing left in
// memory) over the same database file, and the counts are still there.
import request from '../../test/request'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { createSignedInMember } from '../../test/member-factories'
import { authLimits, defaultAuthLimits } from './auth-limits'
import { peekCaptchaAnswer, resetCaptchaLimits } from './captcha.service'
import { resetLoginLimits } from './member.service'

type Agent = ReturnType<typeof request>
type Server = { api: () => Agent; peek: (captchaId: string) => string | undefined }

const behindProxy = (app: ReturnType<typeof createApp>) => {
  // Requests say which client address they come from (X-Forwarded-For) through a local proxy.
  app.set('trust proxy', 'loopback')
  return app
}
const before: Server = { api: () => request(behindProxy(createApp())), peek: peekCaptchaAnswer }

/** The server as after a restart, with this test's limits and clock. */
async function restarted(): Promise<Server> {
  vi.resetModules()
  const [app, limits, freshClock, captcha] = await Promise.all([
    import('../../app'),
    import('./auth-limits'),
    import('../../lib/clock'),
    import('./captcha.service'),
  ])
  Object.assign(limits.authLimits, authLimits)
  freshClock.clock.now = clock.now
  const server = behindProxy(app.createApp())
  return { api: () => request(server), peek: captcha.peekCaptchaAnswer }
}

/** A captcha of `server`, solved by reading the answer it drew. */
async function solved({ api, peek }: Server) {
  const res = await api().post('/api/Member/captcha').send({})
  const captchaId = res.body.data.captchaId as string
  return { captchaId, captchaCode: peek(captchaId) as string }
}

const realNow = clock.now
beforeEach(async () => {
  // Stopped: loading the modules afresh takes real time, which must not eat into the waits.
  const stopped = realNow()
  clock.now = () => stopped
  Object.assign(authLimits, defaultAuthLimits)
  await resetCaptchaLimits()
  await resetLoginLimits()
})
afterAll(() => {
  clock.now = realNow
})

const failure = (code: number, msg: string) => ({ code, msg, data: null })

describe('limits across a restart', () => {
  test('the image count per address', async () => {
    authLimits.captchaPerIpPerMinute = 2
    await before.api().post('/api/Member/captcha').send({})
    await before.api().post('/api/Member/captcha').send({})

    const after = await restarted()
    const res = await after.api().post('/api/Member/captcha').send({})

    expect(res.status).toBe(429)
    expect(res.body).toEqual(failure(Code.RATE_LIMITED, '操作过于频繁，请稍后再试'))
  })

  test("a phone's failures still ask for the captcha, and a guessing pair still waits", async () => {
    const owner = await createSignedInMember()
    const phone = owner.member.phone
    const guess = async (server: Server, address: string, password = 'wrong12345') =>
      server
        .api()
        .post('/api/Member/login')
        .set('X-Forwarded-For', address)
        .send({ phone, password, ...(await solved(server)) })
    for (let i = 0; i < 4; i++) await guess(before, '203.0.113.5')

    const after = await restarted()
    const bare = await after
      .api()
      .post('/api/Member/login')
      .set('X-Forwarded-For', '198.51.100.5')
      .send({ phone, password: owner.password })
    const waiting = await guess(after, '203.0.113.5', owner.password)
    const owned = await guess(after, '198.51.100.5', owner.password)

    expect(bare.body).toEqual(failure(Code.CAPTCHA_REQUIRED, '登录失败次数较多，请输入图形验证码'))
    expect(waiting.body).toEqual(failure(Code.RATE_LIMITED, '登录尝试过于频繁，请 1 秒后再试'))
    expect(owned.body.code).toBe(Code.OK)
  })

  test("a stranger's SMS sends for a phone still count against the stranger alone", async () => {
    authLimits.sendPerPairPerHour = 2
    const { member } = await createSignedInMember()
    const send = async (server: Server, address: string) =>
      server
        .api()
        .post('/api/Member/sendAuthCode')
        .set('X-Forwarded-For', address)
        .send({ phone: member.phone, purpose: 'findPass', ...(await solved(server)) })
    const start = clock.now()
    for (const at of [0, 61_000]) {
      clock.now = () => start + at
      expect((await send(before, '203.0.113.61')).body.code).toBe(Code.OK)
    }
    clock.now = () => start + 122_000

    const after = await restarted()
    const stranger = await send(after, '203.0.113.61')
    const owner = await send(after, '198.51.100.61')

    expect(stranger.body).toEqual(failure(Code.RATE_LIMITED, '该手机号获取验证码次数过多，请 58 分钟后再试'))
    expect(owner.body.code).toBe(Code.OK)
  })

  test("a member's wrong current passwords", async () => {
    const me = await createSignedInMember()
    for (let i = 0; i < authLimits.passwordFailuresPerMember; i++) {
      await before
        .api()
        .post('/api/Member/savePass')
        .set('Authorization', me.auth)
        .send({ oldPassword: 'wrong2026', password: 'fresh2026x' })
    }

    const after = await restarted()
    const res = await after
      .api()
      .post('/api/Member/savePass')
      .set('Authorization', me.auth)
      .send({ oldPassword: me.password, password: 'fresh2026x' })

    expect(res.body).toEqual(failure(Code.RATE_LIMITED, '密码错误次数过多，请 15 分钟后再试'))
  })
})
