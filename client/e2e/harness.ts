// Starts the real portal (server/index.ts in a child process, as `npm start` would) on a
// private copy of the seeded database, and drives Debian's Chromium with playwright-core.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { projectRoot } from '../../server/lib/database-url'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export type Portal = {
  baseUrl: string
  logs: string[]
  /** Resolves with the first log line (past or future) matching `pattern`. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  close: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startPortal(extraEnv: Record<string, string> = {}): Promise<Portal> {
  const testDir = inject('testDir')
  const db = path.join(testDir, `e2e-${crypto.randomBytes(4).toString('hex')}.db`)
  fs.copyFileSync(path.join(testDir, 'template.db'), db)
  const port = await freePort()
  const child: ChildProcess = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: `file:${db}`, UPLOAD_DIR: path.join(testDir, 'uploads'), PORT: String(port), HOST: '127.0.0.1', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    logs.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    waiters.forEach((wake) => wake())
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

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

  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${logs.join('\n')}`)
    const ready = await fetch(`${baseUrl}/api/Index/getConfig`, { method: 'POST' }).then((r) => r.ok, () => false)
    if (ready) break
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${logs.join('\n')}`)
    await new Promise((r) => setTimeout(r, 200))
  }

  const close = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  return { baseUrl, logs, waitForLog, close }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

export type TrackedPage = { page: Page; consoleErrors: string[] }

/** A fresh context (no shared storage) whose console errors and page errors are collected. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 }, ...options })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  return { page, consoleErrors }
}
