import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { Code } from '../../../lib/api-error'
import { clock } from '../../../lib/clock'
import { createSignedInMember, solvedCaptcha } from '../../../test/member-factories'
import { inquiriesByAddress, inquiryLimits } from '../../cooperation/inquiry.service'
import { resetCaptchaLimits } from '../../member/captcha.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let editor: Signed
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin' })
  editor = await createSignedInMember({ role: 'editor', nickname: '对接编辑' })
})
beforeEach(async () => {
  await Promise.all([inquiriesByAddress.clear(), resetCaptchaLimits()])
})

let counter = 0
const form = (overrides: object = {}) => ({
  typeId: 1,
  organization: `测试单位${++counter}`,
  contactName: '王老师',
  phone: '13800138000',
  message: '希望安排一次专题培训。',
  ...overrides,
})

const send = async (overrides: object = {}) =>
  post('/api/Course/addInquiry', null, { ...form(overrides), ...(await solvedCaptcha(request(app))) })

describe('POST /api/Course/addInquiry', () => {
  test('stores the inquiry as new, with the address it came from', async () => {
    const res = await send({ organization: '某市委党校', phone: '010-12345678' })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: expect.any(Number), message: '提交成功，我们会尽快与您联系' } })
    expect(await prisma.inquiry.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      organization: '某市委党校',
      contactName: '王老师',
      phone: '010-12345678',
      typeId: 1,
      status: 'new',
      assigneeId: null,
      ip: expect.stringContaining('127.0.0.1'),
    })
  })

  test('needs a solved image captcha, one guess per image', async () => {
    const before = await prisma.inquiry.count()
    const { captchaId } = await solvedCaptcha(request(app))

    expect((await post('/api/Course/addInquiry', null, { ...form(), captchaId, captchaCode: 'zzzz' })).body).toEqual(
      failure(Code.BAD_PARAMS, '图形验证码错误'),
    )
    expect((await post('/api/Course/addInquiry', null, form())).body).toEqual(failure(Code.BAD_PARAMS, '请先获取图形验证码'))
    expect(await prisma.inquiry.count()).toBe(before)
  })

  test('an address may send only so many an hour; a wrong captcha does not count', async () => {
    inquiryLimits.perAddressPerHour = 2
    try {
      const { captchaId } = await solvedCaptcha(request(app))
      await post('/api/Course/addInquiry', null, { ...form(), captchaId, captchaCode: 'zzzz' })
      expect((await send()).body.code).toBe(Code.OK)
      expect((await send()).body.code).toBe(Code.OK)

      const third = await send()

      expect(third.body).toEqual(failure(Code.RATE_LIMITED, '提交过于频繁，请 60 分钟后再试'))
      // Stored in the database: the window ends an hour after the first.
      const saved = clock.now
      clock.now = () => saved() + 61 * 60_000
      try {
        expect((await send()).body.code).toBe(Code.OK)
      } finally {
        clock.now = saved
      }
    } finally {
      inquiryLimits.perAddressPerHour = 5
    }
  })

  test('each field is checked in Chinese, nothing stored', async () => {
    const before = await prisma.inquiry.count()
    const cases: [object, string][] = [
      [{ organization: '' }, '请输入单位名称'],
      [{ organization: '单'.repeat(101) }, '单位名称最多 100 个字'],
      [{ contactName: ' ' }, '请输入联系人'],
      [{ phone: '12345' }, '请输入正确的手机号或带区号的固定电话'],
      [{ message: '' }, '请填写合作需求'],
      [{ message: '字'.repeat(1001) }, '合作需求最多 1000 个字'],
      [{ typeId: 'abc' }, '请选择合作类型'],
      [{ typeId: 999 }, '请选择合作类型'],
    ]
    for (const [overrides, msg] of cases) expect((await send(overrides)).body, msg).toEqual(failure(Code.BAD_PARAMS, msg))
    expect(await prisma.inquiry.count()).toBe(before)
  })

  test('sensitive words: a block word refuses the message, a mask word is stored as ＊; both logged', async () => {
    await prisma.sensitiveWord.createMany({
      data: [
        { word: '咨询禁词', mode: 'block' },
        { word: '咨询掩词', mode: 'mask' },
      ],
    })

    const blocked = await send({ message: '里面有咨询禁词。' })
    const masked = await send({ message: '里面有咨询掩词。' })

    expect(blocked.body).toEqual(failure(Code.BAD_PARAMS, '内容包含敏感词「咨询禁词」，请修改后再提交'))
    expect((await prisma.inquiry.findUniqueOrThrow({ where: { id: masked.body.data.id } })).message).toBe('里面有＊＊＊＊。')
    expect(
      await prisma.sensitiveHit.findMany({ where: { source: 'inquiry' }, select: { word: true, mode: true, memberId: true } }),
    ).toEqual([
      { word: '咨询禁词', mode: 'block', memberId: null },
      { word: '咨询掩词', mode: 'mask', memberId: null },
    ])
  })
})

describe('the inbox: Admin/inquiryList, inquiryGet, inquirySave', () => {
  test('lists newest first with type names, filters by status and keyword; an editor handles one, audited', async () => {
    const first = (await send({ organization: '收件箱单位甲' })).body.data.id as number
    const second = (await send({ organization: '收件箱单位乙', typeId: 2 })).body.data.id as number

    const list = await admin('inquiryList', editor.auth, { keyword: '收件箱单位' })
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(list.body.data.list.map((row: { id: number }) => row.id)).toEqual([second, first])
    expect(list.body.data.list[0]).toMatchObject({
      typeId: 2,
      typeName: expect.any(String),
      status: 'new',
      statusText: '新咨询',
      assignee: null,
    })

    const detail = await admin('inquiryGet', editor.auth, { id: first })
    expect(detail.body.data.assignees).toEqual(expect.arrayContaining([{ id: editor.member.id, nickname: '对接编辑' }]))

    const saved = await admin('inquirySave', editor.auth, {
      id: first,
      status: 'contacted',
      note: '已电话联系',
      assigneeId: editor.member.id,
    })

    expect(saved.body.data).toMatchObject({
      id: first,
      status: 'contacted',
      statusText: '已联系',
      note: '已电话联系',
      assignee: { id: editor.member.id, nickname: '对接编辑' },
    })
    expect(
      (await admin('inquiryList', editor.auth, { keyword: '收件箱单位', status: 'new' })).body.data.list.map((r: { id: number }) => r.id),
    ).toEqual([second])
    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/inquirySave', entityId: String(first) } })).toEqual([
      expect.objectContaining({
        staffId: editor.member.id,
        entity: 'inquiry',
        after: JSON.stringify({ status: 'contacted', note: '已电话联系', assigneeId: editor.member.id }),
      }),
    ])
  })

  test('bad input: unknown status, an assignee who is not staff, unknown id; nothing changes', async () => {
    const id = (await send()).body.data.id as number
    const member = await createSignedInMember()

    expect((await admin('inquirySave', boss.auth, { id, status: 'done' })).body).toEqual(
      failure(Code.BAD_PARAMS, '状态应为 new、contacted 或 closed'),
    )
    expect((await admin('inquirySave', boss.auth, { id, status: 'closed', assigneeId: member.member.id })).body).toEqual(
      failure(Code.BAD_PARAMS, '负责人须为在职的管理员或编辑'),
    )
    expect((await admin('inquirySave', boss.auth, { id: 99_999_999, status: 'closed' })).body).toEqual(
      failure(Code.NOT_FOUND, '咨询不存在'),
    )
    expect((await admin('inquiryGet', boss.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '咨询不存在'))
    expect((await admin('inquiryList', boss.auth, { status: 'open' })).body).toEqual(
      failure(Code.BAD_PARAMS, '状态应为 new、contacted 或 closed'),
    )
    expect(await prisma.inquiry.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'new', assigneeId: null })
  })
})
