// How the console orders a list: `sort: { field, order }` on a field the content type's declaration
// marks orderable (its `orderFields`), ties broken by id the same way; anything else is a Chinese 400.
import request from '../../test/request'
import { contentTypes } from '../../../common/content-types/registry'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { createCourse, createCourseCategory } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
let editor: string
beforeAll(async () => {
  editor = (await createSignedInMember({ role: 'editor' })).auth
})
const staff = (action: string, body: object) => request(app).post(`/api/Admin/${action}`).set('Authorization', editor).send(body)
const failure = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
const titles = (res: { body: { data: { list: { title: string }[] } } }) => res.body.data.list.map((row) => row.title)

describe('POST /api/Admin/<entity>List { sort }', () => {
  test('orders by an orderable field either way, the declared order otherwise', async () => {
    const category = await createCourseCategory()
    await createCourse({ categoryId: category.id, title: 'B 排序课程', views: 5, sort: 3 })
    await createCourse({ categoryId: category.id, title: 'A 排序课程', views: 50, sort: 1 })
    await createCourse({ categoryId: category.id, title: 'C 排序课程', views: 20, sort: 2 })
    const list = (sort?: object) => staff('courseList', { category: category.slug, ...(sort ? { sort } : {}) })

    expect(titles(await list({ field: 'views', order: 'desc' }))).toEqual(['A 排序课程', 'C 排序课程', 'B 排序课程'])
    expect(titles(await list({ field: 'views', order: 'asc' }))).toEqual(['B 排序课程', 'C 排序课程', 'A 排序课程'])
    expect(titles(await list({ field: 'title' }))).toEqual(['A 排序课程', 'B 排序课程', 'C 排序课程'])
    expect(titles(await list())).toEqual(['B 排序课程', 'C 排序课程', 'A 排序课程'])
    expect((await list({ field: 'createdAt', order: 'desc' })).body).toMatchObject({ code: Code.OK, data: { total: 3 } })
  })

  test('pages through equal values without repeating or skipping a row', async () => {
    const category = await createCourseCategory()
    const ids = [await createCourse({ categoryId: category.id }), await createCourse({ categoryId: category.id })].map((row) => row.id)
    const page = async (n: number) =>
      (await staff('courseList', { category: category.slug, page: n, limit: 1, sort: { field: 'views', order: 'asc' } })).body.data.list[0]
        .id

    expect([await page(1), await page(2)]).toEqual([...ids].sort((a, b) => a - b))
  })

  test('refuses a field the declaration does not mark orderable, a bad order or a sort that is no object', async () => {
    expect((await staff('courseList', { sort: { field: 'slug', order: 'asc' } })).body).toEqual(
      failure('排序字段应为 title、sort、views、createdAt 之一'),
    )
    expect((await staff('courseList', { sort: { field: 'views', order: 'up' } })).body).toEqual(
      failure('排序方向应为 asc（升序）或 desc（降序）'),
    )
    expect((await staff('noticeList', { sort: { field: 'location', order: 'asc' } })).body).toEqual(
      failure('排序字段应为 name、startAt、sort、views、createdAt 之一'),
    )
    expect((await staff('courseList', { sort: 'views' })).body).toEqual(failure('排序应为 { field, order }'))
  })

  test.each(contentTypes.filter((type) => type.orderFields.length > 0).map((type) => [type.word, type.orderFields] as const))(
    '%s lists in every order its declaration offers',
    async (word, fields) => {
      for (const field of fields) {
        for (const order of ['asc', 'desc']) {
          const res = await staff(`${word}List`, { sort: { field, order }, limit: 5 })
          expect([field, order, res.body.code]).toEqual([field, order, Code.OK])
        }
      }
    },
  )

  test('a fixed set lists in its keys’ order and offers none', async () => {
    expect(contentTypes.filter((type) => type.fixedKeys && type.orderFields.length > 0)).toEqual([])
    const res = await staff('pageList', { sort: { field: 'title', order: 'desc' } })
    expect(res.body.code).toBe(Code.OK)
  })
})
