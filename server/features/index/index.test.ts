import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import request, { type Response } from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { invalidateContentCache } from '../../data/cache'
import {
  createActivity,
  createBanner,
  createCourse,
  createCourseCategory,
  createFriendLink,
  createNotice,
  createPartner,
  createQuestion,
  createSpecial,
  createSpecialCategory,
  createTag,
  createTeacher,
  createTeacherCategory,
  createViewpoint,
  unique,
} from '../../test/factories'
import { isPostgres, onOtherConnection } from '../../test/database'

const app = createApp()
const post = (action: string, body?: object) => request(app).post(`/api/Index/${action}`).send(body)

// supertest decodes gzip by itself and not br; the cache tests need the bytes as sent.
let server: http.Server
let port: number
beforeAll(async () => {
  server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
function rawPost(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end('{}')
  })
}

describe('POST /api/Index/indexList', () => {
  test('answers the home aggregate with the keys and sizes of the specification', async () => {
    const category = await createTeacherCategory({ sort: 1000 })
    const teachers = []
    for (let i = 0; i < 21; i++) teachers.push(await createTeacher({ categoryId: category.id, sort: 100 - i, isRecommended: i < 6 }))
    await createTeacher({ categoryId: category.id, sort: 500, isPublished: false })
    const specialCategory = await createSpecialCategory()
    for (let i = 0; i < 13; i++) await createSpecial({ categoryId: specialCategory.id, isHot: true, sort: 900 + i })
    const courseCategory = await createCourseCategory()
    for (let i = 0; i < 12; i++) {
      await createCourse({ categoryId: courseCategory.id, isHot: true, isSelected: true, sort: 900 + i })
      await createCourse({ categoryId: courseCategory.id, isFeatured: true, videoUrl: '/uploads/test/v.mp4', sort: 900 + i })
    }
    for (let i = 0; i < 4; i++) await createNotice({ sort: 900 + i, introduction: `<p><b>课程</b>预告${'很长的介绍文字'.repeat(20)}</p>` })
    for (let i = 0; i < 15; i++) {
      await createActivity({ sort: 900 + i, content: '<p>活动<script>alert(1)</script>内容</p>' })
      await createViewpoint({ sort: 900 + i })
      await createQuestion({ sort: 900 + i })
    }
    const banner = await createBanner({ sort: 999, link: '/course' })
    await createBanner({ position: 'ad' })
    const partner = await createPartner({ sort: 999 })
    const link = await createFriendLink({ sort: 999 })
    invalidateContentCache()

    const res = await post('indexList')

    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: Code.OK, msg: '操作成功' })
    const data = res.body.data
    expect(Object.keys(data).sort()).toEqual(
      [
        'banner',
        'mingshiku',
        'mingshiku1',
        'mingshiku2',
        'mingshiku3',
        'hot_special',
        'hot_special1',
        'hot_special2',
        'recommend_teacher',
        'course',
        'course_notice',
        'huodong_xueshu',
        'common_problem',
        'cooperative',
        'links',
      ].sort(),
    )
    expect(data.banner[0]).toEqual({ id: banner.id, title: '', link: '/course', litpic: banner.image })
    expect(data.banner.every((b: { litpic: string }) => b.litpic)).toBe(true)

    // Teacher library: the category with 21 published teachers, in sort order.
    const names = teachers.map((t) => ({ id: t.id, name: t.name }))
    const own = (list: { id: number; teachers: { id: number; name: string }[] }[]) => list.find((c) => c.id === category.id)!
    expect(data.mingshiku[0].id).toBe(category.id)
    expect(own(data.mingshiku).teachers).toHaveLength(19)
    expect(own(data.mingshiku).teachers[0]).toEqual({ id: teachers[0].id, name: teachers[0].name, img: teachers[0].photo, title: '' })
    expect(own(data.mingshiku1).teachers).toEqual(names.slice(0, 3))
    expect(own(data.mingshiku2).teachers).toEqual(names.slice(2, 19))
    expect(own(data.mingshiku3).teachers).toEqual(names.slice(0, 14))
    expect(data.mingshiku1).toHaveLength(data.mingshiku.length)

    expect(data.hot_special1).toHaveLength(5)
    expect(data.hot_special2).toHaveLength(7)
    expect(data.hot_special).toEqual([...data.hot_special1, ...data.hot_special2])
    expect(data.hot_special1[0]).toMatchObject({
      title: expect.any(String),
      special_url: expect.any(String),
      cover_img: expect.any(String),
    })

    expect(data.recommend_teacher.teacher_img.length).toBeGreaterThanOrEqual(5)
    expect(data.recommend_teacher.teacher_img.length).toBeLessThanOrEqual(15)
    expect(data.course.host).toHaveLength(11)
    expect(data.course.boutique).toHaveLength(11)
    expect(data.course.video).toHaveLength(2)
    expect(data.course.host[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String), cover_img: expect.any(String) })
    expect(data.course.video[0]).toMatchObject({ videoUrl: '/uploads/test/v.mp4' })

    expect(data.course_notice).toHaveLength(3)
    for (const notice of data.course_notice) {
      expect(Object.keys(notice)).toEqual(expect.arrayContaining(['id', 'name', 'cover_img', 'introduction']))
      expect(notice.introduction).not.toContain('<')
      expect(Array.from(notice.introduction as string).length).toBeLessThanOrEqual(51)
    }
    expect(data.course_notice[0].introduction).toMatch(/^课程预告很长的介绍文字.*…$/)

    expect(data.huodong_xueshu.activity).toHaveLength(14)
    expect(data.huodong_xueshu.viewpoin).toHaveLength(14)
    expect(data.huodong_xueshu.activity[0]).toMatchObject({ content: '活动内容' })
    expect(data.common_problem).toHaveLength(14)
    expect(Object.keys(data.common_problem[0]).sort()).toEqual(['id', 'title'])
    expect(data.cooperative[0]).toEqual({ id: partner.id, name: partner.name, logo: partner.logo, link: '' })
    expect(data.links[0]).toEqual({ id: link.id, name: link.name, links: link.url })
  })

  test('serves br or gzip bytes with a strong ETag per encoding, and 304 for a known ETag', async () => {
    const br = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toContain('Accept-Encoding')
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/)
    const json = JSON.parse(zlib.brotliDecompressSync(br.body).toString())
    expect(json).toMatchObject({ code: Code.OK, data: { banner: expect.any(Array) } })

    const gz = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.etag).toBe(br.headers.etag?.replace(/-br"$/, '-gz"'))
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(json)

    const plain = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
    expect(JSON.parse(plain.body.toString())).toEqual(json)

    const notModified = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers.etag).toBe(br.headers.etag)

    const stale = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'br', 'If-None-Match': '"something-else"' })
    expect(stale.status).toBe(200)
  })

  test('rebuilds after invalidateContentCache(), with a new ETag', async () => {
    const before = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'gzip' })
    const banner = await createBanner({ sort: 5000, title: unique('新横幅') })
    invalidateContentCache()

    const after = await rawPost('/api/Index/indexList', { 'Accept-Encoding': 'gzip', 'If-None-Match': before.headers.etag as string })

    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(JSON.parse(zlib.gunzipSync(after.body).toString()).data.banner[0]).toMatchObject({ id: banner.id, title: banner.title })
  })

  // SQLite's once-a-second change counter; PostgreSQL pushes changes at once (LISTEN/NOTIFY): data/cache-freshness.test.ts.
  test.skipIf(isPostgres)('notices a write made without invalidating (PRAGMA data_version), serving the old answer meanwhile', async () => {
    const before = await post('indexList')
    // A second connection stands in for another process (e.g. `npm run seed`) this one is not told about.
    await onOtherConnection(`UPDATE "Question" SET "title" = 'data_version 检测' WHERE "id" = (SELECT max("id") FROM "Question")`)
    const titles = (res: Response) => res.body.data.common_problem.map((q: { title: string }) => q.title)

    expect(titles(await post('indexList'))).toEqual(titles(before))
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const seen: string[] = []
    for (let i = 0; i < 20 && !seen.includes('data_version 检测'); i++) {
      seen.push(...titles(await post('indexList')))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    expect(seen).toContain('data_version 检测')
  })

  test('refuses a malformed body like every action, and rejects a GET', async () => {
    const junk = await request(app).post('/api/Index/indexList').set('Content-Type', 'application/json').send('{oops')
    expect(junk.status).toBe(400)
    expect(junk.body).toEqual({ code: 400, msg: '请求数据格式错误，请提交合法的 JSON', data: null })

    const get = await request(app).get('/api/Index/indexList')
    expect(get.status).toBe(405)
    expect(get.body).toEqual({ code: 405, msg: '请使用 POST 方法调用接口', data: null })
  })
})

describe('POST /api/Index/getConfig', () => {
  test('answers every config key as a string', async () => {
    await prisma.siteSetting.upsert({
      where: { key: 'fax' },
      create: { key: 'fax', value: '010-12345678' },
      update: { value: '010-12345678' },
    })
    invalidateContentCache()

    const res = await post('getConfig')

    expect(res.body).toMatchObject({ code: Code.OK, data: { fax: '010-12345678' } })
    expect(Object.keys(res.body.data).sort()).toEqual(['address', 'btlogo', 'fax', 'icp', 'mailbox', 'phone', 'wx'])
    expect(Object.values(res.body.data).every((v) => typeof v === 'string')).toBe(true)
  })

  test('rejects a GET', async () => {
    expect((await request(app).get('/api/Index/getConfig')).body.code).toBe(405)
  })
})

describe('POST /api/Index/getSiteInfo', () => {
  test('answers every site-info key as a string', async () => {
    await prisma.siteSetting.upsert({
      where: { key: 'company_name' },
      create: { key: 'company_name', value: '测试公司' },
      update: { value: '测试公司' },
    })
    invalidateContentCache()

    const res = await post('getSiteInfo')

    expect(res.body).toMatchObject({ code: Code.OK, data: { company_name: '测试公司' } })
    expect(Object.keys(res.body.data).sort()).toEqual(['company_name', 'description', 'icon', 'keywords', 'logo', 'phone', 'title', 'wx'])
  })

  test('rejects a GET', async () => {
    const res = await request(app).get('/api/Index/getSiteInfo')
    expect(res.body).toEqual({ code: 405, msg: '请使用 POST 方法调用接口', data: null })
  })
})

describe('POST /api/Index/getMenuseo', () => {
  test('lists every menu, or answers one menu', async () => {
    const menu = unique('m').slice(0, 30)
    await prisma.menuSeo.create({ data: { menu, name: '测试栏目', title: '测试标题', keywords: '关键词', description: '描述' } })
    invalidateContentCache()

    const all = await post('getMenuseo')
    const one = await post('getMenuseo', { menu })

    expect(all.body.code).toBe(Code.OK)
    expect(all.body.data).toContainEqual({ menu, name: '测试栏目', title: '测试标题', keywords: '关键词', description: '描述' })
    expect(one.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { menu, name: '测试栏目', title: '测试标题', keywords: '关键词', description: '描述' },
    })
  })

  test('answers not found for an unknown menu and bad params for a non-string', async () => {
    const missing = await post('getMenuseo', { menu: 'no-such-menu' })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ code: Code.NOT_FOUND, msg: '该栏目的 SEO 设置不存在', data: null })

    const bad = await post('getMenuseo', { menu: { x: 1 } })
    expect(bad.body).toEqual({ code: Code.BAD_PARAMS, msg: '菜单标识格式不正确', data: null })
  })
})

describe('POST /api/Index/teacherClass, courseClass, specialClass', () => {
  test('list the categories of each section, highest sort first', async () => {
    const teacher = await createTeacherCategory({ sort: 10_000 })
    const course = await createCourseCategory({ sort: 10_000 })
    const special = await createSpecialCategory({ sort: 10_000 })
    invalidateContentCache()

    expect((await post('teacherClass')).body.data[0]).toEqual({ id: teacher.id, name: teacher.name })
    expect((await post('courseClass')).body.data[0]).toEqual({ id: course.id, name: course.name })
    expect((await post('specialClass')).body.data[0]).toEqual({ id: special.id, name: special.name })
  })

  test('reject a GET', async () => {
    for (const action of ['teacherClass', 'courseClass', 'specialClass']) {
      expect((await request(app).get(`/api/Index/${action}`)).status).toBe(405)
    }
  })
})

describe('POST /api/Index/getTags', () => {
  test('pages every tag, hottest first, with lenient page and capped limit', async () => {
    for (let i = 0; i < 3; i++) await createTag({ hotness: 1_000_000 + i })

    const first = await post('getTags', { page: 0, limit: 2 })
    const negative = await post('getTags', { page: -4, limit: 2 })
    const huge = await post('getTags', { limit: 5000 })

    expect(first.body.data).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) })
    expect(first.body.data.list.map((t: { hotness: number }) => t.hotness)).toEqual([1_000_002, 1_000_001])
    expect(negative.body.data).toEqual(first.body.data)
    expect(huge.body.data.limit).toBe(50)
    expect(huge.body.data.list.length).toBe(Math.min(50, huge.body.data.total))
  })

  test('rejects a body that is not JSON', async () => {
    const res = await request(app).post('/api/Index/getTags').set('Content-Type', 'application/json').send('{')
    expect(res.status).toBe(400)
  })
})

describe('POST /api/Index/getHotTags', () => {
  test('lists up to 6 hot tags by default, hottest first', async () => {
    const tags = []
    for (let i = 0; i < 7; i++) tags.push(await createTag({ isHot: true, hotness: 2_000_000 + i }))
    await createTag({ isHot: false, hotness: 9_000_000 })

    const res = await post('getHotTags')

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.map((t: { id: number }) => t.id)).toEqual(
      tags
        .reverse()
        .slice(0, 6)
        .map((t) => t.id),
    )
  })

  test('caps a huge limit at 50', async () => {
    const res = await post('getHotTags', { limit: 1000 })
    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.length).toBeLessThanOrEqual(50)
  })
})
