// The staff console's load: the JavaScript of its first load (the gate and the dashboard, budget
// 250 KB gzip, checked in every run by server/http/console-first-load.ssr.test.ts), all of the
// console's JavaScript, and its cold start in headless Chromium against the local server.
//
//   npx tsx scripts/measure-admin.ts                 builds a production bundle into a private folder
//   npx tsx scripts/measure-admin.ts --dist <dir>    measures an existing production build instead
//
// Cold start: a fresh browser context (empty cache) signed in as the demo admin opens /admin; the
// time is from navigation to the dashboard's chart being drawn (its data has come and React has
// committed it), the median of RUNS loads after one uncounted, on the local network and on a slow one. The scripts the browser fetched on the way are listed too.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../client/e2e/chromium'
import { DEMO_ADMIN } from '../seed/demo-accounts'
import { consoleFirstLoad, consoleTotal, CONSOLE_FIRST_LOAD_BUDGET, describeLoad, kb } from '../server/test/console-bundle'
import { distDir, startMeasuredServer } from './measure-server'

const RUNS = 3

/** The browser globals used by the callbacks that run in the page (this is a Node program, no DOM types). */
type PageGlobals = {
  dashboardDrawnAt?: number
  document: { querySelector(selector: string): unknown }
  performance: { now(): number }
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void }
  localStorage: { setItem(key: string, value: string): void }
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/Member/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: DEMO_ADMIN.phone, password: DEMO_ADMIN.password }),
  })
  const body = (await res.json()) as { code: number; msg: string; data: { token: string; member_no: string; nickname: string } }
  if (body.code !== 200) throw new Error(`login: ${body.msg}`)
  return body.data
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The networks the cold start is timed on: as is (localhost), and a slow phone connection. */
const NETWORKS: { name: string; conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number } }[] = [
  { name: 'local network' },
  // Lighthouse's mobile profile: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
  {
    name: 'slow 4G (150 ms, 1.6 Mbit/s)',
    conditions: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
]

/** One load of /admin in a fresh context (empty cache), signed in: when the chart was drawn, and the scripts fetched. */
async function coldStart(
  browser: Browser,
  baseUrl: string,
  admin: { token: string; nickname: string; member_no: string },
  network: (typeof NETWORKS)[number],
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  await context.addInitScript(
    ([token, nickname, memberNo]) => {
      const page = globalThis as unknown as PageGlobals
      const expiresAt = Date.now() + 86_400_000
      for (const [key, value] of Object.entries({ token, username: nickname, memberNo })) {
        page.localStorage.setItem(`mingshi.${key}`, JSON.stringify({ value, expiresAt }))
      }
      const observer = new page.MutationObserver(() => {
        if (!page.document.querySelector('.adm-chart')) return
        page.dashboardDrawnAt = page.performance.now()
        observer.disconnect()
      })
      observer.observe(page.document, { childList: true, subtree: true })
    },
    [admin.token, admin.nickname, admin.member_no],
  )
  const page = await context.newPage()
  if (network.conditions) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions })
  }
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto(`${baseUrl}/admin`)
  await page.locator('.adm-chart').waitFor({ timeout: 60_000 })
  const drawnAt = await page.evaluate(() => (globalThis as unknown as PageGlobals).dashboardDrawnAt ?? Number.NaN)
  await context.close()
  let gzipBytes = 0
  for (const url of scripts) gzipBytes += zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length
  return { drawnAt, scripts: scripts.length, gzipBytes }
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-measure-admin-'))
  const dist = distDir(workDir)
  const firstLoad = consoleFirstLoad(dist)
  console.log(`\nconsole first load (manifest):\n${describeLoad(firstLoad)}  (budget ${kb(CONSOLE_FIRST_LOAD_BUDGET)})`)
  console.log(`all console JavaScript: ${kb(consoleTotal(dist).gzipBytes)} gzip`)

  const server = await startMeasuredServer(workDir, dist, { withDemoAccounts: true })
  const browser = await launchBrowser()
  try {
    const admin = await signIn(server.baseUrl)
    for (const network of NETWORKS) {
      console.log(`\ncold start, ${network.name}:`)
      const times: number[] = []
      // Run 0 is not counted: the server's first answers pay for its own start (JIT, empty caches).
      for (let run = 0; run <= RUNS; run++) {
        const { drawnAt, scripts, gzipBytes } = await coldStart(browser, server.baseUrl, admin, network)
        if (run > 0) times.push(drawnAt)
        console.log(
          `  ${run ? `run ${run}` : 'warm-up'}: dashboard drawn at ${drawnAt.toFixed(0)} ms, ${scripts} scripts fetched, ${kb(gzipBytes)} gzip`,
        )
      }
      console.log(`  median of ${RUNS}: ${median(times).toFixed(0)} ms`)
    }
    if (firstLoad.gzipBytes > CONSOLE_FIRST_LOAD_BUDGET) {
      console.error(`\nOVER BUDGET: first load ${kb(firstLoad.gzipBytes)} gzip exceeds ${kb(CONSOLE_FIRST_LOAD_BUDGET)}`)
      process.exitCode = 1
    }
  } finally {
    await browser.close()
    await server.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
