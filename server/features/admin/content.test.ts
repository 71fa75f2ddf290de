// Generated from the registry and the entity declarations: every console action refuses the
// anonymous (401), members (403) and, where admin-only, editors (403); every entity saves, reads,
// lists, refuses bad input without a change, deletes, sorts and publishes, with an audit entry
// for each write.
import request from '../../test/request'
import { actions } from '../../actions'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { actionPath } from '../../lib/action'
import { Code } from '../../lib/api-error'
import { unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { auditActions } from '../audit/audit.actions'
import { contentEntities, type ContentEntity, type Row } from './content-entities'
import { adminContentActions } from './content.actions'

const app = createApp()
const post = (action: string, body: unknown, auth?: string) => {
  const call = request(app).post(`/api/Admin/${action}`)
  if (auth) call.set('Authorization', auth)
  return call.send(body as object)
}
const failure = (code: number, msg: string) => ({ code, msg, data: null })

let admin: Awaited<ReturnType<typeof createSignedInMember>>
let editor: Awaited<ReturnType<typeof createSignedInMember>>
// Publishers edit, publish and delete (common/staff-roles.ts): the whole of an entity's actions.
let publisher: Awaited<ReturnType<typeof createSignedInMember>>
let member: Awaited<ReturnType<typeof createSignedInMember>>
beforeAll(async () => {
  admin = await createSignedInMember({ role: 'admin' })
  editor = await createSignedInMember({ role: 'editor' })
  publisher = await createSignedInMember({ role: 'publisher' })
  member = await createSignedInMember()
})

// Every staff action but first-run setup (public by design, tested in staff.test.ts).
const staffActions = actions.filter((action) => action.group === 'Admin' && typeof action.access === 'object')

describe('every Admin action checks the caller on the server', () => {
  test.each(staffActions.map((action) => [actionPath(action), action] as const))('%s', async (_path, action) => {
    const { staff, refusal = '没有权限执行此操作' } = action.access as { staff: readonly string[]; refusal?: string }
    const call = (auth?: string) => {
      const req = request(app).post(actionPath(action))
      if (auth) req.set('Authorization', auth)
      return req.send(action.example as object)
    }

    const anonymous = await call()
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual(failure(Code.NEED_LOGIN, '请先登录'))

    const plain = await call(member.auth)
    expect(plain.status).toBe(403)
    expect(plain.body).toEqual(failure(Code.FORBIDDEN, refusal))

    if (!staff.includes('editor')) {
      const asEditor = await call(editor.auth)
      expect(asEditor.body).toEqual(failure(Code.FORBIDDEN, refusal))
    }
  })

  test('publishers keep content, admins alone keep settings, audit, export and import', () => {
    const adminOnly = [...adminContentActions, ...auditActions]
      .filter((action) => !(action.access as { staff: string[] }).staff.includes('publisher'))
      .map((a) => a.name)
    expect(adminOnly.sort()).toEqual([
      'auditList',
      'configGet',
      'configSave',
      'export',
      'import',
      'menuSeoGet',
      'menuSeoList',
      'menuSeoSave',
    ])
  })

  test('every refusal says who may', () => {
    for (const action of [...adminContentActions, ...auditActions])
      expect((action.access as { refusal: string }).refusal).toMatch(/^仅管理员/)
  })

  test('no action changes or deletes audit entries', () => {
    expect(actions.filter((action) => /^audit/.test(action.name)).map((action) => action.name)).toEqual(['auditList'])
  })
})

/** A valid Save payload for the entity, unique where the key must be. */
function freshRecord(entity: ContentEntity): Row {
  const record: Row = { ...entity.example }
  if (entity.key === 'slug') record.slug = unique(entity.word.toLowerCase().slice(0, 8))
  if (entity.key === 'name') record.name = `标签${process.pid % 1000}${Math.random().toString(36).slice(2, 8)}`
  return record
}

/** A field each entity shows in lists and can change: what an update edits. */
const editable = (entity: ContentEntity) => (['name', 'title'] as const).find((field) => field in entity.example) ?? 'title'

const auditOf = (entity: ContentEntity, verb: string, entityId: unknown) =>
  prisma.auditLog.findFirst({
    where: { action: `Admin/${entity.word}${verb}`, entity: entity.word, entityId: String(entityId) },
    orderBy: { id: 'desc' },
  })

const countOf = (entity: ContentEntity) => (prisma[entity.model] as unknown as { count(): Promise<number> }).count()

describe.each(contentEntities.map((entity) => [entity.word, entity] as const))('Admin/%s…', (word, entity) => {
  const auth = () => (entity.access === 'admin' ? admin.auth : publisher.auth)
  const keyOf = (record: Row) => record[entity.fixedKeys ? entity.key : 'id']

  test(`${word}Save creates or updates, ${word}Get and ${word}List read it back, with audit entries`, async () => {
    const record = freshRecord(entity)
    const created = await post(`${word}Save`, record, auth())
    // Dates come back in UTC; the rest as sent, but a new record is a draft until published.
    const { startAt: _startAt, ...sent } = record
    if (entity.publish && !entity.fixedKeys) sent[entity.publish] = false
    expect(created.body).toMatchObject({ code: Code.OK, data: sent })
    const ref = keyOf(created.body.data)
    expect(ref).toBeDefined()

    const field = editable(entity)
    const changed = { ...created.body.data, [field]: `改过的${entity.label}`.slice(0, 20) }
    const updated = await post(`${word}Save`, changed, auth())
    expect(updated.body).toMatchObject({ code: Code.OK, data: { [field]: changed[field] } })
    if (!entity.fixedKeys) expect(updated.body.data.id).toBe(created.body.data.id)

    const got = await post(`${word}Get`, { [entity.fixedKeys ? entity.key : 'id']: ref }, auth())
    expect(got.body).toEqual({ code: Code.OK, msg: '操作成功', data: updated.body.data })

    const listed = await post(`${word}List`, { keyword: String(changed[field]), limit: 100 }, auth())
    expect(listed.body.code).toBe(Code.OK)
    const row = (listed.body.data.list as Row[]).find((item) => keyOf(item) === ref)
    expect(row).toMatchObject({ [field]: changed[field] })
    if (entity.richField) expect(row).not.toHaveProperty(entity.richField)

    const auditId = entity.fixedKeys ? ref : created.body.data.id
    const audit = await auditOf(entity, 'Save', auditId)
    expect(audit).toMatchObject({ staffId: entity.access === 'admin' ? admin.member.id : publisher.member.id })
    expect(audit?.summary).toContain(`修改${entity.label}`)
    expect(JSON.parse(audit!.after)).toMatchObject({ [field]: changed[field] })
    expect(JSON.parse(audit!.before)).toMatchObject({ [field]: created.body.data[field] })
  })

  test(`${word}Save refuses a bad payload in Chinese and changes nothing`, async () => {
    const before = { rows: await countOf(entity), audits: await prisma.auditLog.count() }
    const { [entity.key]: _key, ...withoutKey } = freshRecord(entity)

    const missing = await post(`${word}Save`, withoutKey, auth())
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual(failure(Code.BAD_PARAMS, expect.stringMatching(new RegExp(`^字段 ${entity.key}: .*\\p{Script=Han}`, 'u'))))

    const extra = await post(`${word}Save`, { ...freshRecord(entity), titel: '错字' }, auth())
    expect(extra.body).toEqual(failure(Code.BAD_PARAMS, '不支持的参数 titel'))

    expect({ rows: await countOf(entity), audits: await prisma.auditLog.count() }).toEqual(before)
  })

  if (!entity.fixedKeys) {
    test(`${word}Get and ${word}Delete answer 404 for an unknown id; ${word}Delete removes a row with an audit entry`, async () => {
      expect((await post(`${word}Get`, { id: 99_999_999 }, auth())).body).toEqual(failure(Code.NOT_FOUND, `${entity.label}不存在`))
      expect((await post(`${word}Delete`, { id: 99_999_999 }, auth())).body).toEqual(failure(Code.NOT_FOUND, `${entity.label}不存在`))

      const created = (await post(`${word}Save`, freshRecord(entity), auth())).body.data as Row
      const res = await post(`${word}Delete`, { id: created.id }, auth())

      expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: created.id } })
      expect((await post(`${word}Get`, { id: created.id }, auth())).body.code).toBe(Code.NOT_FOUND)
      const audit = await auditOf(entity, 'Delete', created.id)
      expect(JSON.parse(audit!.before)).toMatchObject({ id: created.id })
      expect(audit!.after).toBe('')
    })
  }

  if (entity.hasSort) {
    test(`${word}Sort gives the listed rows descending sorts in the given order`, async () => {
      const rows = entity.fixedKeys
        ? [{ id: 2 }, { id: 1 }]
        : [
            (await post(`${word}Save`, freshRecord(entity), auth())).body.data,
            (await post(`${word}Save`, freshRecord(entity), auth())).body.data,
          ]
      const ids = rows.map((row: Row) => row.id as number)

      const res = await post(`${word}Sort`, { ids: [ids[1], ids[0]] }, auth())

      expect(res.body).toEqual({
        code: Code.OK,
        msg: '操作成功',
        data: [
          { id: ids[1], sort: 2 },
          { id: ids[0], sort: 1 },
        ],
      })
      expect((await post(`${word}Get`, { id: ids[1] }, auth())).body.data.sort).toBe(2)
      expect((await post(`${word}Sort`, { ids: [ids[0], ids[0]] }, auth())).body).toEqual(failure(Code.BAD_PARAMS, '排序列表中有重复的 ID'))
      expect((await post(`${word}Sort`, { ids: [99_999_999] }, auth())).body).toEqual(
        failure(Code.NOT_FOUND, `${entity.label}不存在：ID 99999999`),
      )
      const audit = await prisma.auditLog.findFirst({ where: { action: `Admin/${word}Sort` }, orderBy: { id: 'desc' } })
      expect(JSON.parse(audit!.after)).toEqual([
        { id: ids[1], sort: 2 },
        { id: ids[0], sort: 1 },
      ])
    })
  }

  if (entity.publish) {
    test(`${word}Publish hides and shows a row`, async () => {
      const created = (await post(`${word}Save`, freshRecord(entity), auth())).body.data as Row
      expect(created).toMatchObject({ [entity.publish!]: false, state: 'draft' })

      const hidden = await post(`${word}Publish`, { id: created.id, isPublished: false }, auth())
      expect(hidden.body).toMatchObject({ code: Code.OK, data: { id: created.id, [entity.publish!]: false } })
      const shown = await post(`${word}Publish`, { id: created.id, isPublished: true }, auth())
      expect(shown.body.data).toMatchObject({ [entity.publish!]: true, state: 'published' })

      const audit = await auditOf(entity, 'Publish', created.id)
      expect(audit?.summary).toMatch(new RegExp(`^发布${entity.label}「`))
      expect((await post(`${word}Publish`, { id: created.id, isPublished: 'yes' }, auth())).body).toEqual(
        failure(Code.BAD_PARAMS, 'isPublished 应为 true（发布）或 false（下架）'),
      )
    })
  }
})
