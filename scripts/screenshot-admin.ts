// Screenshots of every console page (issue 10: "look at them"), taken in headless Chromium against
// the real server on a throw-away seeded database, signed in as the demo admin.
//
//   npx tsx scripts/screenshot-admin.ts                       builds the client, writes to /tmp/admin-screenshots
//   npx tsx scripts/screenshot-admin.ts --dist <dir> --out <dir>   reuses a production build
//
// Each page is loaded, the network settles, and the full page is captured as <out>/<name>.png.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { launchBrowser } from '../client/e2e/chromium'
import { projectBin, startServerProcess } from '../server/test/server-process'
import { DEMO_ADMIN } from '../seed/demo-accounts'
import { projectRoot } from '../server/lib/database-url'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}

/** Page name → what to open and, optionally, what to do there before the picture. */
// Shots of a drawer or dialog keep to the window (`isOverlay`): the overlay covers only that much.
const SHOTS: { name: string; path: string; isOverlay?: boolean; act?: (page: Page) => Promise<void> }[] = [
  { name: '01-dashboard', path: '/admin' },
  { name: '02-teacher-list', path: '/admin/teacher' },
  {
    name: '03-teacher-edit',
    path: '/admin/teacher?edit=1',
    isOverlay: true,
    act: (page) => page.locator('.adm-rte__content').first().waitFor(),
  },
  { name: '04-teacher-category', path: '/admin/teacher-category' },
  { name: '05-teacher-video', path: '/admin/teacher-video' },
  { name: '06-course-list', path: '/admin/course' },
  {
    name: '07-course-new',
    path: '/admin/course?edit=new',
    isOverlay: true,
    act: (page) => page.locator('.adm-rte__content').first().waitFor(),
  },
  { name: '08-course-category', path: '/admin/course-category' },
  { name: '09-special-list', path: '/admin/special' },
  {
    name: '10-special-edit',
    path: '/admin/special?edit=1',
    isOverlay: true,
    act: (page) => page.locator('.adm-ref-list').first().waitFor(),
  },
  { name: '11-special-category', path: '/admin/special-category' },
  { name: '12-tag', path: '/admin/tag' },
  { name: '13-banner', path: '/admin/banner' },
  { name: '14-notice', path: '/admin/notice' },
  { name: '15-activity', path: '/admin/activity' },
  { name: '16-viewpoint', path: '/admin/viewpoint' },
  { name: '17-question', path: '/admin/question' },
  { name: '18-cooperation', path: '/admin/cooperation' },
  { name: '19-cooperation-type', path: '/admin/cooperation-type' },
  { name: '20-partner', path: '/admin/partner' },
  { name: '21-link', path: '/admin/link' },
  { name: '22-page', path: '/admin/page' },
  {
    name: '23-page-edit',
    path: '/admin/page?edit=terms',
    isOverlay: true,
    act: (page) => page.locator('.adm-rte__content').first().waitFor(),
  },
  { name: '24-review-contribution', path: '/admin/review/contribution' },
  {
    name: '24b-review-detail',
    path: '/admin/review/contribution',
    isOverlay: true,
    act: async (page) => {
      await page.getByRole('button', { name: '查看' }).first().click()
      await page.locator('.ant-drawer .adm-article').waitFor()
    },
  },
  { name: '25-review-video', path: '/admin/review/video' },
  { name: '26-member', path: '/admin/member' },
  { name: '27-booking', path: '/admin/booking' },
  { name: '27c-booking-list', path: '/admin/booking?view=list' },
  { name: '27d-booking-calendar', path: '/admin/booking/calendar' },
  {
    name: '26b-member-detail',
    path: '/admin/member',
    isOverlay: true,
    act: async (page) => {
      await page.getByRole('button', { name: '详情' }).last().click()
      await page.locator('.ant-drawer .ant-descriptions').waitFor()
    },
  },
  {
    name: '27b-booking-detail',
    path: '/admin/booking?view=list',
    isOverlay: true,
    act: async (page) => {
      // The newest request: the sample below, or one of the demo bookings.
      await page.locator('.ant-table-row').first().getByRole('button', { name: '详情' }).click()
      await page.locator('.ant-drawer .ant-descriptions').waitFor()
    },
  },
  {
    name: '27e-booking-reschedule',
    path: '/admin/booking?view=list&status=confirmed',
    isOverlay: true,
    act: async (page) => {
      await page.locator('.ant-table-row').first().getByRole('button', { name: '详情' }).click()
      await page.locator('.ant-drawer').getByRole('button', { name: '改期' }).click()
      await page.getByRole('dialog', { name: /改期/ }).waitFor()
    },
  },
  { name: '28-media', path: '/admin/media' },
  {
    name: '29-media-picker',
    path: '/admin/teacher?edit=1',
    isOverlay: true,
    act: async (page) => {
      await page
        .getByRole('button', { name: /更换|从媒体库选择/ })
        .first()
        .click()
      await page.locator('.ant-modal .adm-media').waitFor()
    },
  },
  { name: '30-config', path: '/admin/system/config' },
  { name: '31-menu-seo', path: '/admin/system/menu-seo' },
  { name: '32-sensitive-word', path: '/admin/system/sensitive-word' },
  { name: '33-audit', path: '/admin/system/audit' },
  {
    name: '33b-audit-diff',
    // Filtered to the action, which the demo bookings' forty entries would otherwise push off the first page.
    path: '/admin/system/audit?action=Admin%2FpartnerSave',
    isOverlay: true,
    act: async (page) => {
      await page.getByRole('button', { name: '查看变更' }).first().click()
      await page.locator('.ant-drawer .adm-diff').waitFor()
    },
  },
  { name: '34-transfer', path: '/admin/system/transfer' },
  { name: '34b-editor-forbidden', path: '/admin/member' },
  { name: '35-not-staff', path: '/admin' },
]

function build(workDir: string) {
  const given = arg('--dist')
  if (given) return path.resolve(given)
  const outDir = path.join(workDir, 'dist')
  console.log('building the client (production)…')
  execFileSync(projectBin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  return outDir
}

async function login(baseUrl: string, account: { phone: string; password: string }) {
  const res = await fetch(`${baseUrl}/api/Member/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: account.phone, password: account.password }),
  })
  const body = (await res.json()) as { code: number; msg: string; data: { token: string; member_no: string; nickname: string } }
  if (body.code !== 200) throw new Error(`login: ${body.msg}`)
  return body.data
}

type Envelope<T> = { code: number; msg: string; data: T }

/** One API call as `token`'s holder (JSON, or multipart when `form` is given); throws on a refusal. */
async function call<T>(baseUrl: string, action: string, body: object, token?: string, form?: FormData): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { ...(form ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form ?? JSON.stringify(body),
  })
  const envelope = (await res.json()) as Envelope<T>
  if (envelope.code !== 200) throw new Error(`${action}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/** A small two-colour poster, so the media library has real thumbnails to show. */
function poster(top: [number, number, number], bottom: [number, number, number]) {
  const png = new PNG({ width: 320, height: 200 })
  for (let y = 0; y < png.height; y++) {
    const [r, g, b] = y < png.height * 0.62 ? top : bottom
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4
      const glow = Math.max(0, 1 - Math.hypot(x - 240, y - 60) / 140) * 60
      png.data[i] = Math.min(255, r + glow)
      png.data[i + 1] = Math.min(255, g + glow)
      png.data[i + 2] = Math.min(255, b + glow)
      png.data[i + 3] = 255
    }
  }
  return PNG.sync.write(png)
}

/** What a console in use has: library files (one in use), member submissions, a booking request, sensitive words and audit entries. */
async function sampleActivity(server: { baseUrl: string; lines: string[] }, adminToken: string) {
  const { baseUrl } = server
  const colours: [string, [number, number, number], [number, number, number]][] = [
    ['讲座海报-宏观经济.png', [30, 80, 160], [240, 240, 245]],
    ['专题封面-数字中国.png', [20, 120, 110], [235, 245, 240]],
    ['名师风采-合影.png', [170, 40, 40], [245, 235, 230]],
    ['活动现场-基层治理.png', [110, 60, 150], [240, 235, 245]],
    ['课程封面-领导力.png', [200, 120, 20], [250, 245, 235]],
  ]
  const uploaded: { url: string }[] = []
  for (const [name, top, bottom] of colours) {
    const form = new FormData()
    form.append('kind', 'image')
    form.append('file', new Blob([poster(top, bottom)], { type: 'image/png' }), name)
    uploaded.push(await call<{ url: string }>(baseUrl, 'Admin/mediaUpload', {}, adminToken, form))
  }
  // One file in use, so the library shows where it is used.
  const partners = await call<{ list: { id: number }[] }>(baseUrl, 'Admin/partnerList', { limit: 1 }, adminToken)
  const partner = await call<Record<string, unknown>>(baseUrl, 'Admin/partnerGet', { id: partners.list[0].id }, adminToken)
  await call(baseUrl, 'Admin/partnerSave', { ...partner, logo: uploaded[2].url }, adminToken)

  const member = await login(baseUrl, { phone: '13800138000', password: 'mingshi2026' })
  for (const title of ['县域经济高质量发展的三点思考', '基层党建与乡村治理的融合路径']) {
    await call(
      baseUrl,
      'Member/addContribution',
      { title, kind: 'viewpoint', content: `<p>${title}：实践与思考。</p>`, attachmentIds: [] },
      member.token,
    )
  }
  for (const [word, mode] of [
    ['赌博', 'block'],
    ['代开发票', 'mask'],
  ]) {
    await call(baseUrl, 'Admin/sensitiveWordSave', { word, mode }, adminToken)
  }
  // A visitor's booking needs the image captcha; outside production the server logs its answer.
  const { captchaId } = await call<{ captchaId: string }>(baseUrl, 'Member/captcha', {})
  let answer: string | undefined
  for (let tries = 0; !answer && tries < 50; tries++) {
    answer = server.lines.map((line) => line.match(new RegExp(`captchaId=${captchaId} answer=([^"\\s]+)`))?.[1]).find(Boolean)
    if (!answer) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const teachers = await call<{ list: { id: number }[] }>(baseUrl, 'Teacher/teacherList', { page: 1, limit: 1 })
  const nextMonth = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7)
  await call(baseUrl, 'Course/addBooking', {
    typeId: 2,
    teacherId: teachers.list[0].id,
    month: nextMonth,
    regionCode: '330106',
    audienceKind: 'cadre',
    audienceSize: 120,
    duration: 'half-day',
    requirements: '希望为中青年干部培训班安排一次关于数字经济的专题讲座，约 120 人。',
    budgetMin: 20000,
    budgetMax: 30000,
    organization: '某市委党校',
    contactName: '王老师',
    phone: '13812345678',
    consent: true,
    captchaId,
    captchaCode: answer ?? '',
  })
}

async function main() {
  const outDir = path.resolve(arg('--out') ?? path.join(os.tmpdir(), 'admin-screenshots'))
  fs.mkdirSync(outDir, { recursive: true })
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-shots-'))
  const dist = build(workDir)
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(workDir, 'shots.db')}`,
    UPLOAD_DIR: path.join(workDir, 'uploads'),
    NODE_ENV: 'development',
    // info: the captcha answer line the sample booking needs (written outside production only).
    LOG_LEVEL: 'info',
    SMS_PROVIDER: 'off',
  }
  execFileSync(projectBin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  execFileSync(projectBin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
  const server = await startServerProcess({ ...env, CLIENT_DIST: dist })
  const browser = await launchBrowser()
  try {
    const admin = await login(server.baseUrl, DEMO_ADMIN)
    await sampleActivity(server, admin.token)
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    const session = ([token, nickname, memberNo]: string[]) => {
      const expiresAt = Date.now() + 86_400_000
      for (const [key, value] of Object.entries({ token, username: nickname, memberNo })) {
        // Runs in the page; this Node program has no DOM types, so the one call is spelled out.
        const { localStorage } = globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
        localStorage.setItem(`mingshi.${key}`, JSON.stringify({ value, expiresAt }))
      }
    }
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${server.baseUrl}/`)
    await page.evaluate(session, [admin.token, admin.nickname, admin.member_no])

    // The last two pictures are of the demo member: first made an editor, then a plain member again.
    const demo = await login(server.baseUrl, { phone: '13800138000', password: 'mingshi2026' })
    const { list } = await call<{ list: { id: number }[] }>(server.baseUrl, 'Admin/memberList', { keyword: '13800138000' }, admin.token)
    const setDemoRole = (role: string) => call(server.baseUrl, 'Admin/memberRole', { id: list[0].id, role }, admin.token)
    for (const shot of SHOTS) {
      if (shot.name === '34b-editor-forbidden') {
        await setDemoRole('editor')
        await page.evaluate(session, [demo.token, demo.nickname, demo.member_no])
      }
      if (shot.name === '35-not-staff') await setDemoRole('member')
      await page.goto(`${server.baseUrl}${shot.path}`, { waitUntil: 'networkidle' })
      try {
        await page.locator('.adm-page, .ant-result').first().waitFor({ timeout: 15_000 })
        await shot.act?.(page)
      } catch (error) {
        // The picture still shows what went wrong.
        errors.push(`${shot.name}: ${(error as Error).message.split('\n')[0]}`)
      }
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      const file = path.join(outDir, `${shot.name}.png`)
      await page.screenshot({ path: file, fullPage: !shot.isOverlay })
      console.log(file)
    }
    if (errors.length) console.log(`\nbrowser errors:\n${[...new Set(errors)].join('\n')}`)
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
