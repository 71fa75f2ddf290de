// bench/video.ts, part 3: time to first frame on a course page, on a throttled network, in Debian's
// Chromium (client/e2e/chromium.ts). Each run is a fresh context (empty cache): the page loads, and
// the play button is pressed either once the page has settled (hls.js has fetched the playlists, or
// the <video> the start of its MP4, as preload="metadata" asks) or as soon as the page is taken
// over; the time is from that click to currentTime > 0, both read in the page. Bytes are counted
// from the DevTools protocol's Network.dataReceived events. Then 10 s of playback are watched.
import type { Browser } from 'playwright-core'

export type Network = { name: string; latencyMs: number; downKbps: number; upKbps: number }

/** Kbit/s are 1000 bit/s; DevTools adds the latency to every request and caps each direction's rate. */
export const NETWORKS: Network[] = [
  { name: '4G', latencyMs: 60, downKbps: 9000, upKbps: 1500 },
  { name: '3G', latencyMs: 150, downKbps: 1600, upKbps: 750 },
]

/** When the play button is pressed: once the network is idle, or as soon as the page answers clicks. */
export type ClickMoment = 'settled' | 'at once'

export type FirstFrame = {
  ms: number
  /** From the navigation's start to the first frame. */
  sincePageOpenMs: number
  /** Seconds of video played in the 10 s after the first frame, and how often it stopped to wait for data. */
  playedSeconds: number
  stalls: number
  /** Video bytes (playlists, segments, the MP4) received before the click, and up to the first frame. */
  videoBytesBeforeClick: number
  videoBytes: number
  /** Every byte received from opening the page to the first frame (HTML, scripts, pictures, video). */
  allBytes: number
  /** The picture's height at the first frame (the HLS rung hls.js chose, or the original's). */
  height: number
  videoRequests: number
}

type VideoLike = {
  muted: boolean
  currentTime: number
  videoHeight: number
  getAttribute(name: string): string | null
  addEventListener(type: string, listener: () => void): void
}
/** The browser globals used by the callbacks that run in the page (this is a Node program, no DOM types). */
type PageGlobals = {
  document: {
    querySelectorAll(selector: string): Iterable<VideoLike>
    addEventListener(type: string, listener: () => void, options: object): void
    documentElement: { dataset: Record<string, string | undefined> }
  }
  performance: { now(): number }
  setInterval(callback: () => void, ms: number): number
  clearInterval(id: number): void
  benchClickAt?: number
  benchFirstFrameAt?: number
  benchHeight?: number
  benchStartedAt?: number
  benchStalls?: number
  benchVideo?: VideoLike
}

const isVideoUrl = (url: string | undefined) => !!url && /\.(m3u8|ts|mp4)(\?|$)/.test(new URL(url).pathname)

const FIRST_FRAME_TIMEOUT_MS = 180_000
const PLAYBACK_WATCH_MS = 10_000

/** Opens `pagePath` on `network` in a fresh context, presses play, and measures the first frame. */
export async function firstFrame(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  title: string,
  network: Network | null,
  moment: ClickMoment,
): Promise<FirstFrame> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    if (network)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latencyMs,
        downloadThroughput: (network.downKbps * 1000) / 8,
        uploadThroughput: (network.upKbps * 1000) / 8,
      })
    const urls = new Map<string, string>()
    const videoRequests = new Set<string>()
    let allBytes = 0
    let videoBytes = 0
    cdp.on('Network.requestWillBeSent', (event) => {
      urls.set(event.requestId, event.request.url)
      if (isVideoUrl(event.request.url)) videoRequests.add(event.requestId)
    })
    cdp.on('Network.dataReceived', (event) => {
      // encodedDataLength is what crossed the wire; some chunks report only their decoded length.
      const received = event.encodedDataLength || event.dataLength
      allBytes += received
      if (isVideoUrl(urls.get(event.requestId))) videoBytes += received
    })

    const label = `视频：${title}`
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: FIRST_FRAME_TIMEOUT_MS })
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.documentElement.dataset.hydrated === 'true', null, {
      timeout: FIRST_FRAME_TIMEOUT_MS,
    })
    // What the page fetches on its own before anyone presses play (playlists, or the start of the MP4).
    if (moment === 'settled') await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined)
    // No named functions inside: tsx wraps them in a `__name` helper that the page does not have.
    await page.evaluate((videoLabel) => {
      const w = globalThis as unknown as PageGlobals
      const video = [...w.document.querySelectorAll('video')].find((element) => element.getAttribute('aria-label') === videoLabel)
      if (!video) throw new Error(`no <video> labelled ${videoLabel}`)
      // Headless Chromium has no audio device.
      video.muted = true
      w.document.addEventListener(
        'click',
        () => {
          w.benchClickAt ??= w.performance.now()
        },
        { capture: true },
      )
      // The element stays the same when playback starts (its key is the source's address).
      w.benchVideo = video
      w.benchStalls = 0
      video.addEventListener('waiting', () => {
        if (w.benchFirstFrameAt !== undefined) w.benchStalls = (w.benchStalls ?? 0) + 1
      })
      const timer = w.setInterval(() => {
        if (!(video.currentTime > 0)) return
        w.benchFirstFrameAt = w.performance.now()
        w.benchHeight = video.videoHeight
        w.benchStartedAt = video.currentTime
        w.clearInterval(timer)
      }, 5)
    }, label)
    const videoBytesBeforeClick = videoBytes
    await page.getByRole('button', { name: `播放「${title}」` }).click()
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).benchFirstFrameAt !== undefined, null, {
      timeout: FIRST_FRAME_TIMEOUT_MS,
      polling: 20,
    })
    const seen = { videoBytes, allBytes, videoRequests: videoRequests.size }
    await page.waitForTimeout(PLAYBACK_WATCH_MS)
    const times = await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals
      return {
        clickAt: w.benchClickAt ?? Number.NaN,
        firstFrameAt: w.benchFirstFrameAt ?? Number.NaN,
        height: w.benchHeight ?? 0,
        played: (w.benchVideo?.currentTime ?? 0) - (w.benchStartedAt ?? 0),
        stalls: w.benchStalls ?? 0,
      }
    })
    return {
      ms: Math.round(times.firstFrameAt - times.clickAt),
      sincePageOpenMs: Math.round(times.firstFrameAt),
      playedSeconds: Math.round(times.played * 10) / 10,
      stalls: times.stalls,
      videoBytesBeforeClick,
      videoBytes: seen.videoBytes,
      allBytes: seen.allBytes,
      height: times.height,
      videoRequests: seen.videoRequests,
    }
  } finally {
    await context.close()
  }
}
