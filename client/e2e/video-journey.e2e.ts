// A lecture video's whole way, in real Chromium against the real server with one job worker
// (JOB_CONCURRENCY=1): a member uploads it by tus with progress, the job transcodes it and the member
// sees so, a stranger cannot reach it while it waits for review, an admin approves it from the review
// tab, and the public teacher-video page plays it through hls.js from the master playlist.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { makeTestVideo } from '../../server/test/test-videos'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys({ JOB_CONCURRENCY: '1' })
const { newPage, api, signIn, tokenOf, callAs } = journeys

type Paged<T> = { list: T[]; total: number }
type MyVideo = { id: number; title: string; stream: { state: string; master?: string } | null }

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-journey-e2e-'))
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }))

describe('a lecture video from upload to the public page', () => {
  test('uploaded with progress, transcoded, private until approved, then played as HLS at its rung', async () => {
    const {
      list: [teacher],
    } = await api<Paged<{ id: number; name: string }>>('Teacher/teacherList', { page: 1, limit: 1 })
    const title = `讲课视频全程 ${crypto.randomBytes(3).toString('hex')}`
    const file = await makeTestVideo(tempDir, { seconds: 4, width: 640, height: 360, name: '第一讲.mp4' })

    // The member uploads it: the field shows its progress until the file is there, then submits.
    const member = await newPage()
    await signIn(member.page, DEMO_MEMBER, `/user?tab=7&teacherId=${teacher.id}&submit=video`)
    await member.page.fill('#video-title', title)
    await member.page.getByLabel('选择视频文件').setInputFiles(file)
    await member.page.getByRole('progressbar', { name: '第一讲.mp4 上传进度' }).or(member.page.getByText('已上传')).first().waitFor()
    await member.page.getByText('已上传').waitFor()
    await member.page.getByRole('button', { name: '提交视频' }).click()
    await member.page.getByText('视频已提交，审核通过后将在名师页面展示').waitFor()

    // 我的投稿 > 视频 says when the job has made the streaming copy.
    const row = member.page.locator('.vt-item').filter({ hasText: title })
    await expect
      .poll(
        async () => {
          await member.page.reload()
          return (await row.locator('.vt-item__stream').textContent()) ?? ''
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('转码完成')
    await row.locator('.uc-status--pending').getByText('待审核').waitFor()

    // Waiting for review, it is the member's: no public page, no plain address of its copy; the owner's signed one works.
    const token = await tokenOf(DEMO_MEMBER)
    const mine = await callAs<Paged<MyVideo>>(token, 'Member/myTeacherVideo', { page: 1, limit: 20 })
    const video = mine.list.find((item) => item.title === title)!
    const signedMaster = video.stream!.master!
    const plainMaster = signedMaster.replace(/\/_signed\/\d+\/[\w-]+\//, '/')
    const base = journeys.portal.baseUrl
    expect((await fetch(`${base}/teacher/video/${video.id}`)).status).toBe(404)
    expect((await fetch(`${base}${plainMaster}`)).status).toBe(404)
    expect((await fetch(`${base}${signedMaster}`)).status).toBe(200)

    // An admin approves it from the review tab.
    const admin = await newPage()
    await signIn(admin.page, DEMO_ADMIN, '/user?tab=9&view=video')
    const item = admin.page.locator('.rv-item').filter({ has: admin.page.getByRole('heading', { name: title }) })
    await item.getByRole('button', { name: `通过「${title}」` }).click()
    await admin.page.getByRole('alertdialog', { name: '审核通过' }).getByRole('button', { name: '通过' }).click()
    await admin.page.getByText('审核通过，已发布').waitFor()

    // A visitor plays it on the teacher-video page from the master playlist, segment by segment.
    const visitor = await newPage()
    const fetched: string[] = []
    visitor.page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
    await visitor.page.goto(`${base}/teacher/video/${video.id}`)
    const player = visitor.page.getByLabel(`视频：${title}`)
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true
    })
    await visitor.page.getByRole('button', { name: `播放「${title}」` }).click()
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5)
    expect(fetched).toContain(plainMaster)
    expect(fetched.some((pathname) => /^\/uploads\/hls\/\d+\/[0-9a-f]+\/.+\.ts$/.test(pathname))).toBe(true)
    expect(fetched.some((pathname) => pathname.endsWith('.mp4'))).toBe(false)
    expect(await player.evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(360)
    for (const { consoleErrors } of [member, admin, visitor]) expect(consoleErrors).toEqual([])
  }, 180_000)
})
