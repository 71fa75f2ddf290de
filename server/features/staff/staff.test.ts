import { spawnSync } from 'node:child_process'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import request from 'supertest'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../http/envelope'
import { projectRoot } from '../../lib/database-url'
import { createSignedInMember, uniquePhone } from '../../test/member-factories'
import { setupToken } from './setup.service'
import { grantRole, resetPassword } from './staff-accounts.service'

const app = createApp()
const post = (action: string, body: object = {}, auth?: string) => {
  const call = request(app).post(`/api/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const account = (phone = uniquePhone()) => ({ phone, password: 'Admin2026ok', nickname: '首位管理员' })

// This file's database starts without any admin, as a production deployment does.
beforeEach(async () => {
  await prisma.member.updateMany({ where: { role: 'admin' }, data: { role: 'member' } })
})

describe('first-run setup (Admin/setupStatus, Admin/setup)', () => {
  test('creates the first admin once; the link is dead afterwards', async () => {
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: true })
    const first = account()
    const res = await post('Admin/setup', { token: setupToken(), ...first })
    expect(res.body).toMatchObject({ code: Code.OK, data: { nickname: '首位管理员' } })

    const admin = await prisma.member.findUniqueOrThrow({ where: { phone: first.phone } })
    expect(admin.role).toBe('admin')
    expect(await bcrypt.compare(first.password, admin.passwordHash)).toBe(true)
    expect((await post('Admin/setupStatus')).body.data).toEqual({ needed: false })
    const login = await post('Member/login', { phone: first.phone, password: first.password })
    expect(login.body.code).toBe(Code.OK)

    const again = await post('Admin/setup', { token: setupToken(), ...account() })
    expect(again.status).toBe(403)
    expect(again.body).toEqual(failure(Code.FORBIDDEN, '安装链接已失效：管理员已经创建，请直接登录'))
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(1)
  })

  test('a wrong, truncated or missing token creates nothing', async () => {
    const before = await prisma.member.count()
    for (const token of ['x'.repeat(43), setupToken().slice(0, -1), `${setupToken()}x`]) {
      const res = await post('Admin/setup', { token, ...account() })
      expect(res.body).toEqual(failure(Code.FORBIDDEN, '安装链接无效，请使用启动日志中的完整链接'))
    }
    expect((await post('Admin/setup', account())).body).toEqual(failure(Code.BAD_PARAMS, '缺少安装令牌，请使用启动日志中的安装链接'))
    expect(await prisma.member.count()).toBe(before)
  })

  test('bad account fields are refused with the registration wording', async () => {
    const cases: [object, string][] = [
      [{ ...account(), phone: '12345' }, '请输入正确的手机号'],
      [{ ...account(), password: 'short1' }, '密码长度须为 8-20 位'],
      [{ ...account(), password: 'onlyletters' }, '密码为 8-20 位，须同时包含字母和数字，不能含空格或中文'],
      [{ ...account(), nickname: '<b>管理员</b>' }, '昵称不能包含特殊字符'],
    ]
    for (const [body, msg] of cases) {
      expect((await post('Admin/setup', { token: setupToken(), ...body })).body).toEqual(failure(Code.BAD_PARAMS, msg))
    }
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(0)
  })

  test('a registered phone is not silently promoted', async () => {
    const { member } = await createSignedInMember()
    const res = await post('Admin/setup', { token: setupToken(), ...account(member.phone!) })
    expect(res.body).toEqual(failure(Code.EXISTS, '该手机号已注册，请改用 grant 为它授予管理员角色'))
    expect((await prisma.member.findUniqueOrThrow({ where: { id: member.id } })).role).toBe('member')
  })

  test('two people opening the link together make one admin', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => post('Admin/setup', { token: setupToken(), ...account() })))
    expect(answers.filter((res) => res.body.code === Code.OK)).toHaveLength(1)
    expect(await prisma.member.count({ where: { role: 'admin' } })).toBe(1)
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
  const admin = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'admin.ts'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    })

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

  test('usage mistakes exit 2 with the reason and the usage', () => {
    for (const args of [
      [],
      ['drop'],
      ['grant', '--phone', '13800138000', '--role', 'root'],
      ['create', '--phone', '123'],
      ['create', '--bogus'],
    ]) {
      const run = admin(...args)
      expect(run.status).toBe(2)
      expect(run.stderr).toContain('用法 / usage')
    }
  })
})
