import request from '../../test/request'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Region/${action}`).send(body)

describe('POST /api/Region/children', () => {
  test('lists the 34 provinces without a code', async () => {
    const res = await post('children')

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: Code.OK, msg: '操作成功' })
    expect(res.body.data).toHaveLength(34)
    expect(res.body.data[0]).toEqual({ code: '110000', name: '北京市', hasChildren: true })
    expect(res.body.data.at(-1)).toEqual({ code: '820000', name: '澳门特别行政区', hasChildren: true })
  })

  test('treats an empty or null code like no code', async () => {
    expect((await post('children', { code: '' })).body.data).toHaveLength(34)
    expect((await post('children', { code: null })).body.data).toHaveLength(34)
  })

  test('lists the cities of a province, marking those without districts', async () => {
    const res = await post('children', { code: '440000' })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data).toHaveLength(21)
    expect(res.body.data).toContainEqual({ code: '440100', name: '广州市', hasChildren: true })
    expect(res.body.data).toContainEqual({ code: '441900', name: '东莞市', hasChildren: false })
  })

  test('lists the districts of a city, accepting a numeric code', async () => {
    const res = await post('children', { code: 110100 })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data).toHaveLength(16)
    expect(res.body.data[0]).toEqual({ code: '110101', name: '东城区', hasChildren: false })
  })

  test('answers an empty list for a district', async () => {
    expect((await post('children', { code: '110101' })).body).toEqual({ code: Code.OK, msg: '操作成功', data: [] })
  })

  test.each(['abc', '11000', '1100000', '11010a', true, {}])('rejects the malformed code %j', async (code) => {
    const res = await post('children', { code })

    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: Code.BAD_PARAMS, msg: '地区编码格式不正确', data: null })
  })

  test('answers not found for a well-formed unknown code', async () => {
    const res = await post('children', { code: '999999' })

    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: Code.NOT_FOUND, msg: '地区不存在', data: null })
  })
})

describe('POST /api/Region/path', () => {
  test('returns province, city and district of a district code', async () => {
    const res = await post('path', { code: '500229' })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: [
        { code: '500000', name: '重庆市' },
        { code: '500100', name: '重庆市' },
        { code: '500229', name: '城口县' },
      ],
    })
  })

  test('returns the Hong Kong path', async () => {
    const res = await post('path', { code: '810101' })

    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['香港特别行政区', '香港岛', '中西区'])
  })

  test('requires a code', async () => {
    const res = await post('path', {})

    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: Code.BAD_PARAMS, msg: '地区编码格式不正确', data: null })
  })

  test('answers not found for an unknown code', async () => {
    const res = await post('path', { code: '440199' })

    expect(res.status).toBe(404)
    expect(res.body).toEqual({ code: Code.NOT_FOUND, msg: '地区不存在', data: null })
  })
})
