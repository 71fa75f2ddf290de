import { spawnSync } from 'node:child_process'
import { run as runAdminCommand } from '../../../scripts/admin-command'
import { UsageError } from '../../../scripts/command'
import crypto from 'node:crypto'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { projectRoot } from '../../lib/database-url'
import { logger } from '../../lib/logger'
import { createSignedInMember, uniquePhone } from '../../test/member-factories'
import { announceSetupLink, renewSetupLink } from './setup.service'
import { grantRole, resetPassword } from './staff-accounts.service'

const app = createApp()
const post = (action: string, body: object = {}, auth?: string) => {
  const call = request(app).post(`/api/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const account = (phone = uniquePhone()) => ({ phone, password: 'Admin2026ok', nickname: '首位管理员' })
/** A new setup link's token, as `npm run admin -- setup-link` makes it (earlier links stop working). */
const newToken = async () => new URL((await renewSetupLink('http://portal.test')).link).searchParams.get('token')!

// This file's database starts without any admin, as a production deployment does.
beforeEach(async () => {
  await prisma.member.updateMany({ where: { role: 'admin' }, data: { role: 'member' } })
})

describe('first-run setup (Admin/setupStatus, Admin/setup)', () => {
  test('creates the first admin once; the link is dead afterwards', async () => {
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: true })
    const token = await newToken()
    const first = account()
    const res = await post('Admin/setup', { token, ...first })
    expect(res.body).toMatchObject({ code: Code.OK, data: { nickname: '首位管理员' } })

    const admin = await prisma.member.findUniqueOrThrow({ where: { phone: first.phone } })
    expect(admin.role).toBe('admin')
    expect(await bcrypt.compare(first.password, admin.passwordHash)).toBe(true)
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: false })
    const login = await post('Member/login', { phone: first.phone, password: first.password })
    expect(login.body.code).toBe(Code.OK)

    const again = await post('Admin/setup', { token, ...account() })
    expect(again.status).toBe(403)
    expect(again.body).toEqual(failure(Code.FORBIDDEN, '安装链接已失效：管理员已经创建，请直接登录'))
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(1)
  })

  test('the token is stored only as its hash', async () => {
    const token = await newToken()
    const row = await prisma.setupToken.findFirstOrThrow({ orderBy: { id: 'desc' } })
    expect(row.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000)
  })

  test('a used link stays dead when setup is needed again; a new link from the command line works', async () => {
    const token = await newToken()
    const first = account()
    expect((await post('Admin/setup', { token, ...first })).body.code).toBe(Code.OK)
    // No active admin again (disabled straight in the database): setup re-opens, the old link does not.
    await prisma.member.updateMany({ where: { phone: first.phone }, data: { disabledAt: new Date() } })
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: true })

    const reused = await post('Admin/setup', { token, ...account() })
    expect(reused.body).toEqual(failure(Code.FORBIDDEN, '安装链接已使用过，请运行 npm run admin -- setup-link 获取新链接'))
    expect(await prisma.member.count({ where: { role: 'admin', disabledAt: null } })).toBe(0)

    expect((await post('Admin/setup', { token: await newToken(), ...account() })).body.code).toBe(Code.OK)
  })

  test('an expired link is refused', async () => {
    const token = await newToken()
    const realNow = clock.now
    clock.now = () => realNow() + 24 * 60 * 60 * 1000 + 1
    try {
      const res = await post('Admin/setup', { token, ...account() })
      expect(res.body).toEqual(failure(Code.FORBIDDEN, '安装链接已过期，请运行 npm run admin -- setup-link 获取新链接'))
    } finally {
      clock.now = realNow
    }
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(0)
  })

  test('a new link revokes the earlier one', async () => {
    const earlier = await newToken()
    const later = await newToken()
    expect((await post('Admin/setup', { token: earlier, ...account() })).body).toEqual(
      failure(Code.FORBIDDEN, '安装链接已作废：已生成新的安装链接，请使用最新的链接'),
    )
    expect((await post('Admin/setup', { token: later, ...account() })).body.code).toBe(Code.OK)
  })

  test('a wrong, truncated or missing token creates nothing', async () => {
    const token = await newToken()
    const before = await prisma.member.count()
    for (const wrong of ['x'.repeat(43), token.slice(0, -1), `${token}x`]) {
      const res = await post('Admin/setup', { token: wrong, ...account() })
      expect(res.body).toEqual(failure(Code.FORBIDDEN, '安装链接无效，请使用完整的安装链接，或运行 npm run admin -- setup-link 获取新链接'))
    }
    expect((await post('Admin/setup', account())).body).toEqual(failure(Code.BAD_PARAMS, '缺少安装令牌，请使用启动日志中的安装链接'))
    expect(await prisma.member.count()).toBe(before)
  })

  test('bad account fields are refused with the registration wording', async () => {
    const token = await newToken()
    const cases: [object, string][] = [
      [{ ...account(), phone: '12345' }, '请输入正确的手机号'],
      [{ ...account(), password: 'short1' }, '密码长度须为 8-20 位'],
      [{ ...account(), password: 'onlyletters' }, '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'],
      [{ ...account(), nickname: '<b>管理员</b>' }, '昵称不能包含特殊字符'],
    ]
    for (const [body, msg] of cases) {
      expect((await post('Admin/setup', { token, ...body })).body).toEqual(failure(Code.BAD_PARAMS, msg))
    }
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(0)
  })

  test('a registered phone is not silently promoted, and the link still works', async () => {
    const token = await newToken()
    const { member } = await createSignedInMember()
    const res = await post('Admin/setup', { token, ...account(member.phone!) })
    expect(res.body).toEqual(failure(Code.EXISTS, '该手机号已注册，请改用 grant 为它授予管理员角色'))
    expect((await prisma.member.findUniqueOrThrow({ where: { id: member.id } })).role).toBe('member')
    expect((await post('Admin/setup', { token, ...account() })).body.code).toBe(Code.OK)
  })

  test('two people opening the link together make one admin', async () => {
    const token = await newToken()
    const answers = await Promise.all([1, 2, 3].map(() => post('Admin/setup', { token, ...account() })))
    expect(answers.filter((res) => res.body.code === Code.OK)).toHaveLength(1)
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(1)
  })
})

describe('the setup link at start and from the command line', () => {
  const warnings = () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    return { calls: () => warn.mock.calls.map((call) => call as unknown[]), restore: () => warn.mockRestore() }
  }

  test('the first start of an empty database logs a link; later starts only say how to get a new one', async () => {
    await prisma.setupToken.deleteMany()
    const log = warnings()
    try {
      await announceSetupLink('http://localhost:4000')
      await announceSetupLink('http://localhost:4000')
      const [first, second] = log.calls()
      const link = new URL((first[0] as { setupLink: string }).setupLink)
      expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4000/admin/setup')
      expect(second).toEqual([expect.stringContaining('npm run admin -- setup-link')])
      expect(JSON.stringify(second)).not.toContain('setupLink')
      expect(await prisma.setupToken.count()).toBe(1)
      expect((await post('Admin/setup', { token: link.searchParams.get('token'), ...account() })).body.code).toBe(Code.OK)
    } finally {
      log.restore()
    }
  })

  test('a start with an admin, or after an admin existed, issues nothing', async () => {
    await prisma.setupToken.deleteMany()
    const { member } = await createSignedInMember({ role: 'admin' })
    const log = warnings()
    try {
      await announceSetupLink('http://localhost:4000')
      expect(log.calls()).toEqual([])
      // The only admin is disabled straight in the database: no link by itself, only the hint.
      await prisma.member.update({ where: { id: member.id }, data: { disabledAt: new Date() } })
      await announceSetupLink('http://localhost:4000')
      expect(log.calls()).toEqual([[expect.stringContaining('npm run admin -- setup-link')]])
      expect(await prisma.setupToken.count()).toBe(0)
    } finally {
      log.restore()
    }
  })

  test('a new link is refused while an active admin exists', async () => {
    await createSignedInMember({ role: 'admin' })
    await expect(renewSetupLink()).rejects.toMatchObject({
      code: Code.FORBIDDEN,
      message: '已有管理员，无需安装链接：请直接登录，或用 npm run admin -- create / grant 添加管理员',
    })
  })
})

describe('the last active admin', () => {
  const LAST = failure(Code.FORBIDDEN, '您是唯一的管理员，请先指定另一位管理员再注销账号')

  test('cannot delete its own account, and nothing changes', async () => {
    const only = await createSignedInMember({ role: 'admin' })

    const res = await post('Member/deleteAccount', { password: only.password }, only.auth)

    expect(res.status).toBe(403)
    expect(res.body).toEqual(LAST)
    expect(await prisma.member.findUniqueOrThrow({ where: { id: only.member.id } })).toMatchObject({
      role: 'admin',
      phone: only.member.phone,
      deletedAt: null,
      tokenVersion: 0,
    })
    expect((await post('Member/getUserInfo', {}, only.auth)).body.code).toBe(Code.OK)
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: false })
  })

  test('with a second active admin, one may delete its own account', async () => {
    const leaving = await createSignedInMember({ role: 'admin' })
    await createSignedInMember({ role: 'admin' })

    const res = await post('Member/deleteAccount', { password: leaving.password }, leaving.auth)

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: null })
    expect((await prisma.member.findUniqueOrThrow({ where: { id: leaving.member.id } })).deletedAt).not.toBeNull()
  })

  test('a disabled admin does not count: the admin who disabled the other is the last one', async () => {
    const first = await createSignedInMember({ role: 'admin' })
    const second = await createSignedInMember({ role: 'admin' })
    const disable = await post('Admin/memberDisable', { id: second.member.id, disabled: true, reason: '离职' }, first.auth)
    expect(disable.body.code).toBe(Code.OK)

    expect((await post('Member/deleteAccount', { password: first.password }, first.auth)).body).toEqual(LAST)
    expect((await prisma.member.findUniqueOrThrow({ where: { id: first.member.id } })).deletedAt).toBeNull()
  })

  test('deleting itself and disabling the other at once leave one active admin', async () => {
    const first = await createSignedInMember({ role: 'admin' })
    const second = await createSignedInMember({ role: 'admin' })

    await Promise.all([
      post('Member/deleteAccount', { password: first.password }, first.auth),
      post('Admin/memberDisable', { id: second.member.id, disabled: true, reason: '同时' }, first.auth),
    ])

    expect(await prisma.member.count({ where: { role: 'admin', deletedAt: null, disabledAt: null } })).toBe(1)
  })

  test('a disabled admin may lose the role while another admin is active; the active one may not', async () => {
    const active = await createSignedInMember({ role: 'admin' })
    const disabled = await createSignedInMember({ role: 'admin' })
    await prisma.member.update({ where: { id: disabled.member.id }, data: { disabledAt: new Date() } })

    expect(await grantRole(disabled.member.phone!, 'member')).toMatchObject({ role: 'member', previousRole: 'admin' })
    await expect(grantRole(active.member.phone!, 'member')).rejects.toMatchObject({
      code: Code.FORBIDDEN,
      message: '这是最后一位管理员，不能取消其管理员角色；请先为其他人授予管理员',
    })
  })
})

describe('staff accounts', () => {
  test('the last admin cannot be demoted; with a second admin it can', async () => {
    const { member: only } = await createSignedInMember({ role: 'admin' })
    await expect(grantRole(only.phone!, 'member')).rejects.toMatchObject({ code: Code.FORBIDDEN })
    expect((await prisma.member.findUniqueOrThrow({ where: { id: only.id } })).role).toBe('admin')

    const { member: second } = await createSignedInMember()
    expect(await grantRole(second.phone!, 'admin')).toMatchObject({ role: 'admin', previousRole: 'member' })
    expect(await grantRole(only.phone!, 'editor')).toMatchObject({ role: 'editor', previousRole: 'admin' })
  })

  test('a password reset signs the member out everywhere', async () => {
    const { member, auth } = await createSignedInMember()
    expect((await post('Member/getUserInfo', {}, auth)).body.code).toBe(Code.OK)
    await resetPassword(member.phone!, 'Reset2026ok')
    expect((await post('Member/getUserInfo', {}, auth)).status).toBe(401)
    expect((await post('Member/login', { phone: member.phone, password: 'Reset2026ok' })).body.code).toBe(Code.OK)
  })

  test('an unknown phone is named', async () => {
    await expect(resetPassword('13311112222', 'Reset2026ok')).rejects.toMatchObject({
      code: Code.NOT_FOUND,
      message: '手机号 13311112222 没有对应的会员',
    })
  })
})

describe('npm run admin', () => {
  const adminWith = (extra: Record<string, string | undefined>, ...args: string[]) => {
    const env = Object.fromEntries(
      Object.entries({ ...process.env, LOG_LEVEL: 'silent', ...extra }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    )
    return spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'admin.ts'), ...args], {
      cwd: projectRoot,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    })
  }
  const admin = (...args: string[]) => adminWith({}, ...args)

  test('create, grant and reset-password work on the configured database', async () => {
    const phone = uniquePhone()
    const created = admin('create', '--phone', phone, '--nickname', '运维管理员')
    expect(created.status).toBe(0)
    const password = /password: (\S+)/.exec(created.stdout)?.[1]
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)\S{16}$/)
    expect((await post('Member/login', { phone, password })).body.code).toBe(Code.OK)

    const { member: editor } = await createSignedInMember()
    expect(admin('grant', '--phone', editor.phone!, '--role', 'editor').stdout).toContain('会员 → 编辑')
    expect((await prisma.member.findUniqueOrThrow({ where: { id: editor.id } })).role).toBe('editor')
    const audit = await prisma.auditLog.findMany({ where: { entity: 'member', entityId: String(editor.id) } })
    expect(audit).toMatchObject([
      { staffId: null, staffName: '命令行', action: 'cli:grant', before: '{"role":"member"}', after: '{"role":"editor"}' },
    ])

    const reset = admin('reset-password', '--phone', phone, '--password', 'Chosen2026ok')
    expect(reset.status).toBe(0)
    expect((await post('Member/login', { phone, password: 'Chosen2026ok' })).body.code).toBe(Code.OK)
  })

  test('setup-link prints a new link that works, at PUBLIC_URL or localhost, and is refused once an admin exists', async () => {
    const local = adminWith({ PUBLIC_URL: undefined, PORT: '4321' }, 'setup-link')
    expect(local.status).toBe(0)
    expect(local.stdout).toMatch(/^http:\/\/localhost:4321\/admin\/setup\?token=[\w-]{43}$/m)

    const printed = adminWith({ PUBLIC_URL: 'https://portal.example.com' }, 'setup-link')
    expect(printed.status).toBe(0)
    expect(printed.stdout).toContain('24 小时内有效')
    const link = new URL(/^https:\/\/\S+$/m.exec(printed.stdout)![0])
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/admin/setup')
    const earlier = new URL(/^http:\/\/\S+$/m.exec(local.stdout)![0]).searchParams.get('token')
    expect((await post('Admin/setup', { token: earlier, ...account() })).body.code).toBe(Code.FORBIDDEN)
    expect((await post('Admin/setup', { token: link.searchParams.get('token'), ...account() })).body.code).toBe(Code.OK)

    const refused = admin('setup-link')
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('已有管理员，无需安装链接')
  })

  test('usage mistakes exit 2 with the reason and the usage', async () => {
    const run = admin('drop')
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('未知的命令：drop')
    expect(run.stderr).toContain('用法 / usage')
    // The other mistakes in-process: each is a UsageError, which the command turns into exit 2 and the usage.
    const reasons = [
      [[], '请指定命令'],
      [['grant', '--phone', '13800138000', '--role', 'root'], '角色应为'],
      [['create', '--phone', '123'], 'phone: '],
      [['create', '--bogus'], 'bogus'],
    ] as const
    for (const [args, reason] of reasons) {
      const refusal = await runAdminCommand([...args]).catch((error: unknown) => error)
      expect(refusal, args.join(' ')).toBeInstanceOf(UsageError)
      expect((refusal as Error).message).toContain(reason)
    }
  })
})
