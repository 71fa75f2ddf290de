// The cooperation pages' actions, in the contract's Course group. The inquiry form (Course/addInquiry)
// now files a booking; the booking form and its limits are tested in booking/booking.test.ts.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { invalidateContentCache } from '../../data/cache'
import { createCooperation, ensureCooperationType } from '../../test/factories'
import { solvedCaptcha } from '../../test/member-factories'
import { ALERT_DELIVER_JOB } from '../alert/alert.service'
import { resetCaptchaLimits } from '../member/captcha.service'
import { inquiriesByAddress } from './inquiry.service'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Course/${action}`).send(body)
const notFound = (msg: string) => ({ code: Code.NOT_FOUND, msg, data: null })
const badParams = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
const XSS =
  '<p onclick="steal()">正文<img src="x.png" onerror="alert(1)"><script>alert(document.cookie)</script><a href="javascript:alert(1)">链接</a></p>'
const SAFE = '<p>正文<img src="x.png" /><a rel="noopener noreferrer nofollow">链接</a></p>'

describe('POST /api/Course/cooperationType', () => {
  test('lists the five fixed cooperation types', async () => {
    for (const id of [1, 2, 3, 4, 5]) await ensureCooperationType(id)
    invalidateContentCache()

    const res = await post('cooperationType')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.map((t: { id: number }) => t.id).sort()).toEqual([1, 2, 3, 4, 5])
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      intro: expect.any(String),
      cover_img: expect.any(String),
    })
  })

  test('rejects a GET', async () => {
    expect((await request(app).get('/api/Course/cooperationType')).status).toBe(405)
  })
})

describe('POST /api/Course/cooperationList', () => {
  test('pages the published entries of one type, with the type', async () => {
    const entry = await createCooperation({ typeId: 3, sort: 90_000, intro: '项目简介' })
    await createCooperation({ typeId: 3, isPublished: false })
    await createCooperation({ typeId: 4, sort: 99_000 })

    const res = await post('cooperationList', { type: 3, limit: 1 })

    expect(res.body).toMatchObject({ code: Code.OK, data: { type: { id: 3, name: expect.any(String) }, page: 1, limit: 1 } })
    expect(res.body.data.list).toEqual([{ id: entry.id, title: entry.title, cover_img: '', intro: '项目简介', views: 0 }])
  })

  test('rejects a type outside the five fixed ones', async () => {
    for (const type of [0, 6, 'x', undefined]) {
      const res = await post('cooperationList', { type })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(badParams('合作类型不存在'))
    }
  })
})

describe('POST /api/Course/cooperationDetails', () => {
  test('answers the page of a type with sanitized content', async () => {
    await ensureCooperationType(2)
    await prisma.cooperationType.update({ where: { id: 2 }, data: { content: XSS } })

    const res = await post('cooperationDetails', { id: 2 })

    expect(res.body).toMatchObject({ code: Code.OK, data: { id: 2, name: expect.any(String), content: SAFE } })
  })

  test('rejects an unknown type', async () => {
    expect((await post('cooperationDetails', { id: 9 })).body).toEqual(badParams('合作类型不存在'))
  })
})

describe('POST /api/Course/cooperationDetails2', () => {
  test('answers one entry with its type and counts the view', async () => {
    const entry = await createCooperation({ typeId: 1, content: XSS })

    const res = await post('cooperationDetails2', { id: entry.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { id: entry.id, title: entry.title, views: 1, type: { id: 1 }, content: SAFE } })
  })

  test('answers not found for unknown or unpublished entries', async () => {
    const hidden = await createCooperation({ typeId: 1, isPublished: false })
    expect((await post('cooperationDetails2', { id: hidden.id })).body).toEqual(notFound('合作项目不存在或已下架'))
    expect((await post('cooperationDetails2', { id: 99_999_999 })).body).toEqual(notFound('合作项目不存在或已下架'))
  })
})

describe('POST /api/Course/addInquiry', () => {
  beforeEach(async () => {
    await Promise.all([inquiriesByAddress.clear(), resetCaptchaLimits()])
  })

  let counter = 0
  const form = (overrides: object = {}) => ({
    typeId: 1,
    organization: `咨询单位${++counter}`,
    contactName: '王老师',
    phone: '13800138000',
    message: '希望安排一次专题培训。',
    ...overrides,
  })
  const send = async (overrides: object = {}) => post('addInquiry', { ...form(overrides), ...(await solvedCaptcha(request(app))) })

  test('files the inquiry as a new booking of source inquiry, its message the requirements, with the same reply', async () => {
    await ensureCooperationType(1)
    const channel = await prisma.alertChannel.create({
      data: { name: '咨询告警', provider: 'json', url: 'http://127.0.0.1:9/hook', events: JSON.stringify(['inquiry']) },
    })
    const type = await prisma.cooperationType.findUniqueOrThrow({ where: { id: 1 } })

    const res = await send({ organization: '某市委党校', phone: '010-12345678' })

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: expect.any(Number), message: '提交成功，我们会尽快与您联系' } })
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({
      referenceNo: expect.stringMatching(/^YY-\d{8}-\d{4}$/),
      source: 'inquiry',
      organization: '某市委党校',
      contactName: '王老师',
      phone: '010-12345678',
      typeId: 1,
      requirements: '希望安排一次专题培训。',
      teacherId: null,
      preferredDays: '[]',
      preferredMonth: '',
      firstDay: '',
      isOnline: false,
      provinceCode: '',
      audienceKind: '',
      audienceSize: null,
      duration: '',
      memberId: null,
      status: 'new',
      assigneeId: null,
      ip: expect.stringContaining('127.0.0.1'),
    })
    const jobs = await prisma.job.findMany({ where: { kind: ALERT_DELIVER_JOB, payload: { contains: `"channelId":${channel.id},` } } })
    expect(jobs.map((job) => JSON.parse(job.payload) as object)).toEqual([
      {
        channelId: channel.id,
        kind: 'inquiry',
        title: `某市委党校 预约${type.name}`,
        link: `/admin/booking/${res.body.data.id}`,
        at: expect.any(String),
      },
    ])
    await prisma.alertChannel.delete({ where: { id: channel.id } })
  })

  test('needs a solved image captcha, one guess per image', async () => {
    const before = await prisma.booking.count()
    const { captchaId } = await solvedCaptcha(request(app))

    expect((await post('addInquiry', { ...form(), captchaId, captchaCode: 'zzzz' })).body).toEqual(badParams('图形验证码错误'))
    expect((await post('addInquiry', form())).body).toEqual(badParams('请先获取图形验证码'))
    expect(await prisma.booking.count()).toBe(before)
  })

  test('each field is checked in Chinese, nothing stored', async () => {
    const before = await prisma.booking.count()
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
    for (const [overrides, msg] of cases) expect((await send(overrides)).body, msg).toEqual(badParams(msg))
    expect(await prisma.booking.count()).toBe(before)
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

    expect(blocked.body).toEqual(badParams('内容包含敏感词「咨询禁词」，请修改后再提交'))
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: masked.body.data.id } })).requirements).toBe('里面有＊＊＊＊。')
    expect(
      await prisma.sensitiveHit.findMany({
        where: { word: { startsWith: '咨询' } },
        select: { word: true, mode: true, memberId: true, source: true },
        orderBy: { id: 'asc' },
      }),
    ).toEqual([
      { word: '咨询禁词', mode: 'block', memberId: null, source: 'inquiry' },
      { word: '咨询掩词', mode: 'mask', memberId: null, source: 'inquiry' },
    ])
  })
})
