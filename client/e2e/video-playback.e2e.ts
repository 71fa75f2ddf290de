// Video for phones, in the browser: the seed asked for the demo videos' streaming copies, this portal's
// job worker (JOB_CONCURRENCY=1) transcodes them with ffmpeg, and a course page then plays its video
// through hls.js from the HLS master playlist, segment by segment, instead of the uploaded MP4.
import { describe, expect, test } from 'vitest'
import type { VideoStream } from '../../common/video'
import { DEMO_MEMBER } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys({ JOB_CONCURRENCY: '1' })
const { newPage, api, signIn } = journeys

type FeaturedVideo = { id: number; title: string; videoUrl: string; stream: VideoStream | null }

/** The home page's featured course videos once the first has its streaming copy. */
async function transcodedVideo(): Promise<FeaturedVideo> {
  const deadline = Date.now() + 90_000
  for (;;) {
    const home = await api<{ course: { video: FeaturedVideo[] } }>('Index/indexList')
    const ready = home.course.video.find((video) => video.stream?.state === 'ready')
    if (ready) return ready
    if (Date.now() > deadline)
      throw new Error(
        `no video transcoded in time: ${JSON.stringify(home.course.video.map((video) => video.stream))}\n${journeys.portal.logs.slice(-15).join('\n')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

describe('a transcoded video', () => {
  test('plays on its course page from the HLS master through hls.js, at the height of its rung', async () => {
    const video = await transcodedVideo()
    if (video.stream?.state !== 'ready') throw new Error('not ready')
    const lowest = [...video.stream.renditions].sort((a, b) => a.height - b.height)[0].label
    const { page, consoleErrors } = await newPage()
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname))

    await page.goto(`${journeys.portal.baseUrl}/course/detail/${video.id}`)
    const player = page.getByLabel(`视频：${video.title}`)
    await expect.poll(() => player.getAttribute('poster')).toMatch(/\/uploads\/hls\/\d+\/[0-9a-f]+\/poster\.jpg$/)
    // Before play: the playlists, and at most the first segment of the lowest rung, which a page's main video
    // (preload="auto") warms up once the page is idle; whether that has happened yet depends on the machine's speed.
    const early = fetched.filter((path) => path.endsWith('.ts'))
    expect(early.length).toBeLessThanOrEqual(1)
    expect(early.every((path) => path.endsWith(`/${lowest}/segment-0.ts`))).toBe(true)
    // The viewer presses the play button over the poster (muted first: headless Chromium has no audio device).
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true
    })
    await page.getByRole('button', { name: `播放「${video.title}」` }).click()
    await page.waitForFunction(
      (label) => (document.querySelector(`video[aria-label="${label}"]`) as HTMLVideoElement).currentTime > 0.5,
      `视频：${video.title}`,
    )

    expect(fetched).toContain(new URL(video.stream.master, journeys.portal.baseUrl).pathname)
    expect(fetched.some((path) => /\/uploads\/hls\/.+\/segment-\d+\.ts$/.test(path))).toBe(true)
    expect(fetched.some((path) => path.endsWith('.mp4'))).toBe(false)
    expect(await player.evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(video.stream.renditions[0].height)
    expect(consoleErrors).toEqual([])
  }, 150_000)

  test('a member who stopped part-way is offered 从 0:03 继续播放 on return, starts there, and finds it under 最近观看', async () => {
    const video = await transcodedVideo()
    const { page, consoleErrors } = await newPage()
    const coursePath = `/course/detail/${video.id}`
    await signIn(page, DEMO_MEMBER, coursePath)
    const player = page.getByLabel(`视频：${video.title}`)
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/Member/videoProgressSave'))
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true
      return element.play()
    })
    await page.waitForFunction(
      (label) => (document.querySelector(`video[aria-label="${label}"]`) as HTMLVideoElement).currentTime > 3.5,
      `视频：${video.title}`,
    )
    await player.evaluate((element: HTMLVideoElement) => element.pause())
    const position = (JSON.parse((await saved).postData() ?? '{}') as { position: number }).position
    expect(position).toBeGreaterThan(3.4)

    await page.reload()
    await page.getByText('从 0:03 继续播放').waitFor()
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true
      return element.play()
    })
    await page.waitForFunction(
      (label) => (document.querySelector(`video[aria-label="${label}"]`) as HTMLVideoElement).currentTime > 0,
      `视频：${video.title}`,
    )
    expect(await player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(3)

    await page.goto(`${journeys.portal.baseUrl}/user?tab=11`)
    await page.getByRole('link', { name: new RegExp(video.title) }).waitFor()
    expect(consoleErrors).toEqual([])
  }, 150_000)
})
