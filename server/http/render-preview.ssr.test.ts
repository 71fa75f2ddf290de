// Preview links (lib/preview-grant.ts) and per-item SEO in the head of server-rendered pages.
import request from '../test/request'
import { inject } from 'vitest'
import { createApp } from '../app'
import { env } from '../env'
import { createLogger } from '../lib/logger'
import { signPreview } from '../lib/preview-grant'
import { createActivity, createCourse, createNotice, createSpecial, createTeacher, createViewpoint } from '../test/factories'

const logger = createLogger('error', { write: () => undefined })
const app = createApp({ clientDist: inject('clientDist'), logger })
const SITE = 'https://www.example.com'
const savedPublicUrl = env.PUBLIC_URL
const BANNER = '预览：此内容尚未发布'
const NOT_FOUND_HEADING = '抱歉，您访问的页面不存在'

beforeAll(() => {
  env.PUBLIC_URL = SITE
})
afterAll(() => {
  env.PUBLIC_URL = savedPublicUrl
})

async function render(url: string) {
  const res = await request(app).get(url)
  const html = res.text
  const head = html.slice(0, html.indexOf('</head>'))
  return {
    status: res.status,
    headers: res.headers,
    html,
    head,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    body: /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '',
  }
}
type Page = Awaited<ReturnType<typeof render>>

const meta = (page: Page, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta data-head="page" ${attribute}="${key}" content="([^"]*)"`).exec(page.head)?.[1]
const jsonLd = (page: Page) =>
  [...page.head.matchAll(/<script data-head="page" type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )
const inADay = () => new Date(Date.now() + 24 * 60 * 60 * 1000)

describe('a page opened through a preview link', () => {
  test('shows the unpublished course with the banner, noindex and no-store', async () => {
    const course = await createCourse({ title: `预览课程${process.pid}`, isPublished: false })
    const page = await render(`/course/detail/${course.id}?preview=${signPreview('course', course.id, inADay())}`)

    expect(page.status).toBe(200)
    expect(page.body).toContain(course.title)
    expect(page.body).toContain(BANNER)
    expect(meta(page, 'name', 'robots')).toBe('noindex')
    expect(page.head).not.toContain('rel="canonical"')
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
  })

  test('works for the other previewable pages too', async () => {
    const teacher = await createTeacher({ name: `预览名师${process.pid}`, isPublished: false })
    const special = await createSpecial({ title: `预览专题${process.pid}`, isPublished: false })
    const activity = await createActivity({ title: `预览活动${process.pid}`, isPublished: false })
    for (const [path, entity, id, text] of [
      ['/teacher/detail', 'teacher', teacher.id, teacher.name],
      ['/subject/detail', 'special', special.id, special.title],
      ['/schooling/detail', 'activity', activity.id, activity.title],
    ] as const) {
      const page = await render(`${path}/${id}?preview=${signPreview(entity, id, inADay())}`)
      expect({ path, status: page.status }).toEqual({ path, status: 200 })
      expect(page.body).toContain(text)
      expect(page.body).toContain(BANNER)
    }
  })

  test('is the usual 404 page with a token for another item, an expired or an altered token', async () => {
    const course = await createCourse({ title: `未发布课程${process.pid}`, isPublished: false })
    const other = await createCourse({ isPublished: false })
    const valid = signPreview('course', course.id, inADay())
    for (const token of [
      signPreview('course', other.id, inADay()),
      signPreview('teacher', course.id, inADay()),
      signPreview('course', course.id, new Date(Date.now() - 1000)),
      `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
      valid.replace(`course.${course.id}.`, `course.${other.id}.`),
      'not-a-token',
    ]) {
      const page = await render(`/course/detail/${course.id}?preview=${token}`)
      expect({ token, status: page.status }).toEqual({ token, status: 404 })
      expect(page.body).toContain(NOT_FOUND_HEADING)
      expect(page.body).not.toContain(course.title)
      expect(page.body).not.toContain(BANNER)
    }
  })

  test('a valid token on another page is ignored: that page renders as usual, without the banner', async () => {
    const course = await createCourse({ isPublished: false })
    const published = await createCourse({ title: `已发布课程${process.pid}` })
    const page = await render(`/course/detail/${published.id}?preview=${signPreview('course', course.id, inADay())}`)

    expect(page.status).toBe(200)
    expect(page.body).toContain(published.title)
    expect(page.body).not.toContain(BANNER)
  })

  test('is not kept: the page asked again without the token is still a 404', async () => {
    const course = await createCourse({ title: `不缓存课程${process.pid}`, isPublished: false })
    const plain = `/course/detail/${course.id}`
    expect((await render(plain)).status).toBe(404)

    expect((await render(`${plain}?preview=${signPreview('course', course.id, inADay())}`)).status).toBe(200)
    const again = await render(plain)

    expect(again.status).toBe(404)
    expect(again.body).not.toContain(course.title)
    expect(again.body).not.toContain(BANNER)
    const sitemap = await request(app).get('/sitemaps/courses.xml')
    expect(sitemap.text).not.toContain(`/course/detail/${course.id}<`)
    expect(sitemap.text).not.toContain('preview=')
  })

  test('a published page without a token has no banner and stays indexable', async () => {
    const course = await createCourse({ title: `普通课程${process.pid}` })
    const page = await render(`/course/detail/${course.id}`)

    expect(page.body).not.toContain(BANNER)
    expect(meta(page, 'name', 'robots')).toBeUndefined()
    expect(page.headers['x-robots-tag']).toBeUndefined()
  })
})

describe('per-item SEO in the head', () => {
  test("a course's own SEO title, description and keywords replace the derived ones", async () => {
    const course = await createCourse({
      title: `SEO课程${process.pid}`,
      intro: '课程自己的简介',
      seoTitle: '宏观经济入门 | 名师网精品课',
      seoDescription: '十讲读懂宏观经济的专门摘要',
      seoKeywords: '宏观经济,入门',
    })
    const page = await render(`/course/detail/${course.id}`)

    expect(page.title).toBe('宏观经济入门 | 名师网精品课')
    expect(meta(page, 'name', 'description')).toBe('十讲读懂宏观经济的专门摘要')
    expect(meta(page, 'name', 'keywords')).toBe('宏观经济,入门')
    expect(meta(page, 'property', 'og:title')).toBe('宏观经济入门 | 名师网精品课')
    expect(meta(page, 'property', 'og:description')).toBe('十讲读懂宏观经济的专门摘要')
    expect(jsonLd(page)[0]).toMatchObject({
      '@type': 'Course',
      name: '宏观经济入门 | 名师网精品课',
      description: '十讲读懂宏观经济的专门摘要',
    })
  })

  test('empty SEO fields fall back to the title, the introduction and the tags', async () => {
    const course = await createCourse({ title: `回退课程${process.pid}`, intro: '回退用的简介' })
    const page = await render(`/course/detail/${course.id}`)

    expect(page.title).toBe(`${course.title} — 名师网`)
    expect(meta(page, 'name', 'description')).toBe('回退用的简介')
    expect(meta(page, 'property', 'og:title')).toBe(course.title)
    expect(jsonLd(page)[0]).toMatchObject({ name: course.title, description: '回退用的简介' })
  })

  test('teachers, specials, notices, activities and viewpoints use theirs; a teacher stays named as a person', async () => {
    const seo = (name: string) => ({ seoTitle: `${name}的SEO标题`, seoDescription: `${name}的SEO描述`, seoKeywords: `${name},关键词` })
    const teacher = await createTeacher({ name: `SEO名师${process.pid}`, ...seo('名师') })
    const special = await createSpecial({ ...seo('专题') })
    const notice = await createNotice({ ...seo('预告') })
    const activity = await createActivity({ ...seo('活动') })
    const viewpoint = await createViewpoint({ ...seo('观点') })
    for (const [url, name] of [
      [`/teacher/detail/${teacher.id}`, '名师'],
      [`/subject/detail/${special.id}`, '专题'],
      [`/notice/detail/${notice.id}`, '预告'],
      [`/schooling/detail/${activity.id}`, '活动'],
      [`/article/detail/${viewpoint.id}`, '观点'],
    ] as const) {
      const page = await render(url)
      expect({ url, title: page.title }).toEqual({ url, title: `${name}的SEO标题` })
      expect(meta(page, 'name', 'description'), url).toBe(`${name}的SEO描述`)
      expect(meta(page, 'name', 'keywords'), url).toBe(`${name},关键词`)
    }
    const person = jsonLd(await render(`/teacher/detail/${teacher.id}`))[0]
    expect(person).toMatchObject({ '@type': 'Person', name: teacher.name })
  })
})
