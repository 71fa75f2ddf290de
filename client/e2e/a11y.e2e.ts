// Accessibility of the public pages in Chromium (issue 12): axe-core finds no violation of serious
// or critical impact on the pages whose styles change with a touch screen, on a 375 px touch phone
// (every route at desktop and phone widths: every-route.e2e.ts), nor in the states
// a visitor brings about (reduced motion, the tag cloud opened by keyboard); the page structure
// rules hold (one main, every part in a landmark, one h1); every keyboard stop shows its focus;
// the skip link reaches the content; the 3D tag cloud stops for reduced motion, the pointer and
// the keyboard, and its tags are links reached by Tab.
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { createRoutes, type RouteHandle } from '../src/app/router'
import { audit, settled, type Finding } from './axe-audit'
import { setUpJourneys } from './harness'
import { NOT_PUBLIC, publicRoutes, type PublicRoute } from './public-routes'

const journeys = setUpJourneys()
const { newPage, api } = journeys

// Pixel density 1: what axe checks does not depend on it, and a 2x phone costs Chromium four times the painting.
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }

/**
 * The routes whose styles depend on a touch screen (`hover: none`, the home carousel's arrows):
 * every route is audited at phone width in every-route.e2e.ts's visit; a touch screen changes only these.
 */
const TOUCH_STYLED = new Set([''])

/** The touch-phone pass over the routes above. */
async function auditTouchRoutes(options: BrowserContextOptions) {
  const { page } = await newPage(options)
  const findings: Finding[] = []
  for (const { url } of (await publicRoutes(api)).filter(({ pattern }) => TOUCH_STYLED.has(pattern))) {
    await page.goto(`${journeys.portal.baseUrl}${url}`)
    await settled(page)
    findings.push(...(await audit(page, url)))
  }
  return findings
}

/** The tag cloud's tags' transforms, twice, some refreshes apart: equal when it stands still. */
async function cloudMoves(page: Page): Promise<boolean> {
  const transforms = () => page.locator('.tag-cloud__tag').evaluateAll((tags) => tags.map((tag) => getComputedStyle(tag).transform))
  const before = await transforms()
  await page.waitForTimeout(400)
  return JSON.stringify(before) !== JSON.stringify(await transforms())
}

describe('every public route', () => {
  test('is sampled: the route table has no public route the browser journeys leave out', async () => {
    const layout = createRoutes('browser').find((route) => route.id === 'layout')
    const table = (layout?.children ?? []).map((route) => ({
      pattern: route.index ? '' : (route.path ?? ''),
      isShellOnly: Boolean((route.handle as RouteHandle | undefined)?.isShellOnly),
    }))
    const sampled = new Set((await publicRoutes(api)).map((route: PublicRoute) => route.pattern))

    expect(table.length).toBeGreaterThan(20)
    expect(table.filter(({ pattern }) => !sampled.has(pattern) && !(pattern in NOT_PUBLIC)).map(({ pattern }) => pattern)).toEqual([])
  })

  test('has no serious or critical axe violation and keeps the page structure on a 375 px touch phone where touch changes styles', async () => {
    expect(await auditTouchRoutes(PHONE)).toEqual([])
  })
})

describe('keyboard', () => {
  test('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const { page } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/course`)
    await settled(page)

    await page.keyboard.press('Tab')
    const skip = page.locator('.skip-link')
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true)
    expect(await skip.textContent()).toBe('跳到主要内容')
    // It slides into view when focused.
    await expect.poll(async () => (await skip.boundingBox())?.y, { timeout: 2000 }).toBeGreaterThanOrEqual(0)
    expect((await skip.boundingBox())?.height).toBeGreaterThanOrEqual(24)

    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
  })

  test('every stop Tab reaches shows that it has the focus', async () => {
    const { page } = await newPage()
    const unmarked: string[] = []
    for (const url of ['/', '/course', '/teacher']) {
      await page.goto(`${journeys.portal.baseUrl}${url}`)
      await settled(page)
      // The look of each stop and the box around it (a field's :focus-within ring) with and without
      // the focus: an outline, a ring or a change of colour.
      for (let stop = 0; stop < 60; stop++) {
        await page.keyboard.press('Tab')
        const difference = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null
          if (!element || element === document.body) return 'none'
          const look = () =>
            [element, element.parentElement, element.parentElement?.parentElement]
              .map((node) => {
                if (!node) return ''
                const style = getComputedStyle(node)
                return [
                  style.outlineStyle,
                  style.outlineWidth,
                  style.outlineColor,
                  style.boxShadow,
                  style.borderColor,
                  style.backgroundColor,
                  style.color,
                  style.textDecorationLine,
                ].join('|')
              })
              .join(' / ')
          const focused = look()
          const hasRing = getComputedStyle(element).outlineStyle !== 'none' && parseFloat(getComputedStyle(element).outlineWidth) >= 2
          element.blur()
          const unfocused = look()
          element.focus({ preventScroll: true })
          return hasRing || focused !== unfocused
            ? 'shown'
            : `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.trim().slice(0, 20)}"`
        })
        if (difference !== 'shown' && difference !== 'none') unmarked.push(`${url}: ${difference}`)
      }
    }
    expect(unmarked).toEqual([])
  })

  test('the tag cloud is one Tab stop that stops it and lays its tags out as links, each reached by Tab', async () => {
    const { page } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/`)
    await settled(page)
    const cloud = page.locator('.tag-cloud')
    await cloud.scrollIntoViewIfNeeded()
    expect(await cloudMoves(page)).toBe(true)
    expect(await page.locator('.tag-cloud__tag[tabindex="-1"]').count()).toBe(await page.locator('.tag-cloud__tag').count())

    await cloud.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await cloud.evaluate((node) => node === document.activeElement)).toBe(true)
    expect(await cloud.getAttribute('class')).toContain('tag-cloud--static')
    expect(await cloudMoves(page)).toBe(false)

    const first = page.locator('.tag-cloud__tag').first()
    const name = await first.textContent()
    await page.keyboard.press('Tab')
    expect(await first.evaluate((node) => node === document.activeElement)).toBe(true)
    await page.keyboard.press('Tab')
    expect(
      await page
        .locator('.tag-cloud__tag')
        .nth(1)
        .evaluate((node) => node === document.activeElement),
    ).toBe(true)
    expect(await audit(page, '/ (tag cloud opened by keyboard)')).toEqual([])

    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/search\?q=/)
    expect(JSON.parse(new URL(page.url()).searchParams.get('q') ?? '{}')).toMatchObject({ type: 'all', label: name })
  })

  test('the tag cloud stops while the pointer is over it and turns again when it leaves', async () => {
    const { page } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/`)
    await settled(page)
    const cloud = page.locator('.tag-cloud')
    await cloud.scrollIntoViewIfNeeded()
    const box = await cloud.boundingBox()
    if (!box) throw new Error('the tag cloud is not laid out')

    await page.mouse.move(box.x + 4, box.y + 4)
    expect(await cloudMoves(page)).toBe(false)
    expect(await cloud.getAttribute('class')).not.toContain('tag-cloud--static')
    await page.mouse.move(0, 0)
    expect(await cloudMoves(page)).toBe(true)
  })
})

describe('reduced motion', () => {
  test('the tag cloud stands still as a plain list of links, every one a Tab stop, and the page passes axe', async () => {
    const { page } = await newPage({ reducedMotion: 'reduce' })
    await page.goto(`${journeys.portal.baseUrl}/`)
    await settled(page)
    const cloud = page.locator('.tag-cloud')
    await cloud.scrollIntoViewIfNeeded()

    expect(await cloud.getAttribute('class')).toContain('tag-cloud--static')
    expect(await cloudMoves(page)).toBe(false)
    expect(await cloud.getAttribute('tabindex')).toBeNull()
    expect(await page.locator('.tag-cloud__tag[tabindex="-1"]').count()).toBe(0)
    expect(
      await page.locator('.tag-cloud__tag').evaluateAll((tags) => tags.every((tag) => tag.getAttribute('href')?.startsWith('/search?q='))),
    ).toBe(true)
    expect(await audit(page, '/ (reduced motion)')).toEqual([])
  })

  test('emulated through emulateMedia on a page already open, the turning cloud stops', async () => {
    const { page } = await newPage()
    await page.goto(`${journeys.portal.baseUrl}/`)
    await settled(page)
    await page.locator('.tag-cloud').scrollIntoViewIfNeeded()
    expect(await cloudMoves(page)).toBe(true)

    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.locator('.tag-cloud--static').waitFor()
    expect(await cloudMoves(page)).toBe(false)
  })
})
