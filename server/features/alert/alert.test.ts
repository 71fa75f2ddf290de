import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { startJobWorker } from '../../data/job-worker'
import { Code } from '../../lib/api-error'
import { outboundDns } from '../../lib/outbound-url'
import { createTeacher, unique } from '../../test/factories'
import { createSignedInMember, solvedCaptcha } from '../../test/member-factories'
import { makeJobDue } from '../../test/database'
import { until } from '../../test/until'
import { inquiriesByAddress } from '../cooperation/inquiry.service'
import { resetCaptchaLimits } from '../member/captcha.service'
import { addTeacherVideo } from '../upload/teacher-video.service'
import { alertDelivery, deliverAlertJob, JSON_SIGNATURE_HEADER } from './alert-delivery.service'
import { maskSecret, maskUrl } from './alert-channel.service'
import { ALERT_DELIVER_JOB, raiseStaffAlert } from './alert.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string | null, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

// ---------- a local fake of the robots: records every request, answers as each test says ----------

type Received = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; raw: string; body: Record<string, unknown> }
type Answer = { status?: number; body?: unknown; delayMs?: number }
const received: Received[] = []
const answers = new Map<string, Answer[]>()
let receiver: http.Server
let origin = ''

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const raw = Buffer.concat(chunks).toString('utf8')
      received.push({
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      })
      const queue = answers.get(url.pathname) ?? []
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? {}
      setTimeout(() => {
        if (res.destroyed) return
        res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(answer.body ?? {}))
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let editor: Signed
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin' })
  editor = await createSignedInMember({ role: 'editor' })
})
// Each test's alerts go to its own channels only.
const realLookup = outboundDns.lookup

afterEach(async () => {
  await prisma.alertChannel.updateMany({ data: { enabled: false } })
  alertDelivery.timeoutMs = 5_000
  alertDelivery.allowPrivateHosts = true
})

type ChannelView = { id: number; urlMasked: string; secretMasked: string; hasSecret: boolean; lastError: string; lastSentAt: string | null }

/** A channel pointing at its own path of the receiver. */
async function addChannel(provider: string, fields: object = {}) {
  const path = `/${unique(provider)}`
  const res = await admin('alertChannelSave', boss.auth, { name: `${provider} 通道`, provider, url: `${origin}${path}`, ...fields })
  expect(res.body.code).toBe(Code.OK)
  return { ...(res.body.data as ChannelView), path }
}

const jobsOf = (channelId: number) =>
  prisma.job.findMany({ where: { kind: ALERT_DELIVER_JOB, payload: { contains: `"channelId":${channelId},` } }, orderBy: { id: 'asc' } })

/** Runs the alert jobs due now in this process until each of `channelId`'s has settled (done, failed or waiting to retry). */
async function deliver(channelId: number) {
  const worker = startJobWorker({ handlers: { [ALERT_DELIVER_JOB]: deliverAlertJob }, pollMs: 20 })
  try {
    await until(async () => {
      const jobs = await jobsOf(channelId)
      const isSettled = (job: (typeof jobs)[number]) =>
        job.state === 'done' || job.state === 'failed' || (job.state === 'queued' && job.attempts > 0 && job.runAt.getTime() > Date.now())
      return jobs.length > 0 && jobs.every(isSettled)
    }, 15_000)
  } finally {
    await worker.stop()
  }
  return jobsOf(channelId)
}

const channelRow = (id: number) => prisma.alertChannel.findUniqueOrThrow({ where: { id } })
const requestsTo = (path: string) => received.filter((entry) => entry.path === path)
const hmac = (key: string, message: string, encoding: 'base64' | 'hex') => crypto.createHmac('sha256', key).update(message).digest(encoding)

describe("alert.deliver: each provider's documented format and signing", () => {
  test('企业微信: a markdown message with the absolute link, no signing; the channel records the send', async () => {
    const channel = await addChannel('wecom')
    answers.set(channel.path, [{ body: { errcode: 0, errmsg: 'ok' } }])

    await raiseStaffAlert({ kind: 'contribution', title: '学术观点《课堂[提问]**技巧**》', link: '/admin/review/contribution' })
    const [job] = await deliver(channel.id)

    expect(job).toMatchObject({ state: 'done', error: '' })
    const [sent] = requestsTo(channel.path)
    expect(sent.headers['content-type']).toMatch(/application\/json/)
    expect(sent.body).toEqual({ msgtype: 'markdown', markdown: { content: expect.any(String) } })
    const content = (sent.body.markdown as { content: string }).content
    expect(content).toContain('**新投稿待审核**')
    expect(content).toMatch(/\[立即处理\]\(http:\/\/localhost:\d+\/admin\/review\/contribution\)/)
    // Member text cannot become a link or bold in the chat.
    expect(content).toContain('课堂［提问］＊＊技巧＊＊')
    expect(await channelRow(channel.id)).toMatchObject({ lastError: '', lastSentAt: expect.any(Date) })
  })

  test('钉钉: timestamp and the url-encoded HmacSHA256 sign of `timestamp\\nsecret` in the query; errcode 0 is success', async () => {
    const secret = `SEC${crypto.randomBytes(24).toString('hex')}`
    const channel = await addChannel('dingtalk', { secret })
    answers.set(channel.path, [{ body: { errcode: 0, errmsg: 'ok' } }])

    await raiseStaffAlert({ kind: 'video', title: '《课堂实录》（名师：王老师）', link: '/admin/review/video' })
    const [job] = await deliver(channel.id)

    expect(job.state).toBe('done')
    const [sent] = requestsTo(channel.path)
    const timestamp = sent.query.get('timestamp')!
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(60_000)
    expect(sent.query.get('sign')).toBe(hmac(secret, `${timestamp}\n${secret}`, 'base64'))
    expect(sent.body).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: '新视频待审核', text: expect.stringContaining('《课堂实录》') },
    })
  })

  test('飞书: timestamp (seconds) and base64(HmacSHA256 keyed by `timestamp\\nsecret` over nothing) in the body; code 0 is success', async () => {
    const secret = crypto.randomBytes(16).toString('hex')
    const channel = await addChannel('feishu', { secret })
    answers.set(channel.path, [{ body: { code: 0, msg: 'success', data: {} } }])

    await raiseStaffAlert({ kind: 'inquiry', title: '某某大学 预约院校合作', link: '/admin/booking/1' })
    const [job] = await deliver(channel.id)

    expect(job.state).toBe('done')
    const [sent] = requestsTo(channel.path)
    const timestamp = sent.body.timestamp as string
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
    expect(sent.body.sign).toBe(hmac(`${timestamp}\n${secret}`, '', 'base64'))
    expect(sent.body).toMatchObject({ msg_type: 'post', content: { post: { zh_cn: { title: '新名师预约' } } } })
    expect(JSON.stringify(sent.body.content)).toMatch(/"href":"http:\/\/localhost:\d+\/admin\/booking\/1"/)
  })

  test('JSON webhook: {kind, title, link, at} signed with HMAC-SHA256 of the raw body in a header', async () => {
    const secret = crypto.randomBytes(16).toString('hex')
    const channel = await addChannel('json', { secret })

    await raiseStaffAlert({ kind: 'contribution', title: '教学活动《开放课堂》', link: '/admin/review/contribution' })
    const [job] = await deliver(channel.id)

    expect(job.state).toBe('done')
    const [sent] = requestsTo(channel.path)
    expect(sent.body).toEqual({
      kind: 'contribution',
      title: '教学活动《开放课堂》',
      link: expect.stringMatching(/^http:\/\/localhost:\d+\/admin\/review\/contribution$/),
      at: expect.any(String),
    })
    expect(sent.headers[JSON_SIGNATURE_HEADER.toLowerCase()]).toBe(`sha256=${hmac(secret, sent.raw, 'hex')}`)
  })

  test('a channel only takes the kinds it names, and a disabled one none', async () => {
    const inquiries = await addChannel('json', { events: ['inquiry'] })
    const off = await addChannel('json', { enabled: false })

    await raiseStaffAlert({ kind: 'contribution', title: '不该推送' })

    expect(await jobsOf(inquiries.id)).toEqual([])
    expect(await jobsOf(off.id)).toEqual([])
  })
})

describe('alert.deliver: failures', () => {
  test('a 500 is retried with backoff and succeeds on the next attempt', async () => {
    const channel = await addChannel('wecom')
    answers.set(channel.path, [{ status: 500 }, { body: { errcode: 0, errmsg: 'ok' } }])
    await raiseStaffAlert({ kind: 'contribution', title: '重试' })

    const [first] = await deliver(channel.id)
    expect(first).toMatchObject({ state: 'queued', attempts: 1, error: '企业微信群机器人：服务暂时不可用（HTTP 500）' })
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000)
    expect((await channelRow(channel.id)).lastError).toBe('企业微信群机器人：服务暂时不可用（HTTP 500）')

    await makeJobDue(first.id)
    const [second] = await deliver(channel.id)
    expect(second).toMatchObject({ state: 'done', attempts: 2, error: '' })
    expect(await channelRow(channel.id)).toMatchObject({ lastError: '', lastSentAt: expect.any(Date) })
  })

  test("the provider's own error code is a failure worth retrying, in Chinese on the job and the channel", async () => {
    const channel = await addChannel('dingtalk', { secret: 'SECwrong' })
    answers.set(channel.path, [{ body: { errcode: 310000, errmsg: 'sign not match' } }])
    await raiseStaffAlert({ kind: 'video', title: '签名错误' })

    const [job] = await deliver(channel.id)

    expect(job).toMatchObject({ state: 'queued', error: '钉钉自定义机器人拒绝了消息，错误码 310000：sign not match' })
    expect((await channelRow(channel.id)).lastError).toBe(job.error)
  })

  test('a 404 can never succeed: the job fails at once, the reason shown on the job and the channel', async () => {
    const channel = await addChannel('feishu')
    answers.set(channel.path, [{ status: 404, body: { code: 19001, msg: 'param invalid: incoming webhook access token invalid' } }])
    await raiseStaffAlert({ kind: 'inquiry', title: '地址失效' })

    const [job] = await deliver(channel.id)

    expect(job).toMatchObject({ state: 'failed', attempts: 1, error: '飞书自定义机器人：地址不可用（HTTP 404），请检查 Webhook 地址' })
    expect((await channelRow(channel.id)).lastError).toBe(job.error)
    const list = await admin('jobList', boss.auth, { state: 'failed', keyword: `"channelId":${channel.id},` })
    expect(list.body.data.list[0]).toMatchObject({ kindText: '告警推送', stateText: '失败', subject: `地址失效（通道 ${channel.id}）` })
    expect((await admin('alertChannelList', boss.auth)).body.data.failedDeliveries).toBeGreaterThanOrEqual(1)
  })

  test('a robot that does not answer in time is retried, the timeout named', async () => {
    alertDelivery.timeoutMs = 200
    const channel = await addChannel('json')
    answers.set(channel.path, [{ delayMs: 2_000 }])
    await raiseStaffAlert({ kind: 'contribution', title: '超时' })

    const [job] = await deliver(channel.id)

    expect(job).toMatchObject({ state: 'queued', error: '通用 JSON Webhook：0.2 秒内无响应（超时）' })
  })

  test('private addresses are refused for good when not allowed (SSRF), at save and at delivery', async () => {
    const channel = await addChannel('json')
    alertDelivery.allowPrivateHosts = false

    const saved = await admin('alertChannelSave', boss.auth, {
      name: '内网',
      provider: 'json',
      url: 'http://169.254.169.254/latest/meta-data',
    })
    expect(saved.body.code).toBe(Code.BAD_PARAMS)
    expect(saved.body.msg).toMatch(/^Webhook 地址不可用：不允许推送到内网或本机地址（169\.254\.169\.254）/)

    await raiseStaffAlert({ kind: 'contribution', title: '内网' })
    const [job] = await deliver(channel.id)
    expect(job.state).toBe('failed')
    expect(job.error).toMatch(/^通用 JSON Webhook：不允许推送到内网或本机地址（127\.0\.0\.1）/)
    expect(requestsTo(channel.path)).toEqual([])
  })

  test('a name that answers a public address when checked and a private one when connected (DNS rebinding) is refused for good', async () => {
    alertDelivery.allowPrivateHosts = false
    // Public for the save's and the delivery's checks, this machine for the connection.
    let lookups = 0
    outboundDns.lookup = (host) =>
      Promise.resolve(host === 'rebind.test' ? [{ address: ++lookups <= 2 ? '203.119.1.1' : '127.0.0.1', family: 4 }] : [])
    try {
      const channel = await addChannel('json', { url: `${origin.replace('127.0.0.1', 'rebind.test')}/rebind` })
      await raiseStaffAlert({ kind: 'contribution', title: '重绑定' })
      const [job] = await deliver(channel.id)

      expect(job).toMatchObject({ state: 'failed', attempts: 1 })
      expect(job.error).toMatch(/^通用 JSON Webhook：不允许推送到内网或本机地址（rebind\.test）/)
      expect(requestsTo('/rebind')).toEqual([])
    } finally {
      outboundDns.lookup = realLookup
    }
  })

  test('a channel deleted before its delivery runs is skipped', async () => {
    const channel = await addChannel('json')
    await raiseStaffAlert({ kind: 'contribution', title: '已删除' })
    expect((await admin('alertChannelDelete', boss.auth, { id: channel.id })).body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: { id: channel.id },
    })

    const [job] = await deliver(channel.id)

    expect(job.state).toBe('done')
    expect(requestsTo(channel.path)).toEqual([])
  })
})

describe('POST /api/Admin/alertChannelSave · alertChannelList · alertChannelDelete', () => {
  test('never answers the URL key or the secret in full, and keeps them when an edit leaves them out', async () => {
    const secret = 'SEC1234567890abcdefXYZW'
    const url = `${origin}/robot/send?access_token=abcdef0123456789abcdef`
    const res = await admin('alertChannelSave', boss.auth, {
      name: '钉钉审核群',
      provider: 'dingtalk',
      url,
      secret,
      events: ['video', 'video'],
    })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: expect.objectContaining({
        name: '钉钉审核群',
        provider: 'dingtalk',
        providerText: '钉钉自定义机器人（加签）',
        urlMasked: `${origin}/robot/send?access_token=abc******cdef`,
        hasSecret: true,
        secretMasked: 'SEC******XYZW',
        events: ['video'],
        enabled: true,
        lastError: '',
        lastSentAt: null,
      }),
    })
    const id = res.body.data.id as number
    expect(JSON.stringify((await admin('alertChannelList', boss.auth)).body)).not.toContain('abcdef0123456789abcdef')
    expect(JSON.stringify((await admin('alertChannelList', boss.auth)).body)).not.toContain(secret)

    await admin('alertChannelSave', boss.auth, { id, name: '改名', provider: 'dingtalk', events: [] })
    expect(await channelRow(id)).toMatchObject({ name: '改名', url, secret, events: '[]' })
    await admin('alertChannelSave', boss.auth, { id, name: '改名', provider: 'dingtalk', secret: '' })
    expect(await channelRow(id)).toMatchObject({ url, secret: '' })
    const audit = await prisma.auditLog.findMany({ where: { entity: 'alertChannel', entityId: String(id) } })
    expect(audit).toHaveLength(3)
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  test('masks short values whole and long path segments (飞书 hook tokens)', () => {
    expect(maskSecret('short')).toBe('******')
    expect(maskUrl('https://open.feishu.cn/open-apis/bot/v2/hook/0123456789abcdef0123')).toBe(
      'https://open.feishu.cn/open-apis/bot/v2/hook/012******0123',
    )
  })

  test('refuses bad input with Chinese messages', async () => {
    const cases: [object, string][] = [
      [{ name: '', provider: 'json', url: `${origin}/x` }, '请输入通道名称'],
      [{ name: 'a', provider: 'slack', url: `${origin}/x` }, '通道类型应为 wecom（企业微信）、dingtalk（钉钉）、feishu（飞书）或 json'],
      [{ name: 'a', provider: 'json', url: 'ftp://example.com/hook' }, 'Webhook 地址应为以 http:// 或 https:// 开头的完整网址'],
      [{ name: 'a', provider: 'json', url: 'not a url' }, 'Webhook 地址应为以 http:// 或 https:// 开头的完整网址'],
      [{ name: 'a', provider: 'json' }, '请输入 Webhook 地址'],
      [
        { name: 'a', provider: 'json', url: `${origin}/x`, events: ['birthday'] },
        '事件应为 contribution、video、inquiry、booking-overdue、comment、comment-report 之一',
      ],
      [{ name: 'a', provider: 'json', url: `${origin}/x`, secret: 'has space' }, '签名密钥不能包含空格'],
      [{ name: 'a', provider: 'json', url: 'http://user:pw@example.com/hook' }, 'Webhook 地址不可用：地址中不能包含用户名或密码'],
    ]
    for (const [body, msg] of cases) expect((await admin('alertChannelSave', boss.auth, body)).body).toEqual(failure(Code.BAD_PARAMS, msg))
    expect((await admin('alertChannelSave', boss.auth, { id: 999_999, name: 'a', provider: 'json' })).body).toEqual(
      failure(Code.NOT_FOUND, '告警通道不存在'),
    )
    expect((await admin('alertChannelDelete', boss.auth, { id: 999_999 })).body).toEqual(failure(Code.NOT_FOUND, '告警通道不存在'))
  })

  test('is for admins only', async () => {
    const member = await createSignedInMember()
    for (const action of ['alertChannelList', 'alertChannelSave', 'alertChannelDelete', 'alertChannelTest']) {
      expect((await admin(action, editor.auth, { id: 1, name: 'a', provider: 'json', url: `${origin}/x` })).body).toEqual(
        failure(Code.FORBIDDEN, '仅管理员可以管理告警通知'),
      )
      expect((await admin(action, member.auth, { id: 1 })).body.code).toBe(Code.FORBIDDEN)
      expect((await admin(action, null, {})).body.code).toBe(Code.NEED_LOGIN)
    }
  })
})

describe('POST /api/Admin/alertChannelTest', () => {
  test("sends at once and answers the robot's verdict in Chinese, kept on the channel", async () => {
    const channel = await addChannel('wecom')
    answers.set(channel.path, [{ body: { errcode: 0, errmsg: 'ok' } }, { body: { errcode: 93000, errmsg: 'invalid webhook url' } }])

    expect((await admin('alertChannelTest', boss.auth, { id: channel.id })).body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: { isSent: true, message: '发送成功：企业微信群机器人已接收（HTTP 200）' },
    })
    expect((requestsTo(channel.path)[0].body.markdown as { content: string }).content).toContain('告警通道「wecom 通道」配置正确')
    expect((await channelRow(channel.id)).lastSentAt).not.toBeNull()

    expect((await admin('alertChannelTest', boss.auth, { id: channel.id })).body.data).toEqual({
      isSent: false,
      message: '发送失败：企业微信群机器人拒绝了消息，错误码 93000：invalid webhook url（请稍后重试）',
    })
    expect((await channelRow(channel.id)).lastError).toBe('企业微信群机器人拒绝了消息，错误码 93000：invalid webhook url')
    expect((await admin('alertChannelTest', boss.auth, { id: 999_999 })).body).toEqual(failure(Code.NOT_FOUND, '告警通道不存在'))
  })
})

describe('what raises an alert', () => {
  beforeEach(async () => {
    await Promise.all([inquiriesByAddress.clear(), resetCaptchaLimits()])
  })

  test('a contribution, a teacher video and an inquiry each queue a delivery', async () => {
    const channel = await addChannel('json')
    const author = await createSignedInMember()
    const contributed = await post('/api/Member/addContribution', author.auth, {
      title: '关于提问的思考',
      kind: 'viewpoint',
      content: '<p>正文</p>',
    })
    expect(contributed.body.code).toBe(Code.OK)

    const teacher = await createTeacher({ name: '李老师' })
    const video = await prisma.upload.create({
      data: { memberId: author.member.id, path: `${unique('v')}.mp4`, kind: 'video', mime: 'video/mp4', size: 64, sha256: unique('h') },
    })
    await addTeacherVideo(author.member.id, { teacherId: teacher.id, title: '一节好课', intro: '', videoUploadId: video.id })

    const inquiry = await post('/api/Course/addInquiry', null, {
      typeId: 1,
      organization: '测试大学',
      contactName: '王老师',
      phone: '13800138000',
      message: '希望合作。',
      ...(await solvedCaptcha(request(app))),
    })
    expect(inquiry.body.code).toBe(Code.OK)

    const payloads = (await jobsOf(channel.id)).map((job) => JSON.parse(job.payload) as Record<string, unknown>)
    expect(payloads).toEqual([
      {
        channelId: channel.id,
        kind: 'contribution',
        title: '学术观点《关于提问的思考》',
        link: '/admin/review/contribution',
        at: expect.any(String),
      },
      { channelId: channel.id, kind: 'video', title: '《一节好课》（名师：李老师）', link: '/admin/review/video', at: expect.any(String) },
      {
        channelId: channel.id,
        kind: 'inquiry',
        // An inquiry is a booking now: the console's booking page opens it.
        title: expect.stringMatching(/^测试大学 预约.+$/),
        link: `/admin/booking/${inquiry.body.data.id}`,
        at: expect.any(String),
      },
    ])
  })

  test("an alert that cannot be queued never fails the member's request", async () => {
    // A channel row no reader can parse makes raiseStaffAlert throw.
    await prisma.alertChannel.create({ data: { name: '坏数据', provider: 'json', url: `${origin}/broken`, events: 'not json' } })
    const author = await createSignedInMember()

    const res = await post('/api/Member/addContribution', author.auth, { title: '照常提交', kind: 'viewpoint', content: '<p>正文</p>' })

    expect(res.body).toMatchObject({ code: Code.OK, data: { status: 'pending' } })
  })
})

describe('POST /api/Admin/pendingCounts', () => {
  test("answers what waits for staff for the menu's badges, to staff only", async () => {
    const author = await createSignedInMember()
    await prisma.comment.create({
      data: { entity: 'course', recordId: 1, memberId: author.member.id, content: '待审核', status: 'pending' },
    })
    const res = await admin('pendingCounts', editor.auth)
    expect(res.body.data.comments).toBeGreaterThanOrEqual(1)
    const [contributions, videos, bookings, bookingsOverdue, comments] = await Promise.all([
      prisma.contribution.count({ where: { status: 'pending' } }),
      prisma.teacherVideo.count({ where: { status: 'pending', memberId: { not: null } } }),
      prisma.booking.count({ where: { status: 'new' } }),
      prisma.booking.count({ where: { status: 'new', repliedAt: null, createdAt: { lt: new Date(Date.now() - 24 * 60 * 60_000) } } }),
      prisma.comment.count({ where: { OR: [{ status: 'pending' }, { status: 'published', reportCount: { gt: 0 } }] } }),
    ])
    expect(res.body).toEqual({
      code: Code.OK,
      msg: expect.any(String),
      data: { contributions, videos, bookings, bookingsOverdue, comments },
    })
    const member = await createSignedInMember()
    expect((await admin('pendingCounts', member.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅员工可以查看待处理数量'))
  })
})
