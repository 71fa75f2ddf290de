// Starts the real portal (see server/test/server-process.ts) on a private copy of the seeded
// database, and drives Debian's Chromium (see chromium.ts) with playwright-core.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { createDatabaseFrom, POSTGRES_TEMPLATE, TEST_JWT_SECRET } from '../../server/test/postgres-cluster'
import { launchBrowser } from './chromium'
import { startServerProcess } from '../../server/test/server-process'

/** A private copy of the seeded template: a .db file on SQLite, a database on the cluster when a project sets TEST_DATABASE=postgres. */
async function privateDatabase(testDir: string): Promise<Record<string, string>> {
  const name = `e2e_${crypto.randomBytes(4).toString('hex')}`
  const postgresServer = inject('postgresServer')
  if (postgresServer)
    return { DATABASE_URL: await createDatabaseFrom(postgresServer, POSTGRES_TEMPLATE, name), JWT_SECRET: TEST_JWT_SECRET }
  const db = path.join(testDir, `${name}.db`)
  fs.copyFileSync(path.join(testDir, 'template.db'), db)
  return { DATABASE_URL: `file:${db}` }
}

export type Portal = {
  baseUrl: string
  /** The database and upload folder it serves: another process started with them is the same site. */
  site: Record<string, string>
  logs: string[]
  /** Resolves with the first log line (past or future) matching `pattern`. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  close: () => Promise<void>
}

/** Starts the portal on a private copy of the seeded database, or (`beside`) as one more process of that portal's site. */
export async function startPortal(extraEnv: Record<string, string> = {}, beside?: Portal): Promise<Portal> {
  const testDir = inject('testDir')
  const site = beside?.site ?? { ...(await privateDatabase(testDir)), UPLOAD_DIR: path.join(testDir, 'uploads') }
  const waiters = new Set<() => void>()
  const server = await startServerProcess(
    {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...site,
      ...extraEnv,
    },
    () => waiters.forEach((wake) => wake()),
  )
  const logs = server.lines

  const waitForLog = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        for (const line of logs) {
          const match = line.match(pattern)
          if (match) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(match)
            return
          }
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`log line ${pattern} not seen; last lines:\n${logs.slice(-20).join('\n')}`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })

  return { baseUrl: server.baseUrl, site, logs, waitForLog, close: server.stop }
}

export type TrackedPage = { page: Page; consoleErrors: string[] }

/** A fresh context (no shared storage) whose console errors and page errors are collected. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 }, ...options })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // "Failed to load resource" names no resource: its address is what a failure report needs.
    const { url } = message.location()
    consoleErrors.push(message.text().startsWith('Failed to load resource') && url ? `${message.text()} (${url})` : message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  if (options.javaScriptEnabled !== false) waitForTakeOver(page)
  trackRequests(page)
  return { page, consoleErrors }
}

type RequestCount = { inFlight: number; changedAt: number }
const requestCounts = new WeakMap<Page, RequestCount>()

function trackRequests(page: Page) {
  const count: RequestCount = { inFlight: 0, changedAt: Date.now() }
  const change = (by: number) => {
    count.inFlight = Math.max(0, count.inFlight + by)
    count.changedAt = Date.now()
  }
  page.on('request', () => change(1))
  page.on('requestfinished', () => change(-1))
  page.on('requestfailed', () => change(-1))
  requestCounts.set(page, count)
}

/**
 * Resolves once the page has had no request in flight for `quietMs`. Playwright's 'networkidle' is
 * the same with a fixed 500 ms; the pages' requests follow each other within a frame or two, and the
 * browser journeys wait for quiet a few hundred times a run (about two minutes at 500 ms).
 */
export async function networkQuiet(page: Page, quietMs = 200, timeoutMs = 30_000): Promise<void> {
  const count = requestCounts.get(page)
  if (!count) return page.waitForLoadState('networkidle')
  const giveUpAt = Date.now() + timeoutMs
  while (count.inFlight > 0 || Date.now() - count.changedAt < quietMs) {
    if (Date.now() > giveUpAt) throw new Error(`${page.url()}: ${count.inFlight} requests still in flight after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Server-rendered pages show before the browser has taken them over (hydration), and a click on
 * them before that does nothing: a journey's page loads resolve once <html> carries data-hydrated
 * (client/src/lib/hydration.ts).
 */
function waitForTakeOver(page: Page) {
  const hydrated = () =>
    page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 })
      .catch((error: Error) => {
        throw new Error(`${page.url()} was not taken over: ${error.message}`)
      })
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await hydrated()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await hydrated()
    return response
  }
}

/**
 * Resolves once an open antd dialog has finished its opening animation. A button pressed while the
 * dialog is still zooming in closes it, but the closing animation can then wait for an animation end
 * that never comes, leaving the dialog on screen (seen once in CI); a person never clicks that fast.
 */
export async function dialogOpened(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('.ant-modal')
    return !!dialog && !/-(appear|enter)\b/.test(dialog.className)
  })
}

/**
 * Chooses the option with `text` in the antd Select that `trigger` opens, once its list has finished
 * sliding in: on a loaded machine a click during the slide was lost (the list stayed open for 30 s in CI).
 */
export async function chooseOption(page: Page, trigger: Locator, text: string): Promise<void> {
  await trigger.click()
  await page.waitForFunction(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1)
    return !!open && !/-(appear|enter)\b/.test(open.className)
  })
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last()
  await list.locator('.ant-select-item-option', { hasText: text }).first().click()
  await list.waitFor({ state: 'hidden' })
}

/** The console line Chromium writes for any document answered 404, as the not-found page is: expected, not a fault. */
export const withoutNotFoundStatus = (errors: string[]) =>
  errors.filter((text) => !text.includes('the server responded with a status of 404'))

/** POSTs one API action directly (e.g. to look up seeded ids), signed in with `token` if given, and answers its data, throwing on a failure envelope. */
async function callApi<T>(baseUrl: string, action: string, body: object = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: T }
  if (envelope.code !== 200) throw new Error(`${action}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/**
 * One portal and one browser for every test in the calling file: both start in beforeAll and stop
 * in afterAll; the pages a test opens through `newPage` close when that test ends.
 */
export function setUpJourneys(extraEnv: Record<string, string> = {}) {
  let portal: Portal | undefined
  let browser: Browser | undefined
  const opened: TrackedPage[] = []

  beforeAll(async () => {
    ;[portal, browser] = await Promise.all([startPortal(extraEnv), launchBrowser()])
  })

  // A test's pages close when it ends: left open, their carousels and turning tag clouds kept
  // animating behind the next tests and took the CPU from them.
  const closeOpened = () =>
    Promise.all(
      opened.splice(0).map(({ page }) =>
        page
          .context()
          .close()
          .catch(() => undefined),
      ),
    )
  afterEach(closeOpened)

  afterAll(async () => {
    await closeOpened()
    await browser?.close()
    await portal?.close()
  })

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the portal and the browser start in beforeAll')
    return value
  }

  return {
    get portal() {
      return started(portal)
    },
    newPage: async (options: BrowserContextOptions = {}) => {
      const tracked = await openPage(started(browser), options)
      opened.push(tracked)
      return tracked
    },
    api: <T>(action: string, body: object = {}) => callApi<T>(started(portal).baseUrl, action, body),
    /** A token of `account`, signed in through Member/login. */
    tokenOf: async (account: Account) => (await callApi<{ token: string }>(started(portal).baseUrl, 'Member/login', account)).token,
    /** An API call made with `token` (`Group/action`), throwing on a failure envelope. */
    callAs: <T>(token: string, action: string, body: object = {}) => callApi<T>(started(portal).baseUrl, action, body, token),
    /** Signs in on the login page as `account` and waits to land on `redirect`. */
    signIn: async (page: Page, account: Account, redirect: string) => {
      await page.goto(`${started(portal).baseUrl}/login?redirect=${encodeURIComponent(redirect)}`)
      await page.fill('#login-phone', account.phone)
      await page.fill('#login-password', account.password)
      await page.getByRole('button', { name: '登 录' }).click()
      await page.waitForURL((url) => `${url.pathname}${url.search}` === redirect)
    },
  }
}

type Account = { phone: string; password: string }
