// How the console finds rows: the list keyword looks in the fields the declaration's `search` names
// (its placeholder is built from the same list), and `keys` reads the records a list page refers to.
import request from '../../test/request'
import { contentTypes } from '../../../common/content-types/registry'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { createCourse, createNotice, createTeacher, ensureCooperationType } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
let editor: string
beforeAll(async () => {
  editor = (await createSignedInMember({ role: 'editor' })).auth
})
const staff = (action: string, body: object) => request(app).post(`/api/Admin/${action}`).set('Authorization', editor).send(body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

describe('POST /api/Admin/<entity>List { keyword }', () => {
  test.each([
    ['teacher', () => createTeacher()],
    ['course', () => createCourse()],
    ['notice', () => createNotice()],
  ])('finds a %s by its slug', async (word, create) => {
    const row = await create()

    const res = await staff(`${word}List`, { keyword: row.slug })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 1, list: [{ id: row.id, slug: row.slug }] } })
  })

  test('every type keyed by slug is searched by it, so the placeholder names it', () => {
    const missing = contentTypes.filter((type) => type.key === 'slug' && !(type.search as readonly string[]).includes('slug'))
    expect(missing.map((type) => type.word)).toEqual([])
  })
})

describe('POST /api/Admin/<entity>List { keys }', () => {
  test('answers the records of those keys only, whatever their place in the full list', async () => {
    const [first, second] = [await createTeacher({ name: '按键名师甲' }), await createTeacher({ name: '按键名师乙' })]
    await createTeacher()

    const res = await staff('teacherList', { keys: [second.slug, first.slug, 'no-such-teacher'], limit: 100 })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.total).toBe(2)
    expect((res.body.data.list as { slug: string; name: string }[]).map(({ slug, name }) => [slug, name]).sort()).toEqual(
      [
        [first.slug, '按键名师甲'],
        [second.slug, '按键名师乙'],
      ].sort(),
    )
  })

  test('takes ids for a type keyed by id', async () => {
    await ensureCooperationType(2)
    const res = await staff('cooperationTypeList', { keys: [2] })
    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.list).toContainEqual(expect.objectContaining({ id: 2 }))
  })

  test('refuses an empty list, more than a page of keys, or keys that are not keys', async () => {
    const message = 'keys 应为最多 100 个课程的 slug'
    expect((await staff('courseList', { keys: [] })).body).toEqual(failure(Code.BAD_PARAMS, message))
    expect((await staff('courseList', { keys: Array.from({ length: 101 }, (_, i) => `c-${i}`) })).body).toEqual(
      failure(Code.BAD_PARAMS, message),
    )
    expect((await staff('courseList', { keys: 'c-001' })).body).toEqual(failure(Code.BAD_PARAMS, message))
  })
})
