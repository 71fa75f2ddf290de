// Every public route of the router's table, visited once on a desktop screen, as a visitor's browser
// gets it: the server's page is taken over without a console error, a hydration warning or a
// second request for its data; the shell is all there (search, the seven menus, the footer, a
// filled main, no crash screen); and axe finds no serious or critical violation and no broken page
// structure, at desktop width and again narrowed to a 375 px phone. One visit serves the checks,
// which is what keeps this pass affordable (a separate phone visit per route cost 97 s of the run);
// the page on a touch phone, where the pointer changes styles, is in a11y.e2e.ts, which also
// checks that the route list covers the table.
import path from 'node:path'
import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { projectRoot } from '../../server/lib/database-url'
import { createRoutes, type RouteHandle } from '../src/app/router'
import { audit, settled, type Finding } from './axe-audit'
import { setUpJourneys, withoutNotFoundStatus } from './harness'
import { publicRoutes } from './public-routes'

const journeys = setUpJourneys()
const { newPage, api } = journeys
const SHOTS = path.join(projectRoot, 'test-results')
const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 375, height: 812 }

/** Two frames: the layout and the styles of a resize are applied, and what it re-rendered is painted. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))

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

/** The parts of the shell every page has. */
const shellOf = (page: Page) =>
  page.evaluate(() => ({
    main: document.querySelector('main')?.textContent?.trim().length ?? 0,
    header: !!document.querySelector('.site-header form[role="search"]'),
    nav: document.querySelectorAll('.main-nav__list > li').length,
    footer: !!document.querySelector('.site-footer'),
    crashed: document.body.textContent?.includes('页面出现了一点问题') ?? false,
  }))

test('every public route is taken over cleanly, shows the whole shell and passes axe on a desktop and a phone, in one visit each', async () => {
  const { page, consoleErrors } = await newPage({ viewport: DESKTOP })
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
  const findings: Finding[] = []
  for (const { pattern, url: route } of await publicRoutes(api)) {
    apiCalls = []
    // The journey's goto resolves once <html> carries data-hydrated (harness.ts).
    await page.goto(`${journeys.portal.baseUrl}${route}`)
    await settled(page)
    const replaced = await page.evaluate(() => (window as unknown as { hydrationWatch: { replaced: boolean } }).hydrationWatch.replaced)
    // Pages rendered in the browser only (sign-in forms) fetch what they need once taken over.
    const refetched = shellOnly.has(pattern) ? [] : apiCalls
    const shell = await shellOf(page)
    // The not-found route answers 404, which Chromium notes in the console.
    expect({ route, apiCalls: refetched, replaced, errors: withoutNotFoundStatus(consoleErrors), ...shell }).toEqual({
      route,
      apiCalls: [],
      replaced: false,
      errors: [],
      main: expect.any(Number),
      header: true,
      nav: 7,
      footer: true,
      crashed: false,
    })
    expect(shell.main, route).toBeGreaterThan(10)
    findings.push(...(await audit(page, route)))
    await page.setViewportSize(PHONE)
    await nextFrames(page)
    findings.push(...(await audit(page, `${route}（375 px）`)))
    await page.setViewportSize(DESKTOP)
  }
  // React's hydration mismatches and React Router's "No HydrateFallback element provided".
  expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([])
  expect(findings).toEqual([])

  // The last route is the not-found page.
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, 'shell-not-found.png') })
  expect(await page.getByRole('heading', { name: '抱歉，您访问的页面不存在' }).isVisible()).toBe(true)
  expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/')
}, 300_000)
