// Content pages against the real server and seeded database: every list opens a detail, list
// state (category, page, scroll) survives a visit to a detail and Back, search highlights,
// label search from a topic, cooperation details with the encoded {id, name} parameter, and
// the about tabs. One portal and one browser serve the whole file.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { networkQuiet, setUpJourneys, withoutNotFoundStatus } from './harness'

type Paged<T> = { list: T[]; total: number }
type Category = { id: number; name: string }

const journeys = setUpJourneys()
const { newPage, api } = journeys

/** Waits for the 500 ms route mask to lift, so the page is interactive and settled. */
async function settled(page: Page) {
  // A document load (Back onto another document) is interactive once the browser has taken it over.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.locator('.loading-mask').waitFor({ state: 'attached' })
  // The mask is switched on by an effect right after the URL changes; give it that moment.
  await page.waitForTimeout(60)
  await page.waitForFunction(() => !document.querySelector('.loading-mask.is-visible'))
}

async function open(page: Page, path: string) {
  await page.goto(`${journeys.portal.baseUrl}${path}`)
  await settled(page)
}

const hasHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)

describe('content pages in the browser', () => {
  test('each list page renders its items and opens a detail from them', async () => {
    const { page, consoleErrors } = await newPage()
    const journeys = [
      { list: '/teacher', card: '.teacher-card', detail: /\/teacher\/detail\/\d+$/, heading: '.teacher-profile__name' },
      { list: '/course', card: '.course-card', detail: /\/course\/detail\/\d+$/, heading: '.course-hero__title' },
      { list: '/subject', card: '.special-card', detail: /\/subject\/detail\/\d+$/, heading: '.special-hero__title' },
      { list: '/notice', card: '.media-row__title a', detail: /\/notice\/detail\/\d+$/, heading: '.article__title' },
      { list: '/schooling', card: '.media-row__title a', detail: /\/schooling\/detail\/\d+$/, heading: '.article__title' },
      { list: '/article', card: '.media-row__title a', detail: /\/article\/detail\/\d+$/, heading: '.article__title' },
      { list: '/question', card: '.question-list a', detail: /\/question\/detail\/\d+$/, heading: '.article__title' },
    ]
    for (const journey of journeys) {
      await open(page, journey.list)
      const first = page.locator(journey.card).first()
      await first.waitFor()
      expect(await page.locator(journey.card).count(), journey.list).toBeGreaterThan(1)
      const name = ((await first.textContent()) ?? '').trim()
      await first.click()
      await page.waitForURL(journey.detail)
      await settled(page)
      const heading = ((await page.locator(journey.heading).first().textContent()) ?? '').trim()
      expect(heading.length, journey.list).toBeGreaterThan(1)
      // The card shows the same item the detail page opens (cards may cut long titles).
      expect(name.includes(heading) || heading.includes(name.slice(0, 6)), `${journey.list}: "${name}" vs "${heading}"`).toBe(true)
      expect(await page.title()).toContain(heading)
    }
    // Teacher detail lists the teacher's videos; the video page plays one with a poster.
    await open(page, '/teacher')
    const teachers = await api<Paged<{ id: number }>>('Teacher/teacherList', { limit: 50 })
    let withVideo = 0
    for (const teacher of teachers.list) {
      const videos = await api<Paged<{ id: number }>>('Teacher/teacherVideo', { teacherId: teacher.id })
      if (videos.total > 0) {
        withVideo = teacher.id
        break
      }
    }
    expect(withVideo).toBeGreaterThan(0)
    await open(page, `/teacher/detail/${withVideo}`)
    await page.locator('#teacher-videos .video-card').first().click()
    await page.waitForURL(/\/teacher\/video\/\d+$/)
    await settled(page)
    // No streaming copy in the test database (no job runs): the player plays the original.
    const video = page.locator('.video-detail__player video')
    expect(await video.getAttribute('poster')).toMatch(/^\/uploads\//)
    expect(await video.getAttribute('src')).toMatch(/\.mp4$/)
    expect(consoleErrors).toEqual([])
  })

  test('a list keeps category, page and scroll position after a detail and Back, and the URL survives reload', async () => {
    // A short window so even a partly filled second page scrolls well away from the top.
    const { page, consoleErrors } = await newPage({ viewport: { width: 1280, height: 560 } })
    const categories = await api<Category[]>('Index/courseClass')
    // The category with the most courses; the course list shows 12 per page.
    let category = categories[0]
    let most = 0
    for (const item of categories) {
      const { total } = await api<Paged<unknown>>('Course/courseList', { cid: item.id, limit: 1 })
      if (total > most) [category, most] = [item, total]
    }
    expect(most).toBeGreaterThan(12)
    await open(page, '/course')
    await page.getByRole('navigation', { name: '课程分类' }).getByRole('link', { name: category.name, exact: true }).click()
    await page.waitForURL(new RegExp(`/course/${category.id}$`))
    await settled(page)
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2', exact: true }).click()
    await page.waitForURL(new RegExp(`/course/${category.id}\\?page=2$`))
    await page.locator('.pagination button[aria-current="page"]', { hasText: '2' }).waitFor()
    await settled(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    const pageTwoTitles = await page.locator('.course-card__title').allTextContents()
    const target = page.locator('.course-card').last()
    await target.scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 120)
    await page.waitForTimeout(300)
    const scrolledTo = await page.evaluate(() => window.scrollY)
    expect(scrolledTo).toBeGreaterThan(200)
    const chosen = ((await target.locator('.course-card__title').textContent()) ?? '').trim()
    await target.click()
    await page.waitForURL(/\/course\/detail\/\d+$/)
    await settled(page)
    expect(await page.locator('.course-hero__title').textContent()).toBe(chosen)

    await page.goBack()
    await page.waitForURL(new RegExp(`/course/${category.id}\\?page=2$`))
    await settled(page)
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 4, scrolledTo, { timeout: 4000 })
    expect(await page.locator('.course-card__title').allTextContents()).toEqual(pageTwoTitles)
    expect(await page.locator('.category-tabs a[aria-current="page"]').textContent()).toBe(category.name)
    expect(await page.locator('.pagination button[aria-current="page"]').textContent()).toBe('2')

    // Reload and a shared link show the same category and page (the shell starts them at the top).
    await page.reload()
    await settled(page)
    await page.locator('.course-card').first().waitFor()
    expect(await page.locator('.course-card__title').allTextContents()).toEqual(pageTwoTitles)
    expect(await page.locator('.pagination button[aria-current="page"]').textContent()).toBe('2')
    expect(consoleErrors).toEqual([])
  })

  test('detail pages fetch fresh data on every visit', async () => {
    const { page, consoleErrors } = await newPage()
    const { list } = await api<Paged<{ id: number }>>('Course/courseList', { limit: 1 })
    const detailCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Course/courseDetails')) detailCalls.push(request.url())
    })
    const viewsShown = async () => Number(await page.locator('.course-hero__facts dd').last().textContent())
    // The first visit is the server's page: its data came with it.
    await open(page, `/course/detail/${list[0].id}`)
    const views = await viewsShown()
    expect(detailCalls).toEqual([])
    // Away through the breadcrumb and Back in the browser: the detail asks again and counts the visit.
    await page.locator('.page-banner__crumbs').getByRole('link', { name: '课程', exact: true }).click()
    await page.waitForURL(/\/course$/)
    await settled(page)
    await page.goBack()
    await settled(page)
    await page.waitForFunction(
      (before) =>
        Number(
          document.querySelectorAll('.course-hero__facts dd')[document.querySelectorAll('.course-hero__facts dd').length - 1]?.textContent,
        ) > before,
      views,
    )
    expect(detailCalls.length).toBe(1)
    expect(consoleErrors).toEqual([])
  })

  test('keyword search highlights matches, keeps the keyword across type tabs and pages in the URL', async () => {
    const { page, consoleErrors } = await newPage()
    const keyword = '经济'
    const query = encodeURIComponent(JSON.stringify({ type: 'all', keyWord: keyword }))
    await open(page, `/search?q=${query}`)
    await page.locator('.search-group').first().waitFor()
    const marks = await page.locator('.search-hit mark').allTextContents()
    expect(marks.length).toBeGreaterThan(3)
    expect(new Set(marks)).toEqual(new Set([keyword]))
    expect(await page.locator('.search-group h2').allTextContents()).toEqual(expect.arrayContaining(['相关名师', '相关课程']))

    await page.locator('.search-tabs').getByRole('link', { name: '课程' }).click()
    await page.waitForURL((url) => JSON.parse(url.searchParams.get('q') ?? '{}').type === 'course')
    await settled(page)
    expect(JSON.parse(new URL(page.url()).searchParams.get('q') ?? '{}')).toEqual({ type: 'course', keyWord: keyword })
    await page.locator('.search-hit--course').first().waitFor()
    expect(await page.locator('.search-hit:not(.search-hit--course)').count()).toBe(0)
    expect(await page.locator('.search-hit--course .search-hit__title mark').count()).toBeGreaterThan(0)
    const total = await api<{ total: number }>('Index/search', { type: 'course', keyWord: keyword, limit: 1 })
    if (total.total > 10) {
      await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2', exact: true }).click()
      await page.waitForURL(/[?&]page=2/)
      expect(JSON.parse(new URL(page.url()).searchParams.get('q') ?? '{}').keyWord).toBe(keyword)
    }

    // Markup typed into the box is searched as text, never rendered.
    await open(page, `/search?q=${encodeURIComponent(JSON.stringify({ type: 'all', keyWord: '<img src=x onerror=alert(1)>' }))}`)
    await page.locator('.search-summary').waitFor()
    expect(await page.locator('.search-summary strong').first().textContent()).toBe('<img src=x onerror=alert(1)>')
    expect(await page.locator('main img[src="x"]').count()).toBe(0)

    // No or a malformed query: a friendly prompt instead of an error, and no request.
    for (const path of [
      '/search',
      '/search?q=%7Bbroken',
      `/search?q=${encodeURIComponent(JSON.stringify({ type: 'all', keyWord: '   ' }))}`,
    ]) {
      await open(page, path)
      await page.getByRole('heading', { name: '请输入关键词开始搜索' }).waitFor()
    }
    // The page's own box searches only with text.
    await page.locator('#search-page-keyword').fill('   ')
    await page.locator('.search-box button[type="submit"]').click()
    await page.locator('.toast', { hasText: '请输入搜索关键词' }).first().waitFor()
    expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent(JSON.stringify({ type: 'all', keyWord: '   ' }))}`)
    expect(consoleErrors).toEqual([])
  })

  test('a topic label searches topics by that label', async () => {
    const { page, consoleErrors } = await newPage()
    const { list } = await api<Paged<{ id: number }>>('Special/specialList', { limit: 50 })
    let topic: { id: number; tags: { name: string }[] } | undefined
    for (const item of list) {
      const detail = await api<{ id: number; tags: { name: string }[] }>('Special/specialDetails', { id: item.id })
      if (detail.tags.length > 0) topic = detail
      if (topic) break
    }
    expect(topic).toBeDefined()
    const label = topic!.tags[0].name
    await open(page, `/subject/detail/${topic!.id}`)
    await page.getByRole('list', { name: '专题标签' }).getByRole('link', { name: label }).click()
    await page.waitForURL(/\/search\?q=/)
    await settled(page)
    expect(JSON.parse(new URL(page.url()).searchParams.get('q') ?? '{}')).toEqual({ type: 'special', label })
    expect(await page.locator('.search-summary__label').textContent()).toBe(`标签：${label}`)
    await page.locator('.search-hit--special').first().waitFor()
    const titles = await page.locator('.search-hit--special .search-hit__title a').allTextContents()
    expect(titles.length).toBeGreaterThan(0)
    expect(await page.locator('.search-tabs a[aria-current="page"]').textContent()).toBe('专题')
    expect(consoleErrors).toEqual([])
  })

  test('cooperation: the five types, a type page and an entry through the encoded {id, name} parameter', async () => {
    const { page, consoleErrors } = await newPage()
    await open(page, '/cooperation')
    const cards = page.locator('.coop-type-card')
    expect(await cards.locator('h3').allTextContents()).toEqual(['专题培训', '干部讲座', '政策解读', '战略咨询', '高端会议'])
    // Each card's 立即预约 opens the booking form with its type chosen.
    expect(
      await cards
        .nth(2)
        .getByRole('link', { name: /立即预约/ })
        .getAttribute('href'),
    ).toBe('/booking?type=3')
    await cards.nth(2).locator('h3').click()
    await page.waitForURL(/\/cooperation\/detail\/[^/?]+$/)
    const param = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    expect(JSON.parse(param)).toEqual({ id: 3, name: '政策解读' })
    await settled(page)
    await page.getByRole('heading', { name: '服务详情' }).waitFor()
    expect(await page.locator('.page-banner__title').textContent()).toBe('政策解读')
    // The contact block comes from Course/getLianxi.
    await page.locator('.contact-panel .rich-text').waitFor()

    const entry = page.locator('.coop-entry').first()
    const entryTitle = ((await entry.locator('.coop-entry__title').textContent()) ?? '').trim()
    await entry.click()
    await page.waitForURL(/\/cooperation\/detail\/[^/?]+\?entry=\d+$/)
    await settled(page)
    expect(await page.locator('.article__title').textContent()).toBe(entryTitle)
    expect(await page.locator('.article__meta a').first().textContent()).toBe('政策解读')

    // An old ?type= link lands on the type's own page (a 301 from the server).
    const moved = await page.goto(`${journeys.portal.baseUrl}/cooperation?type=3`)
    expect(decodeURIComponent(new URL(moved!.url()).pathname)).toBe(`/cooperation/detail/${JSON.stringify({ id: 3, name: '政策解读' })}`)

    // Broken parameters load the site's not-found page (status 404), not an error page.
    for (const bad of [
      'not-json',
      encodeURIComponent('{"name":"无编号"}'),
      `${encodeURIComponent('{"id":3,"name":"政策解读"}')}?entry=abc`,
    ]) {
      const response = await page.goto(`${journeys.portal.baseUrl}/cooperation/detail/${bad}`)
      expect(response?.status(), bad).toBe(404)
      await page.getByRole('heading', { name: '抱歉，您访问的页面不存在' }).waitFor()
    }
    expect(withoutNotFoundStatus(consoleErrors)).toEqual([])
  })

  test('about tabs switch content, update the URL and scroll to the top', async () => {
    const { page, consoleErrors } = await newPage()
    await open(page, '/about')
    expect(await page.locator('.about-tabs a[aria-current="page"]').textContent()).toBe('平台介绍')
    await page.locator('#about-title').waitFor()
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.waitForFunction(() => window.scrollY >= 300)
    await page.getByRole('navigation', { name: '关于我们' }).getByRole('link', { name: '服务条款' }).click()
    await page.waitForURL(/\/about\?tab=2$/)
    await page.waitForFunction(() => window.scrollY === 0)
    await page.getByRole('heading', { name: '服务条款' }).waitFor()
    expect(await page.locator('.about-panel__meta').textContent()).toContain('版本')

    await page.getByRole('navigation', { name: '关于我们' }).getByRole('link', { name: '合作伙伴' }).click()
    await page.waitForURL(/\/about\?tab=4$/)
    await page.locator('.partner-grid img').first().waitFor()
    const partners = await api<{ name: string }[]>('Course/cooperative')
    expect(await page.locator('.partner-grid li').count()).toBe(partners.length)
    expect(await page.locator('.partner-grid img').first().getAttribute('alt')).toBe(`${partners[0].name}标志`)

    await open(page, '/about?tab=5')
    await page.getByRole('heading', { name: '联系我们' }).waitFor()
    await page.locator('.contact-cards li').first().waitFor()
    // Unknown tabs fall back to tab 1.
    await open(page, '/about?tab=99')
    expect(await page.locator('.about-tabs a[aria-current="page"]').textContent()).toBe('平台介绍')
    expect(consoleErrors).toEqual([])
  })

  test('unknown ids and categories load the not-found page with status 404', async () => {
    const { page, consoleErrors } = await newPage()
    for (const path of [
      '/course/detail/99999999',
      '/teacher/detail/abc',
      '/teacher/424242',
      '/subject/detail/0',
      '/article/detail/99999999',
    ]) {
      const response = await page.goto(`${journeys.portal.baseUrl}${path}`)
      expect(response?.status(), path).toBe(404)
      await page.getByRole('heading', { name: '抱歉，您访问的页面不存在' }).waitFor()
    }
    expect(withoutNotFoundStatus(consoleErrors)).toEqual([])
  })

  test('lists and details fit a 360 px phone without horizontal scrolling', async () => {
    const { page, consoleErrors } = await newPage({ viewport: { width: 360, height: 740 } })
    const { list } = await api<Paged<{ id: number }>>('Course/courseList', { limit: 1 })
    for (const path of [
      '/teacher',
      '/course',
      `/course/detail/${list[0].id}`,
      '/cooperation',
      '/about?tab=4',
      `/search?q=${encodeURIComponent(JSON.stringify({ type: 'all', keyWord: '经济' }))}`,
    ]) {
      await open(page, path)
      await networkQuiet(page)
      expect(await hasHorizontalScroll(page), path).toBe(false)
    }
    expect(consoleErrors).toEqual([])
  })
})
