// The about section and the partners, in the contract's Course group.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { invalidateContentCache } from '../../data/cache'
import { createPartner } from '../../test/factories'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Course/${action}`).send(body)
const notFound = (msg: string) => ({ code: Code.NOT_FOUND, msg, data: null })
const XSS =
  '<p onclick="steal()">正文<img src="x.png" onerror="alert(1)"><script>alert(document.cookie)</script><a href="javascript:alert(1)">链接</a></p>'
const SAFE = '<p>正文<img src="x.png" /><a rel="noopener noreferrer nofollow">链接</a></p>'

describe('POST /api/Course/cooperative', () => {
  test('lists the partners, highest sort first', async () => {
    const partner = await createPartner({ sort: 99_999, link: 'https://partner.example.com' })
    invalidateContentCache()

    const res = await post('cooperative')

    expect(res.body.data[0]).toEqual({ id: partner.id, name: partner.name, logo: partner.logo, link: 'https://partner.example.com' })
  })

  test('rejects a body that is not JSON', async () => {
    const res = await request(app).post('/api/Course/cooperative').set('Content-Type', 'application/json').send('{')
    expect(res.status).toBe(400)
  })
})

describe.each([
  { action: 'getIntro', key: 'intro' },
  { action: 'getService', key: 'service' },
  { action: 'getLianxi', key: 'contact' },
  { action: 'getStatement', key: 'statement' },
  { action: 'getClause', key: 'terms' },
  { action: 'getPrivacy', key: 'privacy' },
])('POST /api/Course/$action', ({ action, key }) => {
  test(`answers the ${key} page with sanitized content`, async () => {
    await prisma.aboutPage.upsert({
      where: { key },
      create: { key, title: `标题${key}`, content: XSS, version: '3' },
      update: { title: `标题${key}`, content: XSS, version: '3' },
    })
    invalidateContentCache()

    const res = await post(action)

    expect(res.body).toMatchObject({ code: Code.OK, data: { key, title: `标题${key}`, content: SAFE, version: '3' } })
  })

  test('answers not found when the page is not set up', async () => {
    await prisma.aboutPage.deleteMany({ where: { key } })
    invalidateContentCache()

    const res = await post(action)

    expect(res.status).toBe(404)
    expect(res.body).toEqual(notFound('页面内容暂未设置'))
  })
})
