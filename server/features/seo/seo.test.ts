// robots.txt and the sitemaps (seo.routes.ts): what crawlers are kept from, and every published
// page with its lastmod, rebuilt when content changes.
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { createCourse, createQuestion, createTeacher } from '../../test/factories'

const app = createApp()
const SITE = 'https://www.example.com'
const savedPublicUrl = env.PUBLIC_URL
// Every request comes to another Host: the URLs written are PUBLIC_URL's all the same.
const get = (path: string) => request(app).get(path).set('Host', 'evil.example')

beforeAll(() => {
  env.PUBLIC_URL = SITE
})
afterAll(() => {
  env.PUBLIC_URL = savedPublicUrl
})
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<loc>${loc.replace(/[?]/g, '\\?')}</loc><lastmod>([^<]*)</lastmod>`).exec(xml)?.[1]

describe('GET /robots.txt', () => {
  test('keeps crawlers out of the API, member pages, the staff console and search, and names the sitemap', async () => {
    const res = await get('/robots.txt')

    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /user',
      'Disallow: /login',
      'Disallow: /register',
      'Disallow: /forget',
      'Disallow: /admin',
      'Disallow: /search',
      '',
      `Sitemap: ${SITE}/sitemap.xml`,
      '',
    ])
  })
})

describe('GET /sitemap.xml', () => {
  test('is an index of one sitemap per section, each with its newest lastmod', async () => {
    const res = await get('/sitemap.xml')

    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(res.text)).toEqual(
      ['pages', 'teachers', 'courses', 'topics', 'notices', 'activities', 'articles', 'questions'].map(
        (section) => `${SITE}/sitemaps/${section}.xml`,
      ),
    )
    expect(lastmodOf(res.text, `${SITE}/sitemaps/courses.xml`)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})

describe('GET /sitemaps/<section>.xml', () => {
  test('lists every published item with absolute URLs and its lastmod, and none that is hidden', async () => {
    const published = await prisma.course.findMany({ where: { isPublished: true }, select: { id: true, updatedAt: true } })
    const hidden = await createCourse({ isPublished: false })
    const res = await get('/sitemaps/courses.xml')

    expect(res.status).toBe(200)
    expect(locs(res.text).sort()).toEqual(published.map((course) => `${SITE}/course/detail/${course.id}`).sort())
    expect(locs(res.text)).not.toContain(`${SITE}/course/detail/${hidden.id}`)
    expect(lastmodOf(res.text, `${SITE}/course/detail/${published[0].id}`)).toBe(published[0].updatedAt.toISOString())
  })

  test('a newly published course appears after the write, and disappears once unpublished', async () => {
    // Built (and kept) before the write, so the test sees the cache dropped, not a first build.
    await get('/sitemaps/courses.xml')
    const course = await createCourse({ title: `站点地图课程${process.pid}` })
    const loc = `${SITE}/course/detail/${course.id}`

    expect(locs((await get('/sitemaps/courses.xml')).text)).toContain(loc)
    await prisma.course.update({ where: { id: course.id }, data: { isPublished: false } })
    expect(locs((await get('/sitemaps/courses.xml')).text)).not.toContain(loc)
  })

  test('teachers bring their approved videos, questions their detail pages', async () => {
    const teacher = await createTeacher()
    const hiddenTeacher = await createTeacher({ isPublished: false })
    const question = await createQuestion()

    const teachers = locs((await get('/sitemaps/teachers.xml')).text)
    expect(teachers).toContain(`${SITE}/teacher/detail/${teacher.id}`)
    expect(teachers).not.toContain(`${SITE}/teacher/detail/${hiddenTeacher.id}`)
    expect(locs((await get('/sitemaps/questions.xml')).text)).toContain(`${SITE}/question/detail/${question.id}`)
  })

  test('the site pages list the home page, the lists, the categories, the about tabs and the cooperation pages', async () => {
    const category = await prisma.courseCategory.findFirstOrThrow()
    const res = await get('/sitemaps/pages.xml')
    const pages = locs(res.text)

    for (const path of [
      '/',
      '/teacher',
      '/course',
      `/course/${category.id}`,
      '/subject',
      '/notice',
      '/schooling',
      '/article',
      '/question',
      '/cooperation',
      '/about',
      '/about?tab=4',
    ]) {
      expect(pages, path).toContain(`${SITE}${path}`)
    }
    expect(pages.some((loc) => loc.startsWith(`${SITE}/cooperation/detail/%7B%22id%22%3A1`))).toBe(true)
    expect(pages.some((loc) => /\/(user|login|search)/.test(loc))).toBe(false)
  })

  test('an unknown section is the not-found page', async () => {
    expect((await get('/sitemaps/members.xml')).status).not.toBe(200)
    expect((await get('/sitemaps/courses-2.xml')).status).not.toBe(200)
  })
})

describe('the origin of the URLs written', () => {
  test('is PUBLIC_URL whatever Host the sitemap is first asked at, so the kept file is not poisoned', async () => {
    const course = await createCourse()
    const forged = await request(app).get('/sitemaps/courses.xml').set('Host', 'attacker.example')
    const later = await request(app).get('/sitemaps/courses.xml').set('Host', 'portal.test')

    for (const res of [forged, later]) {
      expect(locs(res.text)).toContain(`${SITE}/course/detail/${course.id}`)
      expect(res.text).not.toContain('attacker.example')
    }
  })

  test('without PUBLIC_URL (outside production) is the local address, never the Host', async () => {
    const course = await createCourse() // a content write: the sitemaps kept so far are dropped
    const local = `http://localhost:${env.PORT}`
    env.PUBLIC_URL = undefined
    try {
      const robots = await get('/robots.txt')
      const sitemap = await get('/sitemaps/courses.xml')

      expect(robots.text).toContain(`Sitemap: ${local}/sitemap.xml`)
      expect(locs(sitemap.text)).toContain(`${local}/course/detail/${course.id}`)
      for (const res of [robots, sitemap]) expect(res.text).not.toContain('evil.example')
    } finally {
      env.PUBLIC_URL = SITE
    }
  })
})
