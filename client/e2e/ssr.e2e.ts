// Pages rendered on the server, taken over by the browser: every public route hydrates without a
// console error, a hydration warning or a second request for its data; the HTML alone (no
// JavaScript) is the page; browser-only pages keep the first-load mask; navigation in the browser
// fetches, masks and updates the head as before.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { createRoutes, type RouteHandle } from '../src/app/router'
import { setUpJourneys, withoutNotFoundStatus } from './harness'
import { publicRoutes } from './public-routes'

const journeys = setUpJourneys()
const { newPage, api } = journeys

type Paged<T> = { list: T[] }

/** The origin of links the server writes: without PUBLIC_URL, its own local address, never the Host (server/lib/site-origin.ts). */
const siteOrigin = () => `http://localhost:${new URL(journeys.portal.baseUrl).port}`

/** Records, from the first byte of every document, whether React threw the server's HTML away. */
async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const state = { replaced: false }
    Object.assign(window, { hydrationWatch: state })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof HTMLElement && node.classList.contains('app-shell')) state.replaced = true
    }).observe(document, { childList: true, subtree: true })
  })
}

/** Route patterns the server sends only the shell for (rendered in the browser, which fetches their data). */
function shellOnlyPatterns(): Set<string> {
  const layout = createRoutes('browser').find((route) => route.id === 'layout')
  return new Set(
    (layout?.children ?? []).filter((route) => (route.handle as RouteHandle | undefined)?.isShellOnly).map((route) => route.path ?? ''),
  )
}

describe('taking over the server page', () => {
  test('every public route hydrates without console errors, hydration warnings or fetching its data again', async () => {
    const { page, consoleErrors } = await newPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await watchHydration(page)
    let apiCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(new URL(request.url()).pathname)
    })
    const shellOnly = shellOnlyPatterns()
    // Every public route of the router's table (a11y.e2e.ts checks the list covers it).
    for (const { pattern, url: route } of await publicRoutes(api)) {
      apiCalls = []
      // The journey's goto resolves once <html> carries data-hydrated (harness.ts).
      await page.goto(`${journeys.portal.baseUrl}${route}`)
      await page.waitForLoadState('networkidle')
      const replaced = await page.evaluate(() => (window as unknown as { hydrationWatch: { replaced: boolean } }).hydrationWatch.replaced)
      // Pages rendered in the browser only (sign-in forms) fetch what they need once taken over.
      const refetched = shellOnly.has(pattern) ? [] : apiCalls
      expect({ route, apiCalls: refetched, replaced, errors: withoutNotFoundStatus(consoleErrors) }).toEqual({
        route,
        apiCalls: [],
        replaced: false,
        errors: [],
      })
    }
    // React's hydration mismatches and React Router's "No HydrateFallback element provided".
    expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([])
  }, 240_000)

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
    await page.locator(`a[href="/course/detail/${course.id}"]`).first().click()
    await page.waitForURL(new RegExp(`/course/detail/${course.id}$`))
    await page.locator('.loading-mask.is-visible').waitFor({ state: 'attached', timeout: 2000 })
    await page.waitForFunction(() => !document.querySelector('.loading-mask.is-visible'))
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
