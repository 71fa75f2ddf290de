// Pages rendered on the server (http/render.ts with the client's built server entry): what a crawler
// without JavaScript gets for every public route, the status codes, the head tags, and the data
// the browser takes the page over with.
import request from '../test/request'
import { inject } from 'vitest'
import { createApp } from '../app'
import { prisma } from '../db'
import { env } from '../env'
import { createLogger } from '../lib/logger'
import {
  createActivity,
  createCooperation,
  createCourse,
  createCourseCategory,
  createNotice,
  createQuestion,
  createSpecial,
  createSpecialCategory,
  createTeacher,
  createTeacherCategory,
  createTeacherVideo,
  createViewpoint,
} from '../test/factories'

const written: string[] = []
const logger = createLogger('error', { write: (line: string) => void written.push(line) })
const app = createApp({ clientDist: inject('clientDist'), logger })
const SITE = 'https://www.example.com'
const savedPublicUrl = env.PUBLIC_URL

// Links the server writes are on PUBLIC_URL; the requests below come to another Host on purpose.
beforeAll(() => {
  env.PUBLIC_URL = SITE
})
afterAll(() => {
  env.PUBLIC_URL = savedPublicUrl
})

type Rendered = { status: number; html: string; title: string; head: string; body: string }

async function render(url: string, host = 'portal.test'): Promise<Rendered> {
  const res = await request(app).get(url).set('Host', host)
  const html = res.text
  const headEnd = html.indexOf('</head>')
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)
  return {
    status: res.status,
    html,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    head: html.slice(0, headEnd),
    body: root?.[1] ?? '',
  }
}

const meta = (page: Rendered, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta data-head="page" ${attribute}="${key}" content="([^"]*)"`).exec(page.head)?.[1]
const canonical = (page: Rendered) => /<link data-head="page" rel="canonical" href="([^"]*)"/.exec(page.head)?.[1]
const jsonLd = (page: Rendered) =>
  [...page.head.matchAll(/<script data-head="\w+" type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )
const serverData = (page: Rendered) =>
  JSON.parse(/<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(page.html)![1]) as {
    origin: string
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    errors: Record<string, { status: number }> | null
  }
const menuTitle = async (menu: string) => (await prisma.menuSeo.findUniqueOrThrow({ where: { menu } })).title
const NOT_FOUND_HEADING = '抱歉，您访问的页面不存在'

describe('GET of a public route without JavaScript', () => {
  test('the home page has the menu title, the banner and the home blocks in the HTML', async () => {
    const banner = await prisma.banner.findFirstOrThrow({ where: { position: 'home' }, orderBy: { sort: 'desc' } })
    const page = await render('/')

    expect(page.status).toBe(200)
    expect(page.title).toBe(await menuTitle('home'))
    expect(page.body).toContain(banner.image)
    for (const heading of ['热门专题', '推荐名师', '名师课程', '课程预告', '常见问题']) expect(page.body).toContain(heading)
  })

  test('every detail page has its item in the title and the body', async () => {
    const suffix = `${process.pid}${Date.now() % 100000}`
    const teacher = await createTeacher({ name: `渲染名师${suffix}` })
    const video = await createTeacherVideo({ teacherId: teacher.id, title: `渲染视频${suffix}` })
    const course = await createCourse({ title: `渲染课程${suffix}`, teacherId: teacher.id })
    const special = await createSpecial({ title: `渲染专题${suffix}` })
    const notice = await createNotice({ name: `渲染预告${suffix}` })
    const activity = await createActivity({ title: `渲染活动${suffix}`, teacherId: teacher.id })
    const viewpoint = await createViewpoint({ title: `渲染观点${suffix}`, teacherId: teacher.id })
    const question = await createQuestion({ title: `渲染问题${suffix}`, content: '<p>答案</p>' })
    const entry = await createCooperation({ typeId: 2, title: `渲染合作${suffix}` })
    const type = await prisma.cooperationType.findUniqueOrThrow({ where: { id: 2 } })
    const typeParam = encodeURIComponent(JSON.stringify({ id: type.id, name: type.name }))

    const cases: [string, string][] = [
      [`/teacher/detail/${teacher.id}`, teacher.name],
      [`/teacher/video/${video.id}`, video.title],
      [`/course/detail/${course.id}`, course.title],
      [`/subject/detail/${special.id}`, special.title],
      [`/notice/detail/${notice.id}`, notice.name],
      [`/schooling/detail/${activity.id}`, activity.title],
      [`/article/detail/${viewpoint.id}`, viewpoint.title],
      [`/question/detail/${question.id}`, question.title],
      [`/cooperation/detail/${typeParam}`, type.name],
      [`/cooperation/detail/${typeParam}?entry=${entry.id}`, entry.title],
    ]
    for (const [url, name] of cases) {
      const page = await render(url)
      expect({ url, status: page.status, title: page.title }).toEqual({ url, status: 200, title: `${name} — 名师网` })
      expect(page.body, url).toContain(name)
    }
  })

  test('every list page has its menu title and its first items in the body', async () => {
    const suffix = `${process.pid}${Date.now() % 100000}`
    const teacherCategory = await createTeacherCategory({ name: `渲染名师类${suffix}` })
    const teacher = await createTeacher({ name: `列表名师${suffix}`, categoryId: teacherCategory.id })
    const courseCategory = await createCourseCategory({ name: `渲染课程类${suffix}` })
    const course = await createCourse({ title: `列表课程${suffix}`, categoryId: courseCategory.id })
    const specialCategory = await createSpecialCategory({ name: `渲染专题类${suffix}` })
    const special = await createSpecial({ title: `列表专题${suffix}`, categoryId: specialCategory.id })
    // The newest items sort first where lists sort by their sort number.
    const notice = await createNotice({ name: `列表预告${suffix}`, sort: 1_000_000 })
    const activity = await createActivity({ title: `列表活动${suffix}`, sort: 1_000_000 })
    const viewpoint = await createViewpoint({ title: `列表观点${suffix}`, sort: 1_000_000 })
    const question = await createQuestion({ title: `列表问题${suffix}`, sort: 1_000_000 })

    const cases: [string, string, string][] = [
      [`/teacher/${teacherCategory.id}`, `${teacherCategory.name}名师 — 名师网`, teacher.name],
      [`/course/${courseCategory.id}`, `${courseCategory.name}课程 — 名师网`, course.title],
      [`/subject/${specialCategory.id}`, `${specialCategory.name}专题 — 名师网`, special.title],
      ['/notice', await menuTitle('notice'), notice.name],
      ['/schooling', await menuTitle('schooling'), activity.title],
      ['/article', await menuTitle('article'), viewpoint.title],
      ['/question', await menuTitle('question'), question.title],
    ]
    for (const [url, title, name] of cases) {
      const page = await render(url)
      expect({ url, status: page.status, title: page.title }).toEqual({ url, status: 200, title })
      expect(page.body, url).toContain(name)
    }
    for (const [url, menu] of [
      ['/teacher', 'teacher'],
      ['/course', 'course'],
      ['/subject', 'subject'],
      ['/cooperation', 'cooperation'],
      ['/about', 'about'],
    ]) {
      const page = await render(url)
      expect({ url, status: page.status, title: page.title }).toEqual({ url, status: 200, title: await menuTitle(menu) })
      expect(page.body.length, url).toBeGreaterThan(2000)
    }
  })

  test('search results are in the HTML too', async () => {
    const course = await createCourse({ title: `搜索渲染课程${process.pid}` })
    const q = encodeURIComponent(JSON.stringify({ type: 'course', keyWord: course.title }))
    const page = await render(`/search?q=${q}`)

    expect(page.status).toBe(200)
    expect(page.title).toBe(`搜索：${course.title} — 名师网`)
    expect(page.body).toContain(course.title)
  })

  test('the browser-only pages answer the shell around a placeholder, the staff console the bare index.html', async () => {
    for (const url of ['/login', '/register', '/forget', '/user', '/admin/setup']) {
      const page = await render(url)
      expect({ url, status: page.status }).toEqual({ url, status: 200 })
      expect(page.body, url).toContain('class="page-placeholder"')
      expect(page.body, url).toContain('site-footer')
    }
    const console = await render('/admin/members')
    expect(console.status).toBe(200)
    expect(console.html).toContain('<div id="root"></div>')
    expect(console.html).not.toContain('server-data')
  })
})

describe('404', () => {
  test('unknown routes, ids and categories, malformed ids and unpublished items answer the not-found page', async () => {
    const hidden = await createCourse({ title: `下架课程${process.pid}`, isPublished: false })
    const hiddenTeacher = await createTeacher({ name: `下架名师${process.pid}`, isPublished: false })
    for (const url of [
      '/no-such-page',
      '/course/detail/987654321',
      `/course/detail/${hidden.id}`,
      `/teacher/detail/${hiddenTeacher.id}`,
      '/teacher/detail/abc',
      '/teacher/987654',
      '/subject/detail/0',
      '/cooperation/detail/not-json',
    ]) {
      const page = await render(url)
      expect({ url, status: page.status }).toEqual({ url, status: 404 })
      expect(page.body, url).toContain(NOT_FOUND_HEADING)
      expect(page.body, url).not.toContain(hidden.title)
      expect(meta(page, 'name', 'robots'), url).toBe('noindex')
      expect(canonical(page), url).toBeUndefined()
    }
  })

  test('the browser is told the route failed with a 404, so it hydrates the same page', async () => {
    const page = await render('/course/detail/987654321')

    expect(serverData(page).errors).toEqual({ 'course/detail/:id': expect.objectContaining({ status: 404 }) })
  })
})

describe('head tags', () => {
  test('a detail page has description, canonical link, Open Graph tags and JSON-LD of its item', async () => {
    const teacher = await createTeacher({ name: `头部名师${process.pid}` })
    const course = await createCourse({ title: `头部课程${process.pid}`, intro: '一门讲清宏观经济的课程', teacherId: teacher.id })
    const page = await render(`/course/detail/${course.id}?utm_source=x`)

    expect(meta(page, 'name', 'description')).toBe('一门讲清宏观经济的课程')
    expect(canonical(page)).toBe(`${SITE}/course/detail/${course.id}`)
    expect(meta(page, 'property', 'og:title')).toBe(course.title)
    expect(meta(page, 'property', 'og:url')).toBe(`${SITE}/course/detail/${course.id}`)
    expect(meta(page, 'property', 'og:image')).toBe(`${SITE}/uploads/test/course.png`)
    expect(jsonLd(page)).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: course.title,
        description: '一门讲清宏观经济的课程',
        instructor: { '@type': 'Person', name: teacher.name },
        url: `${SITE}/course/detail/${course.id}`,
      }),
      expect.objectContaining({ '@type': 'BreadcrumbList' }),
    ])
  })

  test('teachers are a Person, articles an Article, questions an FAQPage, with a breadcrumb trail', async () => {
    const teacher = await createTeacher({ name: `结构名师${process.pid}`, title: '研究员' })
    const viewpoint = await createViewpoint({ title: `结构观点${process.pid}`, teacherId: teacher.id })
    const question = await createQuestion({ title: `结构问题${process.pid}`, content: '<p>这样回答</p>' })

    const person = jsonLd(await render(`/teacher/detail/${teacher.id}`))
    expect(person[0]).toMatchObject({ '@type': 'Person', name: teacher.name, jobTitle: '研究员' })
    const article = jsonLd(await render(`/article/detail/${viewpoint.id}`))
    expect(article[0]).toMatchObject({ '@type': 'Article', headline: viewpoint.title, author: { '@type': 'Person', name: teacher.name } })
    const faq = jsonLd(await render(`/question/detail/${question.id}`))
    expect(faq[0]).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: question.title, acceptedAnswer: { '@type': 'Answer', text: '这样回答' } }],
    })
    expect(faq[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: '首页', item: `${SITE}/` },
        { position: 2, name: '常见问题', item: `${SITE}/question` },
        { position: 3, name: '问题详情', item: `${SITE}/question/detail/${question.id}` },
      ],
    })
  })

  test('text from the database cannot break out of the head or the data script', async () => {
    const course = await createCourse({
      title: `</script><script>alert(1)</script>"课程${process.pid}`,
      intro: '"><img src=x onerror=alert(1)>',
    })
    const page = await render(`/course/detail/${course.id}`)

    expect(page.status).toBe(200)
    expect(page.html).not.toContain('<script>alert(1)</script>')
    expect(page.html).not.toContain('<img src=x')
    expect(jsonLd(page)[0]).toMatchObject({ name: course.title })
    const detail = serverData(page).queries.queries.find((query) => query.queryKey[1] === 'courseDetails')
    expect(detail?.state.data).toMatchObject({ title: course.title })
  })
})

describe('absolute URLs', () => {
  test('a forged Host header changes no link, in its own answer or in the page kept for later visitors', async () => {
    const course = await createCourse({ title: `主机课程${process.pid}` })
    const url = `/course/detail/${course.id}`

    const forged = await render(url, 'evil.example')
    const later = await render(url, 'portal.test')

    for (const page of [forged, later]) {
      expect(canonical(page)).toBe(`${SITE}${url}`)
      expect(meta(page, 'property', 'og:url')).toBe(`${SITE}${url}`)
      expect(jsonLd(page)[0]).toMatchObject({ url: `${SITE}${url}` })
      expect(serverData(page).origin).toBe(SITE)
      expect(page.html).not.toContain('evil.example')
    }
  })

  test('without PUBLIC_URL (outside production) links are on the local address, never the Host', async () => {
    const course = await createCourse({ title: `本地课程${process.pid}` })
    const url = `/course/detail/${course.id}`
    const local = `http://localhost:${env.PORT}`
    env.PUBLIC_URL = undefined
    try {
      const forged = await render(url, 'evil.example')
      const later = await render(url, 'portal.test')

      for (const page of [forged, later]) {
        expect(canonical(page)).toBe(`${local}${url}`)
        expect(meta(page, 'property', 'og:url')).toBe(`${local}${url}`)
        expect(jsonLd(page)[0]).toMatchObject({ url: `${local}${url}` })
        expect(serverData(page).origin).toBe(local)
        expect(page.html).not.toContain('evil.example')
      }
    } finally {
      env.PUBLIC_URL = SITE
    }
  })
})

describe('data for the browser', () => {
  test('the page carries exactly the queries it rendered, so the browser does not ask again', async () => {
    const course = await createCourse({ title: `数据课程${process.pid}` })
    const keys = serverData(await render(`/course/detail/${course.id}`)).queries.queries.map((query) => query.queryKey)

    expect(keys).toEqual(
      expect.arrayContaining([
        ['course', 'courseDetails', course.id],
        ['course', 'relevantCourse', course.id],
        ['course', 'hotCourse'],
        ['index', 'getMenuseo'],
        ['index', 'getSiteInfo'],
        ['index', 'teacherClass'],
      ]),
    )
  })

  test('the page carries its own stylesheets inline and lists its scripts for the entry to load after the first paint', async () => {
    const page = await render('/')

    expect(page.head).toMatch(/<style data-href="\/assets\/index-[\w-]+\.css">[^<]/)
    expect(page.head).toMatch(/<style data-href="\/assets\/home-[\w-]+\.css">[^<]/)
    expect(page.head).toMatch(/<link rel="stylesheet" href="\/assets\/home-[\w-]+\.css" disabled>/)
    expect(page.head).not.toMatch(/<link rel="stylesheet" crossorigin/)
    expect(page.head).not.toContain('modulepreload')
    expect(page.head).toMatch(/<script type="application\/json" id="page-modules">\[[^\]]*"\/assets\/home-[\w-]+\.js"/)
  })
})

describe('a render that fails', () => {
  test('answers 500 with a plain Chinese page, never a stack trace, and logs the error', async () => {
    const course = await createCourse({ title: `失败课程${process.pid}` })
    await prisma.$executeRawUnsafe('ALTER TABLE "Course" RENAME TO "Course_away"')
    let page: Rendered
    try {
      page = await render(`/course/detail/${course.id}`)
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "Course_away" RENAME TO "Course"')
    }

    expect(page.status).toBe(500)
    expect(page.html).toContain('页面暂时无法显示')
    expect(page.html).not.toMatch(/Error|at \S+ \(/)
    await vi.waitFor(() => expect(written.some((line) => line.includes('page render failed'))).toBe(true))
  })
})
