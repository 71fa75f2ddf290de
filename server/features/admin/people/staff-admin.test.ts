// The four staff roles end to end: each action's declared access (the table in common/staff-roles.ts)
// refuses the roles it leaves out, in Chinese and without a change; admins invite staff, change their
// roles and disable them from the console.
import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { Code } from '../../../lib/api-error'
import { createCourse } from '../../../test/factories'
import { createSignedInMember, uniquePhone } from '../../../test/member-factories'
import { firstPassword } from './member-admin.service'

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
let reviewer: Signed
let publisher: Signed
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin', nickname: '员工主管' })
  editor = await createSignedInMember({ role: 'editor', nickname: '员工编辑' })
  reviewer = await createSignedInMember({ role: 'reviewer', nickname: '员工审核员' })
  publisher = await createSignedInMember({ role: 'publisher', nickname: '员工发布员' })
})

const courseRow = (id: number) => prisma.course.findUniqueOrThrow({ where: { id }, select: { isPublished: true, title: true } })

describe('who may do what', () => {
  test('an editor saves content but cannot publish, take down, schedule or delete it, nor delete media', async () => {
    const course = await createCourse({ isPublished: false })
    const before = await courseRow(course.id)

    expect((await admin('courseGet', editor.auth, { id: course.id })).body.code).toBe(Code.OK)
    expect((await admin('coursePublish', editor.auth, { id: course.id, isPublished: true })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员和发布员可以发布或下架内容'),
    )
    expect(
      (await admin('courseSchedule', editor.auth, { id: course.id, publishAt: '2099-01-01T09:00:00+08:00', unpublishAt: null })).body,
    ).toEqual(failure(Code.FORBIDDEN, '仅管理员和发布员可以定时发布或下架内容'))
    expect((await admin('courseDelete', editor.auth, { id: course.id })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员和发布员可以删除内容'),
    )
    expect((await admin('mediaDelete', editor.auth, { id: 1 })).body).toEqual(failure(Code.FORBIDDEN, '仅管理员和发布员可以删除媒体文件'))

    expect(await courseRow(course.id)).toEqual(before)
    expect(await prisma.contentState.count({ where: { entity: 'course', recordId: course.id } })).toBe(0)
  })

  test('a reviewer reviews submissions but cannot read or edit content', async () => {
    const course = await createCourse({ title: '审核员改不了的课程' })

    expect((await admin('contributionList', reviewer.auth)).body.code).toBe(Code.OK)
    expect((await post('/api/Member/reviewContributions', reviewer.auth, { status: 'pending' })).body.code).toBe(Code.OK)
    expect((await admin('courseList', reviewer.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员、编辑和发布员可以管理内容'))
    expect((await admin('courseSave', reviewer.auth, { id: course.id, title: '改了' })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员、编辑和发布员可以管理内容'),
    )
    expect((await admin('coursePublish', reviewer.auth, { id: course.id, isPublished: false })).body.code).toBe(Code.FORBIDDEN)
    expect(await courseRow(course.id)).toMatchObject({ title: '审核员改不了的课程', isPublished: true })
  })

  test('a publisher publishes and takes down, but cannot review or change settings', async () => {
    const course = await createCourse({ isPublished: false })

    expect((await admin('coursePublish', publisher.auth, { id: course.id, isPublished: true })).body.code).toBe(Code.OK)
    expect((await courseRow(course.id)).isPublished).toBe(true)
    const config = await prisma.siteSetting.findMany()
    expect((await admin('configSave', publisher.auth, { icp: '京ICP备00000000号-1' })).body).toEqual(
      failure(Code.FORBIDDEN, '仅管理员可以修改网站设置'),
    )
    expect(await prisma.siteSetting.findMany()).toEqual(config)
    expect((await admin('contributionList', publisher.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员、编辑和审核员可以审核内容'))
  })

  test('only admins manage staff and members', async () => {
    for (const staff of [editor, reviewer, publisher]) {
      expect((await admin('staffList', staff.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员可以管理员工账号'))
      const phone = uniquePhone()
      expect((await admin('staffCreate', staff.auth, { phone, nickname: '越权邀请', role: 'admin' })).body).toEqual(
        failure(Code.FORBIDDEN, '仅管理员可以管理员工账号'),
      )
      expect(await prisma.member.count({ where: { phone } })).toBe(0)
      expect((await admin('memberRole', staff.auth, { id: staff.member.id, role: 'admin' })).body).toEqual(
        failure(Code.FORBIDDEN, '仅管理员可以管理会员'),
      )
    }
    expect((await prisma.member.findUniqueOrThrow({ where: { id: publisher.member.id } })).role).toBe('publisher')
  })
})

describe('POST /api/Admin/staffCreate', () => {
  test('creates a staff account whose first password, shown once, signs in; audited without the password', async () => {
    const phone = uniquePhone()

    const res = await admin('staffCreate', boss.auth, { phone, nickname: '新来的编辑', role: 'editor' })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        nickname: '新来的编辑',
        role: 'editor',
        roleText: '编辑',
        disabledAt: null,
        phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      },
    })
    const { id, password, message } = res.body.data as { id: number; password: string; message: string }
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/)
    expect(message).toContain('初始密码只显示这一次')
    const login = await post('/api/Member/login', null, { phone, password })
    expect(login.body.code).toBe(Code.OK)
    const info = await post('/api/Member/getUserInfo', `Bearer ${login.body.data.token as string}`)
    expect(info.body.data).toMatchObject({ role: 'editor' })
    const [audit] = await prisma.auditLog.findMany({ where: { action: 'Admin/staffCreate', entityId: String(id) } })
    expect(audit).toMatchObject({ staffId: boss.member.id, summary: '创建编辑「新来的编辑」' })
    expect(JSON.stringify(audit)).not.toContain(password)
  })

  test('the first password must be changed before any staff action; the member’s own actions work meanwhile', async () => {
    const phone = uniquePhone()
    const { password } = (await admin('staffCreate', boss.auth, { phone, nickname: '待改密码的编辑', role: 'editor' })).body.data as {
      password: string
    }
    const first = `Bearer ${(await post('/api/Member/login', null, { phone, password })).body.data.token as string}`

    expect((await post('/api/Member/getUserInfo', first)).body.data).toMatchObject({ role: 'editor', passwordChangeDue: true })
    expect((await admin('courseList', first)).body).toEqual(failure(Code.FORBIDDEN, '请先修改管理员设置的初始密码，再使用管理后台'))
    expect((await admin('contributionList', first)).body.code).toBe(Code.FORBIDDEN)

    // The same password again is refused, and the console stays closed.
    expect((await post('/api/Member/savePass', first, { oldPassword: password, password, confirmPassword: password })).body.code).toBe(
      Code.BAD_PARAMS,
    )
    expect((await admin('courseList', first)).body.code).toBe(Code.FORBIDDEN)

    const changed = await post('/api/Member/savePass', first, {
      oldPassword: password,
      password: 'Mine2026ok',
      confirmPassword: 'Mine2026ok',
    })
    expect(changed.body.code).toBe(Code.OK)
    const mine = `Bearer ${changed.body.data.token as string}`
    expect((await post('/api/Member/getUserInfo', mine)).body.data).toMatchObject({ passwordChangeDue: false })
    expect((await admin('courseList', mine)).body.code).toBe(Code.OK)
  })

  test('a registered phone, an unknown role or a bad phone is refused and nothing is created', async () => {
    const existing = await createSignedInMember()
    expect((await admin('staffCreate', boss.auth, { phone: existing.member.phone, nickname: '重复', role: 'editor' })).body).toEqual(
      failure(Code.EXISTS, '该手机号已注册；如需让该会员成为员工，请在会员管理中修改其角色'),
    )
    expect((await prisma.member.findUniqueOrThrow({ where: { id: existing.member.id } })).role).toBe('member')

    const phone = uniquePhone()
    expect((await admin('staffCreate', boss.auth, { phone, nickname: '未知角色', role: 'owner' })).body).toEqual(
      failure(Code.BAD_PARAMS, '员工角色应为 admin（管理员）、editor（编辑）、reviewer（审核员）、publisher（发布员）或 sales（商务）'),
    )
    expect((await admin('staffCreate', boss.auth, { phone, nickname: '会员角色', role: 'member' })).body.code).toBe(Code.BAD_PARAMS)
    expect((await admin('staffCreate', boss.auth, { phone: '123', nickname: '坏号码', role: 'editor' })).body.code).toBe(Code.BAD_PARAMS)
    expect(await prisma.member.count({ where: { phone } })).toBe(0)
  })

  test('first passwords meet the password rule and differ', () => {
    const passwords = Array.from({ length: 50 }, firstPassword)
    for (const password of passwords) expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/)
    expect(new Set(passwords).size).toBe(50)
  })
})

describe('POST /api/Admin/staffList', () => {
  test('lists staff of every role with their names, not members; filters by role', async () => {
    const plain = await createSignedInMember({ nickname: '员工列表外的会员' })

    const all = await admin('staffList', boss.auth, { limit: 100 })
    const ids = (all.body.data.list as { id: number }[]).map((row) => row.id)
    expect(ids).toEqual(expect.arrayContaining([boss.member.id, editor.member.id, reviewer.member.id, publisher.member.id]))
    expect(ids).not.toContain(plain.member.id)
    expect(all.body.data.list.find((row: { id: number }) => row.id === reviewer.member.id)).toMatchObject({
      nickname: '员工审核员',
      role: 'reviewer',
      roleText: '审核员',
    })

    const publishers = await admin('staffList', boss.auth, { role: 'publisher', limit: 100 })
    expect((publishers.body.data.list as { role: string }[]).every((row) => row.role === 'publisher')).toBe(true)
    expect((await admin('staffList', boss.auth, { role: 'member' })).body.code).toBe(Code.BAD_PARAMS)
  })
})

describe('changing and disabling staff (Admin/memberRole, Admin/memberDisable)', () => {
  test('an editor made publisher may publish at once; disabled, their token stops working', async () => {
    const staff = await createSignedInMember({ role: 'editor', nickname: '将升为发布员' })
    const course = await createCourse({ isPublished: false })
    expect((await admin('coursePublish', staff.auth, { id: course.id, isPublished: true })).body.code).toBe(Code.FORBIDDEN)

    const changed = await admin('memberRole', boss.auth, { id: staff.member.id, role: 'publisher' })
    expect(changed.body.data).toMatchObject({ role: 'publisher', previousRole: 'editor' })
    expect((await admin('coursePublish', staff.auth, { id: course.id, isPublished: true })).body.code).toBe(Code.OK)
    const [audit] = await prisma.auditLog.findMany({ where: { action: 'Admin/memberRole', entityId: String(staff.member.id) } })
    expect(audit.summary).toBe('将「将升为发布员」的角色由 editor 改为 publisher')

    expect((await admin('memberDisable', boss.auth, { id: staff.member.id, disabled: true, reason: '离职' })).body.code).toBe(Code.OK)
    expect((await admin('courseGet', staff.auth, { id: course.id })).body.code).toBe(Code.NEED_LOGIN)
  })

  test('an admin cannot demote or disable themselves; an unknown role is refused; nothing changes', async () => {
    expect((await admin('memberRole', boss.auth, { id: boss.member.id, role: 'editor' })).body).toEqual(
      failure(Code.FORBIDDEN, '不能修改自己的角色，请由其他管理员操作'),
    )
    expect((await admin('memberDisable', boss.auth, { id: boss.member.id, disabled: true })).body).toEqual(
      failure(Code.FORBIDDEN, '不能停用自己的账号'),
    )
    expect((await admin('memberRole', boss.auth, { id: editor.member.id, role: 'owner' })).body).toEqual(
      failure(
        Code.BAD_PARAMS,
        '角色应为 member（会员）、editor（编辑）、reviewer（审核员）、publisher（发布员）、sales（商务）或 admin（管理员）',
      ),
    )
    const [me, them] = await Promise.all([boss.member.id, editor.member.id].map((id) => prisma.member.findUniqueOrThrow({ where: { id } })))
    expect([me.role, me.disabledAt, them.role]).toEqual(['admin', null, 'editor'])
  })
})
