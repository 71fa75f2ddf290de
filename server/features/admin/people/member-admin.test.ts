import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { actionPath, type Action } from '../../../lib/action'
import { Code } from '../../../lib/api-error'
import { createSignedInMember, uniquePhone } from '../../../test/member-factories'
import { grantRoleById } from '../../staff/staff-accounts.service'
import { mediaLibraryActions } from '../moderation/media-library.actions'
import { reviewQueueActions } from '../moderation/review-queue.actions'
import { sensitiveWordActions } from '../moderation/sensitive-word.actions'
import { dashboardActions } from './dashboard.actions'
import { memberAdminActions } from './member-admin.actions'
import { setMemberDisabled } from './member-admin.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string | null, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let editor: Signed
let plain: Signed
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin', nickname: '主管理员' })
  editor = await createSignedInMember({ role: 'editor', nickname: '内容编辑' })
  plain = await createSignedInMember()
})

const auditOf = (action: string, entityId: number) =>
  prisma.auditLog.findMany({ where: { action: `Admin/${action}`, entityId: String(entityId) } })

describe('the people and moderation actions: who may call them', () => {
  const mine: Action[] = [
    ...memberAdminActions,
    ...dashboardActions,
    ...reviewQueueActions,
    ...sensitiveWordActions,
    ...mediaLibraryActions,
  ]
  test.each(mine.map((action) => [actionPath(action), action] as const))(
    '%s: 401 without a token, 403 for members (and editors where admin-only)',
    async (path, action) => {
      const { staff, refusal } = action.access as { staff: readonly string[]; refusal: string }
      expect((await post(path, null, action.example as object)).body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))
      expect((await post(path, plain.auth, action.example as object)).body).toEqual(failure(Code.FORBIDDEN, refusal))
      const asEditor = await post(path, editor.auth, action.example as object)
      if (staff.includes('editor')) expect(asEditor.body.code).not.toBe(Code.FORBIDDEN)
      else expect(asEditor.body).toEqual(failure(Code.FORBIDDEN, refusal))
    },
  )

  test('members, staff, roles and sensitive words are for admins; editors review, upload media but never delete it', () => {
    const notForEditors = mine
      .filter((action) => !(action.access as { staff: readonly string[] }).staff.includes('editor'))
      .map((a) => a.name)
    expect(notForEditors.sort()).toEqual(
      [...memberAdminActions, ...sensitiveWordActions, { name: 'mediaDelete' }].map((a) => a.name).sort(),
    )
  })
})

describe('POST /api/Admin/memberList', () => {
  test('searches by nickname, member number or the exact phone, filters role and disabled, masks phones', async () => {
    const phone = uniquePhone()
    const { member } = await createSignedInMember({ nickname: '搜索目标甲', phone })
    await prisma.member.update({ where: { id: member.id }, data: { disabledAt: new Date(), disabledReason: '测试' } })

    const byName = await admin('memberList', boss.auth, { keyword: '搜索目标甲' })
    const byNumber = await admin('memberList', boss.auth, { keyword: member.memberNo.toLowerCase() })
    const byPhone = await admin('memberList', boss.auth, { keyword: phone })
    const byPartOfPhone = await admin('memberList', boss.auth, { keyword: phone.slice(0, 7) })

    expect(byName.body).toMatchObject({ code: Code.OK, data: { total: 1, page: 1, limit: 20 } })
    expect(byName.body.data.list[0]).toEqual({
      id: member.id,
      member_no: member.memberNo,
      nickname: '搜索目标甲',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      avatar: '',
      role: 'member',
      roleText: '会员',
      disabledAt: expect.any(String),
      disabledReason: '测试',
      deletedAt: null,
      createdAt: expect.any(String),
      lastLoginAt: null,
    })
    expect(byNumber.body.data.list.map((row: { id: number }) => row.id)).toEqual([member.id])
    expect(byPhone.body.data.list.map((row: { id: number }) => row.id)).toEqual([member.id])
    expect(byPartOfPhone.body.data.list.map((row: { id: number }) => row.id)).not.toContain(member.id)

    const editors = await admin('memberList', boss.auth, { role: 'editor', limit: 100 })
    expect(editors.body.data.list.every((row: { role: string }) => row.role === 'editor')).toBe(true)
    expect(editors.body.data.list.map((row: { id: number }) => row.id)).toContain(editor.member.id)
    const disabled = await admin('memberList', boss.auth, { disabled: true, limit: 100 })
    expect(disabled.body.data.list.map((row: { id: number }) => row.id)).toContain(member.id)
    const enabled = await admin('memberList', boss.auth, { disabled: false, keyword: '搜索目标甲' })
    expect(enabled.body.data.total).toBe(0)
  })

  test('bad filters are refused in Chinese', async () => {
    expect((await admin('memberList', boss.auth, { role: 'root' })).body).toEqual(
      failure(
        Code.BAD_PARAMS,
        '角色应为 member（会员）、editor（编辑）、reviewer（审核员）、publisher（发布员）、sales（商务）或 admin（管理员）',
      ),
    )
    expect((await admin('memberList', boss.auth, { disabled: 'yes' })).body).toEqual(failure(Code.BAD_PARAMS, '停用状态应为 true 或 false'))
  })
})

describe('POST /api/Admin/memberGet and memberRevealPhone', () => {
  test('shows the profile, counts and submissions; the full phone only on request, audited', async () => {
    const phone = uniquePhone()
    const { member } = await createSignedInMember({ nickname: '详情会员', phone })
    await prisma.contribution.create({ data: { memberId: member.id, kind: 'viewpoint', title: '会员的投稿', content: '<p>x</p>' } })

    const detail = await admin('memberGet', boss.auth, { id: member.id })

    expect(detail.body.data).toMatchObject({
      id: member.id,
      nickname: '详情会员',
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      counts: { contributions: 1, videos: 0, follows: 0, courseCollects: 0, specialCollects: 0 },
      contributions: [{ title: '会员的投稿', status: 'pending', statusText: '待审核', kindText: '学术观点' }],
      videos: [],
    })
    expect(JSON.stringify(detail.body.data)).not.toContain(phone)
    expect(await auditOf('memberRevealPhone', member.id)).toEqual([])

    const revealed = await admin('memberRevealPhone', boss.auth, { id: member.id })

    expect(revealed.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: member.id, phone } })
    expect(await auditOf('memberRevealPhone', member.id)).toEqual([
      expect.objectContaining({ staffId: boss.member.id, entity: 'member', summary: '查看「详情会员」的完整手机号' }),
    ])
  })

  test('an unknown or malformed id is refused', async () => {
    expect((await admin('memberGet', boss.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '会员不存在'))
    expect((await admin('memberRevealPhone', boss.auth, { id: 'x' })).body).toEqual(failure(Code.BAD_PARAMS, '会员 ID格式不正确'))
  })
})

describe('POST /api/Admin/memberDisable', () => {
  test("a disabled member's token stops working at once and sign-in says why; enabling lets them sign in again", async () => {
    const target = await createSignedInMember({ nickname: '将被停用' })
    expect((await post('/api/Member/getUserInfo', target.auth)).body.code).toBe(Code.OK)

    const res = await admin('memberDisable', boss.auth, { id: target.member.id, disabled: true, reason: '发布广告' })

    expect(res.body.data).toMatchObject({ id: target.member.id, disabledAt: expect.any(String), disabledReason: '发布广告' })
    expect((await post('/api/Member/getUserInfo', target.auth)).body).toEqual(
      failure(Code.NEED_LOGIN, '该账号已被停用，如有疑问请联系平台管理员'),
    )
    const login = await post('/api/Member/login', null, { phone: target.member.phone, password: target.password })
    expect(login.body).toEqual(failure(Code.FORBIDDEN, '该账号已被停用（发布广告），如有疑问请联系平台管理员'))
    // A wrong password is answered as for anyone: being disabled is told only to the owner.
    const guess = await post('/api/Member/login', null, { phone: target.member.phone, password: 'wrong-password-1' })
    expect(guess.body).toEqual(failure(Code.BAD_PARAMS, '手机号或密码错误'))
    expect(await auditOf('memberDisable', target.member.id)).toEqual([
      expect.objectContaining({ staffId: boss.member.id, summary: '停用「将被停用」：发布广告' }),
    ])

    await admin('memberDisable', boss.auth, { id: target.member.id, disabled: false })

    const again = await post('/api/Member/login', null, { phone: target.member.phone, password: target.password })
    expect(again.body.code).toBe(Code.OK)
    // The old token stays dead: disabling ended its session for good.
    expect((await post('/api/Member/getUserInfo', target.auth)).body.code).toBe(Code.NEED_LOGIN)
    expect((await post('/api/Member/getUserInfo', `Bearer ${again.body.data.token}`)).body.code).toBe(Code.OK)
  })

  test('an admin disabled while their own request was on its way is refused: two admins disabling each other leave one', async () => {
    const first = await createSignedInMember({ role: 'admin' })
    const second = await createSignedInMember({ role: 'admin' })
    // The second admin's request has passed its token check (through any server) when the first's lands.
    expect((await admin('memberDisable', first.auth, { id: second.member.id, disabled: true, reason: '互相停用' })).body.code).toBe(Code.OK)

    const late = setMemberDisabled(
      { id: first.member.id, disabled: true, reason: '互相停用' },
      { staffId: second.member.id, ip: '127.0.0.1', action: 'Admin/memberDisable' },
    )

    await expect(late).rejects.toMatchObject({ code: Code.FORBIDDEN, message: '你的管理员权限已变更，请重新登录后再试' })
    expect((await prisma.member.findUniqueOrThrow({ where: { id: first.member.id } })).disabledAt).toBeNull()
  })

  test('staff cannot disable themselves; bad input changes nothing', async () => {
    expect((await admin('memberDisable', boss.auth, { id: boss.member.id, disabled: true })).body).toEqual(
      failure(Code.FORBIDDEN, '不能停用自己的账号'),
    )
    const target = await createSignedInMember()
    expect((await admin('memberDisable', boss.auth, { id: target.member.id })).body).toEqual(
      failure(Code.BAD_PARAMS, '请选择停用（true）或启用（false）'),
    )
    expect((await admin('memberDisable', boss.auth, { id: target.member.id, disabled: true, reason: '长'.repeat(101) })).body).toEqual(
      failure(Code.BAD_PARAMS, '停用原因最多 100 个字'),
    )
    expect((await prisma.member.findUniqueOrThrow({ where: { id: target.member.id } })).disabledAt).toBeNull()
    expect((await post('/api/Member/getUserInfo', target.auth)).body.code).toBe(Code.OK)
  })
})

describe('POST /api/Admin/memberRole', () => {
  test('grants editor: the member sees the role, the review tab, and may review; revoking takes it back', async () => {
    const target = await createSignedInMember({ nickname: '新编辑' })
    expect((await post('/api/Member/reviewContributions', target.auth)).body.code).toBe(Code.FORBIDDEN)

    const res = await admin('memberRole', boss.auth, { id: target.member.id, role: 'editor' })

    expect(res.body.data).toEqual({ id: target.member.id, nickname: '新编辑', role: 'editor', previousRole: 'member' })
    const info = await post('/api/Member/getUserInfo', target.auth)
    expect(info.body.data).toMatchObject({ role: 'editor', isAdmin: false })
    const tabs = (await post('/api/Member/getNavigation', target.auth)).body.data as { key: string }[]
    expect(tabs.at(-1)).toMatchObject({ key: 'review' })
    expect((await post('/api/Member/reviewContributions', target.auth)).body.code).toBe(Code.OK)
    expect((await admin('memberList', target.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员可以管理会员'))
    expect(await auditOf('memberRole', target.member.id)).toEqual([
      expect.objectContaining({ staffId: boss.member.id, before: '{"role":"member"}', after: '{"role":"editor"}' }),
    ])

    await admin('memberRole', boss.auth, { id: target.member.id, role: 'member' })

    expect((await post('/api/Member/reviewContributions', target.auth)).body.code).toBe(Code.FORBIDDEN)
    expect((await post('/api/Member/getUserInfo', target.auth)).body.data.role).toBe('member')
  })

  test('nobody changes their own role, so the console always leaves an admin; two admins demoting each other: one is refused', async () => {
    expect((await admin('memberRole', boss.auth, { id: boss.member.id, role: 'member' })).body).toEqual(
      failure(Code.FORBIDDEN, '不能修改自己的角色，请由其他管理员操作'),
    )
    const a = await createSignedInMember({ role: 'admin' })
    const b = await createSignedInMember({ role: 'admin' })
    // For this test a and b are the only admins; the others (seeded ones included) are put back after.
    const others = await prisma.member.findMany({
      where: { role: 'admin', id: { notIn: [a.member.id, b.member.id] } },
      select: { id: true },
    })
    await prisma.member.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { role: 'editor' } })
    try {
      const answers = await Promise.all([
        admin('memberRole', a.auth, { id: b.member.id, role: 'member' }),
        admin('memberRole', b.auth, { id: a.member.id, role: 'member' }),
      ])
      expect(answers.map((res) => res.body.code).sort()).toEqual([Code.OK, Code.FORBIDDEN])
      // Refused either as no longer an admin (the first demotion came before the token check) or by
      // the last-admin rule (both were checked before either wrote): never both demoted.
      expect(['仅管理员可以管理会员', '这是最后一位管理员，不能取消其管理员角色；请先为其他人授予管理员']).toContain(
        answers.find((res) => res.body.code === Code.FORBIDDEN)!.body.msg,
      )
      expect(await prisma.member.count({ where: { id: { in: [a.member.id, b.member.id] }, role: 'admin' } })).toBe(1)
    } finally {
      await prisma.member.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { role: 'admin' } })
    }
  })

  test('the role change by id keeps the last admin (the rule of staff-accounts, whoever calls)', async () => {
    const solo = await createSignedInMember({ role: 'admin' })
    const others = await prisma.member.findMany({ where: { role: 'admin', id: { not: solo.member.id } }, select: { id: true } })
    await prisma.member.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { role: 'editor' } })
    try {
      await expect(grantRoleById(solo.member.id, 'editor', { staffId: null, action: 'test' })).rejects.toThrow(
        '这是最后一位管理员，不能取消其管理员角色；请先为其他人授予管理员',
      )
      expect((await prisma.member.findUniqueOrThrow({ where: { id: solo.member.id } })).role).toBe('admin')
    } finally {
      await prisma.member.updateMany({ where: { id: { in: others.map((row) => row.id) } }, data: { role: 'admin' } })
    }
  })

  test('bad roles and unknown members are refused without a change', async () => {
    expect((await admin('memberRole', boss.auth, { id: plain.member.id, role: 'root' })).body).toEqual(
      failure(
        Code.BAD_PARAMS,
        '角色应为 member（会员）、editor（编辑）、reviewer（审核员）、publisher（发布员）、sales（商务）或 admin（管理员）',
      ),
    )
    expect((await admin('memberRole', boss.auth, { id: 99_999_999, role: 'editor' })).body).toEqual(
      failure(Code.NOT_FOUND, '会员不存在或已注销'),
    )
    expect((await prisma.member.findUniqueOrThrow({ where: { id: plain.member.id } })).role).toBe('member')
  })
})

describe('POST /api/Admin/memberResetPassword', () => {
  test('ends every session and makes the old password useless; 找回密码 sets a new one', async () => {
    const target = await createSignedInMember({ nickname: '忘记密码' })

    const res = await admin('memberResetPassword', boss.auth, { id: target.member.id })

    expect(res.body.data).toEqual({ id: target.member.id, nickname: '忘记密码', message: expect.stringContaining('其所有登录已失效') })
    expect((await post('/api/Member/getUserInfo', target.auth)).body.code).toBe(Code.NEED_LOGIN)
    const login = await post('/api/Member/login', null, { phone: target.member.phone, password: target.password })
    expect(login.body).toEqual(failure(Code.BAD_PARAMS, '手机号或密码错误'))
    expect(await auditOf('memberResetPassword', target.member.id)).toEqual([
      expect.objectContaining({ summary: '强制重置「忘记密码」的密码', before: '', after: '' }),
    ])
  })

  test('nobody resets their own password here; unknown ids are refused', async () => {
    expect((await admin('memberResetPassword', boss.auth, { id: boss.member.id })).body).toEqual(
      failure(Code.FORBIDDEN, '不能重置自己的密码，请在个人中心修改密码'),
    )
    expect((await admin('memberResetPassword', boss.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '会员不存在'))
    expect((await post('/api/Member/getUserInfo', boss.auth)).body.code).toBe(Code.OK)
  })
})
