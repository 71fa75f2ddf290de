// A member sends a lecture video by tus (common/resumable-upload.ts) against the real server and seeded
// database: progress on the page, a connection cut in the middle of a chunk, the browser going offline
// and a reload all continue the same upload (one creation, one key) until the completion action files it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page, Route } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { resumableKeyOf } from '../../common/resumable-upload'
import { DEMO_MEMBER } from '../../seed/demo-accounts'
import { makeTestVideo } from '../../server/test/test-videos'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api, signIn } = journeys

type Paged<T> = { list: T[]; total: number }
type Teacher = { id: number; name: string }

const MB = 1024 * 1024
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resumable-upload-e2e-'))
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }))

/** A real clip padded to `size` bytes, so it takes more than one 16 MB chunk; the server judges its first bytes. */
async function paddedVideo(name: string, size: number) {
  const clip = fs.readFileSync(await makeTestVideo(tempDir, { seconds: 1 }))
  const file = path.join(tempDir, name)
  fs.writeFileSync(file, Buffer.concat([clip, Buffer.alloc(size - clip.length)]))
  return file
}

type TusCall = { method: string; path: string }

/** The tus requests the page makes, the keys its creations answered, and the completion calls' bodies. */
function watchUploads(page: Page) {
  const calls: TusCall[] = []
  const keys: string[] = []
  const completions: unknown[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/resumable-uploads/')) calls.push({ method: request.method(), path: pathname })
    if (pathname === '/api/Teacher/uploadComplete') completions.push(request.postDataJSON())
  })
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url())
    if (response.request().method() === 'POST' && pathname === '/resumable-uploads/') {
      const key = resumableKeyOf(new URL((await response.headerValue('location')) ?? '', response.url()).href)
      if (key) keys.push(key)
    }
  })
  return { calls, keys, completions, of: (method: string) => calls.filter((call) => call.method === method) }
}

/**
 * Holds the `nth` PATCH (1-based) in the browser, before it reaches the server, until the test lets
 * it go; every other tus request passes. `cut` ends the held one as a dropped connection.
 */
async function holdPatch(page: Page, nth: number) {
  let patches = 0
  let held: Route | null = null
  let onHeld: () => void = () => undefined
  const isHeld = new Promise<void>((resolve) => (onHeld = resolve))
  await page.route('**/resumable-uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === nth) {
      held = route
      onHeld()
      return
    }
    await route.continue()
  })
  return {
    isHeld,
    cut: async (reason: 'connectionreset' | 'internetdisconnected' = 'connectionreset') => {
      // A reload may have ended the request already.
      await held?.abort(reason).catch(() => undefined)
      await page.unroute('**/resumable-uploads/**')
    },
  }
}

const videoField = (page: Page) => page.locator('.vt-file--video')
// Chromium logs each request the test cut; nothing else may reach the console.
const withoutCutRequests = (errors: string[]) => errors.filter((text) => !/net::ERR_(CONNECTION_RESET|INTERNET_DISCONNECTED)/.test(text))

describe('resumable video upload in the browser', () => {
  test('a member sees the progress, a cut connection continues the same upload, and the video is submitted', async () => {
    const {
      list: [teacher],
    } = await api<Paged<Teacher>>('Teacher/teacherList', { page: 1, limit: 1 })
    const title = `断点续传讲课视频 ${crypto.randomBytes(3).toString('hex')}`
    const videoPath = await makeTestVideo(tempDir, { seconds: 2, name: '公开课.mp4' })
    const { page, consoleErrors } = await newPage()
    const uploads = watchUploads(page)
    await signIn(page, DEMO_MEMBER, `/user?tab=7&teacherId=${teacher.id}&submit=video`)
    const picker = page.getByRole('combobox', { name: '讲课名师' })
    await expect.poll(() => picker.inputValue()).toBe(teacher.name)
    await page.fill('#video-title', title)

    const hold = await holdPatch(page, 1)
    await page.getByLabel('选择视频文件').setInputFiles(videoPath)
    await hold.isHeld
    const progress = page.getByRole('progressbar', { name: '公开课.mp4 上传进度' })
    await progress.waitFor()
    await videoField(page)
      .getByText(/^上传中 \d+%/)
      .waitFor()
    await videoField(page).getByRole('button', { name: '取消上传' }).waitFor()
    await page.getByRole('button', { name: '提交视频' }).click()
    await page.locator('#video-file-error').getByText('视频正在上传，请稍候再提交').waitFor()

    // The connection drops during the first chunk: tus-js-client asks the server where it stands and sends again.
    await hold.cut()
    await videoField(page).getByText('已上传').waitFor()
    expect(uploads.of('POST')).toHaveLength(1)
    expect(uploads.keys).toHaveLength(1)
    const [key] = uploads.keys
    expect(uploads.of('PATCH')).toEqual([
      { method: 'PATCH', path: `/resumable-uploads/${key}` },
      { method: 'PATCH', path: `/resumable-uploads/${key}` },
    ])
    expect(uploads.of('HEAD')).toEqual([{ method: 'HEAD', path: `/resumable-uploads/${key}` }])
    expect(uploads.completions).toEqual([{ key }])

    await page.getByRole('button', { name: '提交视频' }).click()
    await page.getByText('视频已提交，审核通过后将在名师页面展示').waitFor()
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/user?tab=6&list=video')
    await page.locator('.vt-item').filter({ hasText: title }).locator('.uc-status--pending').getByText('待审核').waitFor()
    expect(withoutCutRequests(consoleErrors)).toEqual([])
  })

  test('offline mid-upload it pauses and continues once back online; after a reload the same file continues', async () => {
    const { page, consoleErrors } = await newPage()
    const uploads = watchUploads(page)
    const back = '/user?tab=7&submit=video'
    await signIn(page, DEMO_MEMBER, back)

    // Offline during the second chunk: nothing to retry, so the upload pauses until the browser is back online.
    const first = await paddedVideo('第一讲.mp4', 20 * MB)
    let hold = await holdPatch(page, 2)
    await page.getByLabel('选择视频文件').setInputFiles(first)
    await hold.isHeld
    await page.context().setOffline(true)
    await hold.cut('internetdisconnected')
    await videoField(page).getByText('网络连接中断，上传已暂停').waitFor()
    await videoField(page).getByRole('button', { name: '继续上传' }).waitFor()
    await page.context().setOffline(false)
    await videoField(page).getByText('已上传').waitFor()
    expect(uploads.of('POST')).toHaveLength(1)
    const [firstKey] = uploads.keys
    expect(new Set(uploads.calls.map((call) => call.path))).toEqual(new Set(['/resumable-uploads/', `/resumable-uploads/${firstKey}`]))
    expect(uploads.completions).toEqual([{ key: firstKey }])

    // A reload during the second chunk: picking the same file again continues from the first 16 MB.
    const second = await paddedVideo('第二讲.mp4', 20 * MB)
    hold = await holdPatch(page, 2)
    await page.getByLabel('选择视频文件').setInputFiles(second)
    await hold.isHeld
    await page.reload()
    await hold.cut()
    await page.getByLabel('选择视频文件').setInputFiles(second)
    await videoField(page).getByText('已从 80% 继续上传').waitFor()
    await videoField(page).getByText('已上传').waitFor()
    expect(uploads.of('POST')).toHaveLength(2)
    const secondKey = uploads.keys[1]
    expect(uploads.completions).toEqual([{ key: firstKey }, { key: secondKey }])
    expect(uploads.of('HEAD').at(-1)).toEqual({ method: 'HEAD', path: `/resumable-uploads/${secondKey}` })
    expect(withoutCutRequests(consoleErrors)).toEqual([])
  })
})
