// The cooperation pages' actions, in the contract's Course group. The public inquiry form is tested
// with the console's inbox (admin/moderation/inquiry.test.ts).
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { invalidateContentCache } from '../../data/cache'
import { createCooperation, ensureCooperationType } from '../../test/factories'

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
