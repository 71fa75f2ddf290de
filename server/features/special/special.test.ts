import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { signMemberToken } from '../../data/member-tokens'
import { Code } from '../../lib/api-error'
import { flushViews } from '../../data/views'
import { invalidateContentCache } from '../../data/cache'
import { createBanner, createCourse, createMember, createSpecial, createSpecialCategory, createTag, tagSpecial } from '../../test/factories'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Special/${action}`).send(body)
const notFound = (msg: string) => ({ code: Code.NOT_FOUND, msg, data: null })
const badParams = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
const ids = (list: { id: number }[]) => list.map((item) => item.id)

describe('POST /api/Special/specialList', () => {
  test('lists the published specials of a category, highest sort first', async () => {
    const category = await createSpecialCategory()
    const top = await createSpecial({ categoryId: category.id, sort: 9, specialUrl: 'https://topic.example.com' })
    const low = await createSpecial({ categoryId: category.id, sort: 1 })
    await createSpecial({ categoryId: category.id, isPublished: false })
    await createSpecial()

    const res = await post('specialList', { cid: category.id })

    expect(res.body).toMatchObject({ code: Code.OK, data: { total: 2, page: 1, limit: 12 } })
    expect(ids(res.body.data.list)).toEqual([top.id, low.id])
    expect(res.body.data.list[0]).toEqual({
      id: top.id,
      title: top.title,
      cover_img: top.cover,
      special_url: 'https://topic.example.com',
      intro: '',
      views: 0,
      commentCount: 0,
    })
  })

  test('treats page 0 and negative pages as page 1 and caps the limit at 50', async () => {
    const category = await createSpecialCategory()
    const created = []
    for (let i = 0; i < 3; i++) created.push((await createSpecial({ categoryId: category.id, sort: i })).id)

    const zero = await post('specialList', { cid: category.id, page: 0, limit: 2 })
    const negative = await post('specialList', { cid: category.id, page: -9, limit: 2 })
    const huge = await post('specialList', { limit: 500 })

    expect(zero.body.data).toMatchObject({ page: 1, limit: 2, total: 3 })
    expect(ids(zero.body.data.list)).toEqual([created[2], created[1]])
    expect(negative.body.data).toEqual(zero.body.data)
    expect(huge.body.data.limit).toBe(50)
  })

  test('answers not found for an unknown category and bad params for a malformed one', async () => {
    expect((await post('specialList', { cid: 99_999_999 })).body).toEqual(notFound('专题分类不存在'))
    expect((await post('specialList', { cid: 'x' })).body).toEqual(badParams('分类ID格式不正确'))
  })
})

describe('POST /api/Special/specialDetails', () => {
  test('answers the special with sanitized content and tags, and counts the view', async () => {
    const special = await createSpecial({ content: '<p>专题<script>alert(1)</script><img src="/a.png" onerror="x()"></p>', views: 2 })
    const tag = await createTag()
    await tagSpecial(special.id, tag.id)

    const res = await post('specialDetails', { id: special.id })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: {
        id: special.id,
        title: special.title,
        views: 3,
        tags: [{ id: tag.id, name: tag.name }],
        isCollected: false,
        categoryId: special.categoryId,
      },
    })
    expect(res.body.data.content).toBe('<p>专题<img src="/a.png" /></p>')
  })

  test("lists the special's published courses in the editors' order", async () => {
    const special = await createSpecial()
    const [first, hidden, second] = [await createCourse(), await createCourse({ isPublished: false }), await createCourse()]
    await prisma.specialCourse.createMany({
      data: [
        { specialId: special.id, courseId: second.id, position: 2 },
        { specialId: special.id, courseId: first.id, position: 0 },
        { specialId: special.id, courseId: hidden.id, position: 1 },
      ],
    })

    const res = await post('specialDetails', { id: special.id })

    expect(ids(res.body.data.courses)).toEqual([first.id, second.id])
    expect(res.body.data.courses[0]).toEqual({
      id: first.id,
      title: first.title,
      cover_img: first.cover,
      intro: '',
      views: 0,
      teacher: null,
      commentCount: 0,
    })
  })

  test('tells a logged-in member whether the special is collected', async () => {
    const special = await createSpecial()
    const member = await createMember()
    await prisma.specialCollect.create({ data: { memberId: member.id, specialId: special.id } })

    const res = await post('specialDetails', { id: special.id }).set('Authorization', `Bearer ${signMemberToken(member, false)}`)

    expect(res.body.data.isCollected).toBe(true)
  })

  test('counts 50 concurrent views exactly', async () => {
    const special = await createSpecial()

    await Promise.all(Array.from({ length: 50 }, () => post('specialDetails', { id: special.id })))

    await flushViews()

    expect((await prisma.special.findUniqueOrThrow({ where: { id: special.id } })).views).toBe(50)
  })

  test('answers not found for unknown or unpublished specials without counting', async () => {
    const hidden = await createSpecial({ isPublished: false })

    expect((await post('specialDetails', { id: hidden.id })).body).toEqual(notFound('专题不存在或已下架'))
    await flushViews()
    expect((await prisma.special.findUniqueOrThrow({ where: { id: hidden.id } })).views).toBe(0)
    expect((await post('specialDetails', { id: 99_999_999 })).body).toEqual(notFound('专题不存在或已下架'))
    expect((await post('specialDetails', { id: null })).body.code).toBe(Code.BAD_PARAMS)
  })
})

describe('POST /api/Special/hotSpecial', () => {
  test('lists hot published specials, 12 by default', async () => {
    const hot = []
    for (let i = 0; i < 13; i++) hot.push(await createSpecial({ isHot: true, sort: 50_000 + i }))
    await createSpecial({ isHot: true, sort: 60_000, isPublished: false })
    await createSpecial({ isHot: false, sort: 60_000 })

    const res = await post('hotSpecial')

    expect(res.body.code).toBe(Code.OK)
    expect(ids(res.body.data)).toEqual(ids(hot.reverse().slice(0, 12)))
  })

  test('caps a huge limit at 50', async () => {
    expect((await post('hotSpecial', { limit: 1e9 })).body.data.length).toBeLessThanOrEqual(50)
  })
})

describe('POST /api/Special/hotLabel', () => {
  test('lists tags of published specials, hottest first', async () => {
    const used = await createTag({ hotness: 8_000_000 })
    const unusedButHot = await createTag({ hotness: 9_000_000, isHot: true })
    const onHiddenSpecial = await createTag({ hotness: 8_500_000 })
    await tagSpecial((await createSpecial()).id, used.id)
    await tagSpecial((await createSpecial({ isPublished: false })).id, onHiddenSpecial.id)
    invalidateContentCache()

    const res = await post('hotLabel')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data[0]).toEqual({ id: used.id, name: used.name, hotness: 8_000_000 })
    expect(ids(res.body.data)).not.toContain(unusedButHot.id)
    expect(ids(res.body.data)).not.toContain(onHiddenSpecial.id)
  })

  test('rejects a body that is not JSON', async () => {
    expect((await request(app).post('/api/Special/hotLabel').set('Content-Type', 'application/json').send('{')).status).toBe(400)
  })
})

describe('POST /api/Special/hotLabel2', () => {
  test('lists the tag cloud: hot tags first, then by hotness, 30 by default', async () => {
    const hot = await createTag({ isHot: true, hotness: 1 })
    const warm = await createTag({ hotness: 7_000_000 })
    invalidateContentCache()

    const res = await post('hotLabel2')
    const withLimit = await post('hotLabel2', { limit: 1 })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.length).toBeLessThanOrEqual(30)
    const order = ids(res.body.data)
    expect(order).toContain(hot.id)
    if (order.includes(warm.id)) expect(order.indexOf(hot.id)).toBeLessThan(order.indexOf(warm.id))
    expect(withLimit.body.data).toHaveLength(1)
  })

  test('rejects a GET', async () => {
    expect((await request(app).get('/api/Special/hotLabel2')).status).toBe(405)
  })
})

describe('POST /api/Special/getBanner', () => {
  test('lists active banners of a position, the special page by default', async () => {
    const special = await createBanner({ position: 'special', sort: 9_999, link: '/subject' })
    await createBanner({ position: 'special', sort: 10_000, isActive: false })
    const ad = await createBanner({ position: 'ad', sort: 9_999 })
    invalidateContentCache()

    const byDefault = await post('getBanner')
    const ads = await post('getBanner', { position: 'ad' })

    expect(byDefault.body.data[0]).toEqual({ id: special.id, title: '', link: '/subject', litpic: special.image })
    expect(ads.body.data[0]).toMatchObject({ id: ad.id })
  })

  test('rejects an unknown position', async () => {
    expect((await post('getBanner', { position: 'footer' })).body).toEqual(badParams('轮播位置应为 special、home 或 ad'))
  })
})
