import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { recordAudit } from './audit.service'

const app = createApp()
const failure = (code: number, msg: string) => ({ code, msg, data: null })

let admin: Awaited<ReturnType<typeof createSignedInMember>>
let editor: Awaited<ReturnType<typeof createSignedInMember>>
beforeAll(async () => {
  admin = await createSignedInMember({ role: 'admin', nickname: '审计管理员' })
  editor = await createSignedInMember({ role: 'editor', nickname: '内容编辑' })
})
const auditList = (body: object, auth = admin.auth) => request(app).post('/api/Admin/auditList').set('Authorization', auth).send(body)

describe('POST /api/Admin/auditList', () => {
  test('lists staff writes newest first, with who, what, and the record before and after', async () => {
    const slug = unique('teacher')
    const created = await request(app)
      .post('/api/Admin/teacherSave')
      .set('Authorization', editor.auth)
      .send({ slug, name: '审计名师', category: 'economy' })
    await request(app)
      .post('/api/Admin/teacherSave')
      .set('Authorization', editor.auth)
      .send({ ...created.body.data, name: '审计名师二' })

    const res = await auditList({ entity: 'teacher', entityId: created.body.data.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 2, page: 1, limit: 20 } })
    const [latest, first] = res.body.data.list
    expect(latest).toMatchObject({
      staffId: editor.member.id,
      staffName: '内容编辑',
      action: 'Admin/teacherSave',
      actionText: '保存名师',
      entity: 'teacher',
      entityId: String(created.body.data.id),
      summary: '修改名师「审计名师二」',
      before: { slug, name: '审计名师' },
      after: { slug, name: '审计名师二' },
    })
    expect(latest.ip).not.toBe('')
    expect(first).toMatchObject({ summary: '新建名师「审计名师」', before: null, after: { name: '审计名师' } })
    expect(Date.parse(latest.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt))
  })

  test('filters by staff member, action, keyword and China-time days', async () => {
    const entity = unique('probe')
    const at = (iso: string) => new Date(iso)
    const entries = [
      { staffId: admin.member.id, action: 'Admin/linkSave', summary: '修改友情链接「甲」', createdAt: at('2026-03-01T23:30:00+08:00') },
      { staffId: editor.member.id, action: 'Admin/linkDelete', summary: '删除友情链接「乙」', createdAt: at('2026-03-02T00:10:00+08:00') },
      { staffId: editor.member.id, action: 'Admin/linkSave', summary: '新建友情链接「丙」', createdAt: at('2026-03-03T12:00:00+08:00') },
    ]
    for (const { createdAt, ...entry } of entries) {
      await recordAudit({ ...entry, entity, entityId: 1 })
      await prisma.auditLog.updateMany({ where: { entity, summary: entry.summary }, data: { createdAt } })
    }
    const summaries = async (body: object) =>
      ((await auditList({ entity, ...body })).body.data.list as { summary: string }[]).map((r) => r.summary)

    expect(await summaries({})).toEqual(['新建友情链接「丙」', '删除友情链接「乙」', '修改友情链接「甲」'])
    expect(await summaries({ staffId: editor.member.id })).toEqual(['新建友情链接「丙」', '删除友情链接「乙」'])
    expect(await summaries({ action: 'Admin/linkSave' })).toEqual(['新建友情链接「丙」', '修改友情链接「甲」'])
    expect(await summaries({ keyword: '乙' })).toEqual(['删除友情链接「乙」'])
    expect(await summaries({ keyword: '内容编辑' })).toEqual(['新建友情链接「丙」', '删除友情链接「乙」'])
    expect(await summaries({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['删除友情链接「乙」'])
    expect(await summaries({ from: '2026-03-01T23:00:00+08:00', to: '2026-03-02' })).toEqual(['删除友情链接「乙」', '修改友情链接「甲」'])
    expect((await auditList({ entity, limit: 1, page: 2 })).body.data).toMatchObject({
      total: 3,
      page: 2,
      limit: 1,
      list: [{ summary: '删除友情链接「乙」' }],
    })
  })

  test('names each action in words, lifecycle and scheduler writes included', async () => {
    const entity = unique('words')
    const entries = [
      { action: 'Admin/teacherCategorySave', summary: '甲' },
      { action: 'Admin/coursePublish', summary: '乙', after: { isPublished: true } },
      { action: 'Admin/coursePublish', summary: '丙', after: { isPublished: false } },
      { action: 'Admin/bannerPublish', summary: '丁', after: { isActive: false } },
      { action: 'Admin/courseSchedule', summary: '戊' },
      { action: 'Admin/coursePublish', summary: '壬', after: { isPublished: true }, staffId: null, staffName: '定时任务' },
      { action: 'courseRestore', summary: '己' },
      { action: 'Admin/memberRole', summary: '将「小王」的角色由 member 改为 editor' },
      { action: 'cli:grant', summary: '庚', staffId: null },
      { action: 'Admin/somethingNew', summary: '辛' },
    ]
    for (const entry of entries) await recordAudit({ staffId: admin.member.id, ...entry, entity, entityId: 1 })

    const list = (await auditList({ entity, limit: 20 })).body.data.list as { summary: string; actionText: string; staffName: string }[]
    const bySummary = new Map(list.map((row) => [row.summary, row]))

    expect(
      entries.map(({ summary }) => {
        const row = bySummary.get(summary.replace('member 改为 editor', '会员 改为 编辑'))
        return [row?.actionText, row?.staffName]
      }),
    ).toEqual([
      ['保存名师分类', '审计管理员'],
      ['发布课程', '审计管理员'],
      ['下架课程', '审计管理员'],
      ['下架轮播图', '审计管理员'],
      ['设置课程定时发布或下架', '审计管理员'],
      ['发布课程', '定时任务'],
      ['恢复课程', '审计管理员'],
      ['修改会员角色', '审计管理员'],
      ['授予角色（命令行）', '命令行'],
      ['Admin/somethingNew', '审计管理员'],
    ])
  })

  test('every write action of the registry reads in words', async () => {
    const { actions } = await import('../../actions')
    const { actionTextOf } = await import('./action-text')
    // Reads write no audit row; actions declare no read/write mark, so reads are known by name.
    const isRead = (name: string) =>
      /(List|Get|Status|Revisions?|Draft|Counts|Queue|Settings|Board|Calendar|Stats|dashboard|previewLink|reviewContributions|reviewVideos)$/.test(
        name,
      )
    const writes = actions
      .filter(({ group, name }) => (group === 'Admin' || name.startsWith('review')) && !isRead(name))
      .map(({ group, name }) => `${group}/${name}`)
    expect(writes.filter((action) => actionTextOf(action) === action)).toEqual([])
  })

  test('refuses bad filters in Chinese', async () => {
    expect((await auditList({ from: '2026-13-45' })).body).toEqual(failure(Code.BAD_PARAMS, '日期不存在'))
    expect((await auditList({ from: 'yesterday' })).body).toEqual(
      failure(Code.BAD_PARAMS, '日期格式应为 2026-11-24 或 2026-11-24T09:00:00+08:00'),
    )
    expect((await auditList({ from: '2026-03-05', to: '2026-03-01' })).body).toEqual(failure(Code.BAD_PARAMS, '开始日期不能晚于结束日期'))
    expect((await auditList({ staffId: 'x' })).body).toEqual(failure(Code.BAD_PARAMS, '操作人 ID格式不正确'))
  })

  test('is for admins only', async () => {
    expect((await auditList({}, editor.auth)).body).toEqual(failure(Code.FORBIDDEN, '仅管理员可以查看操作日志'))
  })
})
