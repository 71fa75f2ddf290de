// A member files a lecture video for a teacher against the real server and seeded database: from
// the teacher's page through the login redirect to the video form, an mp4 upload, 待审核 under
// 我的投稿 > 视频; then the admin approves it and it appears on the teacher's page.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api } = journeys

type Paged<T> = { list: T[]; total: number }
type Teacher = { id: number; name: string }
type MyVideo = { id: number; title: string; status: string }

// The smallest file the server sniffs as mp4 (the same bytes as mp4Bytes in server/test/member-factories.ts).
const mp4Bytes = (size = 4096) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.alloc(size - 24),
  ])

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teacher-video-e2e-'))
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }))

/** A signed-in API call that throws on a failure envelope. */
async function callAs<T>(token: string, action: string, body: object): Promise<T> {
  const res = await fetch(`${journeys.portal.baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: T }
  if (envelope.code !== 200) throw new Error(`${action}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

const myVideosRow = (page: Page, title: string) => page.locator('.vt-item').filter({ hasText: title })

describe('lecture video submission in the browser', () => {
  test('from a teacher page: log in, upload an mp4, see it pending; once approved it shows on the teacher page', async () => {
    const {
      list: [teacher],
    } = await api<Paged<Teacher>>('Teacher/teacherList', { page: 1, limit: 1 })
    const title = `浏览器讲课视频 ${crypto.randomBytes(3).toString('hex')}`
    const videoPath = path.join(tempDir, '公开课.mp4')
    fs.writeFileSync(videoPath, mp4Bytes())
    const { page, consoleErrors } = await newPage()

    // Logged out, the link goes through the login page and back to the form for this teacher.
    await page.goto(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)
    const videos = page.locator('#teacher-videos')
    await videos.getByRole('link', { name: '投稿讲课视频' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    const back = `/user?tab=7&teacherId=${teacher.id}&submit=video`
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(back)
    await page.fill('#login-phone', DEMO_MEMBER.phone)
    await page.fill('#login-password', DEMO_MEMBER.password)
    await page.getByRole('button', { name: '登 录' }).click()
    await page.waitForURL((url) => `${url.pathname}${url.search}` === back)

    const picker = page.getByRole('combobox', { name: '讲课名师' })
    await expect.poll(() => picker.inputValue()).toBe(teacher.name)
    expect(await page.getByRole('link', { name: /视频投稿/ }).getAttribute('aria-current')).toBe('page')

    // Nothing is sent without a title and a video; a file that is not mp4 is refused on the page.
    await page.getByRole('button', { name: '提交视频' }).click()
    await page.locator('#video-title-error').getByText('请输入视频标题').waitFor()
    await page.locator('#video-file-error').getByText('请选择要上传的 mp4 视频').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('video-title')
    await page.getByLabel('选择视频文件').setInputFiles({ name: '讲座.mov', mimeType: 'video/quicktime', buffer: Buffer.from('moov') })
    await page.locator('#video-file-error').getByText('不支持该文件格式，请上传 mp4 格式的文件').waitFor()

    await page.fill('#video-title', title)
    await page.fill('#video-intro', '面向基层干部的讲座：基层治理的实践与思考。')
    await page.getByLabel('选择视频文件').setInputFiles(videoPath)
    await page.locator('.vt-file--video.vt-file--done').getByText('已上传').waitFor()
    await page.getByRole('button', { name: '提交视频' }).click()

    await page.getByText('视频已提交，审核通过后将在名师页面展示').waitFor()
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/user?tab=6&list=video')
    const row = myVideosRow(page, title)
    await row.locator('.uc-status--pending').getByText('待审核').waitFor()
    expect(await row.getByRole('link', { name: teacher.name }).getAttribute('href')).toBe(`/teacher/detail/${teacher.id}`)
    expect(await row.getByRole('link', { name: /查看/ }).count()).toBe(0)

    // Pending videos stay off the teacher's page.
    const before = await api<Paged<{ title: string }>>('Teacher/teacherVideo', { teacherId: teacher.id, limit: 50 })
    expect(before.list.map((video) => video.title)).not.toContain(title)

    // The admin approves it through the API.
    const member = await api<{ token: string }>('Member/login', { phone: DEMO_MEMBER.phone, password: DEMO_MEMBER.password })
    const mine = await callAs<Paged<MyVideo>>(member.token, 'Member/myTeacherVideo', { limit: 50 })
    const submitted = mine.list.find((video) => video.title === title)
    expect(submitted).toMatchObject({ status: 'pending' })
    const admin = await api<{ token: string }>('Member/login', { phone: DEMO_ADMIN.phone, password: DEMO_ADMIN.password })
    await callAs(admin.token, 'Member/reviewVideo', { id: submitted!.id, approve: true })

    // It now shows in the teacher's video list and plays at /teacher/video/{id}.
    await page.goto(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)
    const card = page.locator('#teacher-videos').getByRole('link', { name: title })
    await card.waitFor()
    expect(await card.getAttribute('href')).toBe(`/teacher/video/${submitted!.id}`)

    // The member's list says 已通过 and links to the published video.
    await page.goto(`${journeys.portal.baseUrl}/user?tab=6&list=video`)
    await myVideosRow(page, title).locator('.uc-status--approved').getByText('已通过').waitFor()
    const view = myVideosRow(page, title).getByRole('link', { name: `查看视频：${title}` })
    expect(await view.getAttribute('href')).toBe(`/teacher/video/${submitted!.id}`)
    await view.click()
    await page.waitForURL((url) => url.pathname === `/teacher/video/${submitted!.id}`)
    await page.getByRole('heading', { name: title }).first().waitFor()
    expect(consoleErrors).toEqual([])
  })
})
