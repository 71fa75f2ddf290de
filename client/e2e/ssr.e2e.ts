// Pages rendered on the server, taken over by the browser (that every public route hydrates cleanly
// is checked in every-route.e2e.ts): the HTML alone (no JavaScript) is the page; browser-only pages
// keep the first-load mask; navigation in the browser fetches, masks and updates the head as before.
import { describe, expect, test } from 'vitest'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api } = journeys

type Paged<T> = { list: T[] }

/** The origin of links the server writes: without PUBLIC_URL, its own local address, never the Host (server/lib/site-origin.ts). */
const siteOrigin = () => `http://localhost:${new URL(journeys.portal.baseUrl).port}`

describe('taking over the server page', () => {
  test('without JavaScript the page is all there, unmasked, with its head', async () => {
    const { page } = await newPage({ javaScriptEnabled: false })
    const course = (await api<Paged<{ id: number; title: string }>>('Course/courseList', { limit: 1 })).list[0]
    const response = await page.goto(`${journeys.portal.baseUrl}/course/detail/${course.id}`)

    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(`${course.title} — 名师网`)
    expect(await page.locator('.course-hero__title').textContent()).toBe(course.title)
    expect(await page.locator('.loading-mask.is-visible').count()).toBe(0)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteOrigin()}/course/detail/${course.id}`)
    expect(await page.locator('.site-footer').isVisible()).toBe(true)
  })

  test('a page rendered in the browser only keeps the first-load mask while it comes up', async () => {
    const { page } = await newPage({ javaScriptEnabled: false })
    await page.goto(`${journeys.portal.baseUrl}/login`)
    expect(await page.locator('.loading-mask.is-visible').count()).toBe(1)

    const { page: live, consoleErrors } = await newPage()
    await live.goto(`${journeys.portal.baseUrl}/login`)
    await live.waitForFunction(() => !document.querySelector('.loading-mask.is-visible'))
    await live.getByLabel('手机号').waitFor()
    expect(consoleErrors).toEqual([])
  })
})

describe('navigating in the browser afterwards', () => {
  test('fetches the next page through the API, masks it and updates title, canonical link and JSON-LD', async () => {
    const { page, consoleErrors } = await newPage()
    const course = (await api<Paged<{ id: number; title: string }>>('Course/courseList', { limit: 1 })).list[0]
    await page.goto(`${journeys.portal.baseUrl}/course`)
    const apiCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(new URL(request.url()).pathname)
    })
    // The mask may come and go before a poll would see it: the page records it from the first change on.
    await page.evaluate(() => {
      const seen = { mask: false }
      Object.assign(window, { maskWatch: seen })
      new MutationObserver(() => {
        if (document.querySelector('.loading-mask.is-visible')) seen.mask = true
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] })
    })
    await page.locator(`a[href="/course/detail/${course.id}"]`).first().click()
    await page.waitForURL(new RegExp(`/course/detail/${course.id}$`))
    await page.waitForFunction(() => !document.querySelector('.loading-mask.is-visible'))
    expect(await page.evaluate(() => (window as unknown as { maskWatch: { mask: boolean } }).maskWatch.mask)).toBe(true)
    await page.locator('.course-hero__title').waitFor()

    expect(apiCalls).toContain('/api/Course/courseDetails')
    expect(await page.title()).toBe(`${course.title} — 名师网`)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteOrigin()}/course/detail/${course.id}`)
    const schemas = await page.locator('script[type="application/ld+json"]').allTextContents()
    expect(schemas.map((text) => (JSON.parse(text) as { '@type': string })['@type']).sort()).toEqual(['BreadcrumbList', 'Course'])
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(consoleErrors).toEqual([])
  })
})
