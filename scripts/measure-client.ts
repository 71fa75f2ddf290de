// Performance budget of the home route (issue 5): initial JavaScript ≤ 150 KB gzip and largest
// contentful paint < 1.5 s in headless Chromium against the local server.
//
//   npx tsx scripts/measure-client.ts                 builds a production bundle into a private folder
//   npx tsx scripts/measure-client.ts --dist <dir>    measures an existing production build instead
//
// client/dist is not trusted by default: other runs rebuild it, and a build started under vitest
// (NODE_ENV=test) bundles React's development build. It migrates and seeds a throw-away database,
// starts the real server (server/index.ts) on a free port, and loads the home page in fresh browser
// contexts (cold cache). "Initial JavaScript" is every
// script the page requests until the network is idle: the entry, its static imports and the lazy home
// chunk the router loads before the first render. Exits 1 when a budget is exceeded.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { launchBrowser } from '../client/e2e/chromium'
import { distDir, startMeasuredServer } from './measure-server'

export const BUDGET = { initialJsGzipBytes: 150 * 1024, lcpMs: 1500 }
const LOADS = 5

type LcpRecord = { time: number; element: string }
/**
 * The browser globals used by the callbacks that run in the page. This is a Node program (no DOM
 * types), so they are spelled out here.
 */
type PageGlobals = {
  lcpEntries: LcpRecord[]
  PerformanceObserver: new (
    callback: (list: { getEntries(): { startTime: number; element?: { tagName: string; className: unknown } | null }[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-measure-'))
  const server = await startMeasuredServer(workDir, distDir(workDir))
  const browser = await launchBrowser()
  try {
    // Initial JavaScript: every script requested while the home page loads.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' })
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url())
    })
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' })
    await context.close()
    let rawTotal = 0
    let gzipTotal = 0
    console.log('\nhome route initial JavaScript:')
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      const gzip = zlib.gzipSync(body, { level: 9 }).length
      rawTotal += body.length
      gzipTotal += gzip
      console.log(`  ${new URL(url).pathname.padEnd(48)} ${kb(body.length).padStart(10)} raw ${kb(gzip).padStart(10)} gzip`)
    }
    console.log(
      `  ${'total'.padEnd(48)} ${kb(rawTotal).padStart(10)} raw ${kb(gzipTotal).padStart(10)} gzip  (budget ${kb(BUDGET.initialJsGzipBytes)})`,
    )

    // Largest contentful paint: fresh context (cold cache) per load, median of LOADS.
    const lcps: number[] = []
    for (let i = 0; i < LOADS; i++) {
      const lcpContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' })
      const lcpPage = await lcpContext.newPage()
      await lcpPage.addInitScript(() => {
        const page = globalThis as unknown as PageGlobals
        const entries: LcpRecord[] = []
        page.lcpEntries = entries
        new page.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const element = entry.element
            entries.push({
              time: entry.startTime,
              element: element
                ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`
                : '?',
            })
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      })
      await lcpPage.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' })
      await lcpPage.waitForTimeout(1000)
      const entries = await lcpPage.evaluate(() => (globalThis as unknown as PageGlobals).lcpEntries)
      const last = entries[entries.length - 1]
      lcps.push(last?.time ?? Number.POSITIVE_INFINITY)
      console.log(`  load ${i + 1}: LCP ${last ? `${last.time.toFixed(0)} ms (${last.element})` : 'not reported'}`)
      await lcpContext.close()
    }
    const lcp = median(lcps)
    console.log(`home LCP median of ${LOADS}: ${lcp.toFixed(0)} ms  (budget < ${BUDGET.lcpMs} ms)`)

    const failures = [
      gzipTotal > BUDGET.initialJsGzipBytes && `initial JS ${kb(gzipTotal)} gzip exceeds ${kb(BUDGET.initialJsGzipBytes)}`,
      !(lcp < BUDGET.lcpMs) && `LCP ${lcp.toFixed(0)} ms is not under ${BUDGET.lcpMs} ms`,
    ].filter(Boolean)
    if (failures.length) {
      console.error(`\nOVER BUDGET: ${failures.join('; ')}`)
      process.exitCode = 1
    } else {
      console.log('\nwithin budget')
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
