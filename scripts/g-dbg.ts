import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launchBrowser } from '../client/e2e/chromium'
import { projectBin, startServerProcess } from '../client/e2e/server-process'
import { projectRoot } from '../server/lib/database-url'
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'g-dbg-'))
const env = { ...process.env, DATABASE_URL: `file:${path.join(workDir, 'x.db')}`, UPLOAD_DIR: path.join(workDir, 'u'), NODE_ENV: 'development', LOG_LEVEL: 'warn', SMS_PROVIDER: 'off' }
execFileSync(projectBin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
execFileSync(projectBin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
const server = await startServerProcess({ ...env, CLIENT_DIST: process.argv[2] })
const browser = await launchBrowser()
const res = await fetch(`${server.baseUrl}/api/Member/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: '13900139000', password: 'admin2026ms' }) })
const { data } = (await res.json()) as { data: { token: string; nickname: string; member_no: string } }
const page = await (await browser.newContext()).newPage()
page.on('console', async (m) => { if (m.type() === 'error') { console.log('ERR', m.text().slice(0, 4000)) } })
await page.goto(`${server.baseUrl}/`)
await page.evaluate(([token, nickname, memberNo]) => { const expiresAt = Date.now() + 86400000; for (const [k, v] of Object.entries({ token, username: nickname, memberNo })) localStorage.setItem(`mingshi.${k}`, JSON.stringify({ value: v, expiresAt })) }, [data.token, data.nickname, data.member_no])
await page.goto(`${server.baseUrl}${process.argv[3] ?? '/admin'}`, { waitUntil: 'networkidle' })
await page.waitForTimeout(2000)
await page.screenshot({ path: '/tmp/g-dbg.png', fullPage: true })
await browser.close(); await server.stop(); fs.rmSync(workDir, { recursive: true, force: true })
