// Two real server processes on one database (the test file's own, from DATABASE_URL: SQLite here,
// PostgreSQL in the server-pg project): every rule that a check-then-write or a kept copy could
// break across processes, exercised through both at once.
import http from 'node:http'
import { startServerProcess, type ServerProcess } from './test/server-process'
import { prisma } from './db'
import { env } from './env'
import { Code } from './lib/api-error'
import { createTeacher } from './test/factories'
import { createSignedInMember } from './test/member-factories'

type Envelope = { code: number; msg: string; data: unknown }

let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  // Both sign with the secret this test signs with; several processes always need a configured one.
  const childEnv = { ...process.env, JWT_SECRET: env.jwtSecret, LOG_LEVEL: 'warn' }
  ;[a, b] = await Promise.all([startServerProcess(childEnv), startServerProcess(childEnv)])
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

async function call(server: ServerProcess, action: string, body: object = {}, auth?: string): Promise<Envelope> {
  const res = await fetch(`${server.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(auth && { Authorization: auth }) },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Envelope
}

/** Alternates between the two processes: the i-th call goes to A or B. */
const either = (i: number) => (i % 2 ? b : a)

describe('two server processes on one database', () => {
  test('100 parallel follows of one teacher by one member, split across both, leave one row', async () => {
    const teacher = await createTeacher()
    const me = await createSignedInMember()

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(either(i), 'Teacher/teacherFollow', { teacherId: teacher.id }, me.auth)),
    )

    expect(answers.every((answer) => answer.code === Code.OK)).toBe(true)
    expect(await prisma.teacherFollow.count({ where: { memberId: me.member.id, teacherId: teacher.id } })).toBe(1)
  })

  test('a sign-in limit reached through one process holds on the other', async () => {
    const me = await createSignedInMember()
    const wrong = () => call(a, 'Member/login', { phone: me.member.phone, password: 'wrong-password-1' })
    expect((await wrong()).code).toBe(Code.BAD_PARAMS)
    expect((await wrong()).code).toBe(Code.BAD_PARAMS)
    // The third failure in a row on A: from now on this phone signs in with the image captcha only.
    expect(await wrong()).toMatchObject({ code: Code.CAPTCHA_REQUIRED })

    // Even the right password now needs the image captcha, whichever process is asked.
    const onB = await call(b, 'Member/login', { phone: me.member.phone, password: me.password })

    expect(onB.code).toBe(Code.CAPTCHA_REQUIRED)
  })

  test('a sign-out through one process is refused by the other at once', async () => {
    const me = await createSignedInMember()
    // B has seen the token as valid and has just looked for other processes' writes (at most once a
    // second), so a kept copy would still say it is.
    expect((await call(b, 'Member/getUserInfo', {}, me.auth)).code).toBe(Code.OK)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await call(b, 'Member/getUserInfo', {}, me.auth)).code).toBe(Code.OK)

    expect((await call(a, 'Member/logout', {}, me.auth)).code).toBe(Code.OK)
    const onB = await call(b, 'Member/getUserInfo', {}, me.auth)

    expect(onB).toEqual({ code: Code.NEED_LOGIN, msg: '登录已失效，请重新登录', data: null })
  })

  test("an admin's role change and disabling through one process hold on the other at once", async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const editor = await createSignedInMember({ role: 'editor' })
    const staffRead = () => call(b, 'Member/reviewContributions', { page: 1 }, editor.auth)
    expect((await staffRead()).code).toBe(Code.OK)

    expect((await call(a, 'Admin/memberRole', { id: editor.member.id, role: 'member' }, admin.auth)).code).toBe(Code.OK)
    expect((await staffRead()).code).toBe(Code.FORBIDDEN)

    expect((await call(a, 'Admin/memberDisable', { id: editor.member.id, disabled: true, reason: '测试停用' }, admin.auth)).code).toBe(
      Code.OK,
    )
    expect(await call(b, 'Member/getUserInfo', {}, editor.auth)).toMatchObject({
      code: Code.NEED_LOGIN,
      msg: expect.stringContaining('停用'),
    })
  })

  test('an admin edit through one process is seen through the other within a second', async () => {
    const admin = await createSignedInMember({ role: 'admin' })
    const icp = `京ICP备${Date.now() % 1e8}号`
    // B keeps the current answer.
    expect((await call(b, 'Index/getConfig')).code).toBe(Code.OK)

    expect((await call(a, 'Admin/configSave', { icp }, admin.auth)).code).toBe(Code.OK)
    const savedAt = Date.now()
    let seenAfter = -1
    while (Date.now() - savedAt < 3000) {
      const config = (await call(b, 'Index/getConfig')).data as { icp: string }
      if (config.icp === icp) {
        seenAfter = Date.now() - savedAt
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }

    expect(seenAfter).toBeGreaterThanOrEqual(0)
    expect(seenAfter).toBeLessThanOrEqual(1100)
  })

  test('the waiting-contribution cap holds across both: 30 parallel submissions, 5 accepted', async () => {
    const me = await createSignedInMember()

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(either(i), 'Member/addContribution', { title: `并发投稿 ${i}`, kind: 'viewpoint', content: `<p>内容 ${i}</p>` }, me.auth),
      ),
    )

    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(5)
    for (const refused of answers.filter((answer) => answer.code !== Code.OK)) expect(refused.code).toBe(Code.RATE_LIMITED)
    expect(await prisma.contribution.count({ where: { memberId: me.member.id } })).toBe(5)
  })

  test('two uploads in flight through one process take both slots: a third through the other is refused', async () => {
    const me = await createSignedInMember()
    const first = heldUpload(a, me.auth)
    const second = heldUpload(a, me.auth)
    const slots = () => prisma.lease.count({ where: { name: { startsWith: `upload-slot:${me.member.id}:` } } })
    await until(async () => (await slots()) === 2)

    const third = await uploadPng(b, me.auth)

    expect(third).toEqual({ code: Code.RATE_LIMITED, msg: '最多同时上传 2 个文件，请等待当前上传完成后再试', data: null })
    first.abort()
    second.abort()
    await until(async () => (await slots()) === 0)
    expect((await uploadPng(b, me.auth)).code).toBe(Code.OK)
  })
})

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

// The smallest valid PNG: 1×1, one grey pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64')

async function uploadPng(server: ServerProcess, auth: string): Promise<Envelope> {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png')
  const res = await fetch(`${server.baseUrl}/api/Member/uploads`, { method: 'POST', headers: { Authorization: auth }, body: form })
  return (await res.json()) as Envelope
}

/** An upload whose body is declared larger than what is sent: it stays in flight until aborted. */
function heldUpload(server: ServerProcess, auth: string) {
  const boundary = 'held-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const url = new URL(server.baseUrl)
  const req = http.request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/api/Member/uploads',
    headers: { Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(1024 * 1024) },
  })
  req.on('error', () => undefined)
  req.write(Buffer.concat([head, PNG]))
  return { abort: () => req.destroy() }
}
