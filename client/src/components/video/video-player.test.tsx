import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { VideoStream } from '../../../../common/video'
import { VideoPlayer } from './video-player'

// A stand-in for hls.js: records what the player asks of it and announces the manifest's levels
// (ascending, as hls.js orders them) once the source is loaded.
const fakeHls = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void
  class FakeHls {
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError', DESTROYING: 'hlsDestroying' }
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' }
    static isSupported = () => true
    static instances: FakeHls[] = []
    levels = [{ height: 360 }, { height: 720 }, { height: 1080 }]
    nextLevel = -1
    source: string | null = null
    media: HTMLVideoElement | null = null
    startedAt: number | null = null
    startLevel = -1
    starts = 0
    isDestroyed = false
    config: Record<string, unknown>
    private handlers = new Map<string, Handler[]>()
    constructor(config: Record<string, unknown>) {
      this.config = { maxBufferLength: 30, maxMaxBufferLength: 600, ...config }
      FakeHls.instances.push(this)
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    }
    emit(event: string, data: unknown) {
      this.handlers.get(event)?.forEach((handler) => handler(event, data))
    }
    loadSource(url: string) {
      this.source = url
      queueMicrotask(() => this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: this.levels }))
    }
    attachMedia(video: HTMLVideoElement) {
      this.media = video
    }
    startLoad(at: number) {
      this.startedAt = at
      this.starts += 1
    }
    recoverMediaError() {}
    destroy() {
      this.emit(FakeHls.Events.DESTROYING, {})
      this.isDestroyed = true
    }
  }
  return FakeHls
})
vi.mock('hls.js', () => ({ default: fakeHls }))

const readyStream: VideoStream = {
  state: 'ready',
  master: '/uploads/hls/12/master.m3u8',
  poster: '/uploads/hls/12/poster.jpg',
  duration: 600,
  width: 1280,
  height: 720,
  renditions: [
    { height: 720, label: '720p' },
    { height: 1080, label: '1080p' },
    { height: 360, label: '360p' },
  ],
}

// jsdom has neither Media Source Extensions nor HLS: each test stubs what its browser would have.
const withMediaSource = () => vi.stubGlobal('MediaSource', function MediaSource() {})
const withNativeHls = () =>
  vi
    .spyOn(HTMLMediaElement.prototype, 'canPlayType')
    .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  fakeHls.instances = []
})

const video = () => screen.getByLabelText<HTMLVideoElement>('视频：张老师讲函数')

describe('VideoPlayer', () => {
  test('plays a ready stream with hls.js and offers 自动 and the renditions, highest first', async () => {
    withMediaSource()
    const { container, unmount } = render(<VideoPlayer title="张老师讲函数" stream={readyStream} startAt={42} />)

    const select = await screen.findByRole('combobox', { name: '清晰度' })
    const hls = fakeHls.instances[0]
    expect(hls.source).toBe('/uploads/hls/12/master.m3u8')
    expect(hls.media).toBe(video())
    expect(video().getAttribute('src')).toBeNull()
    expect(video().getAttribute('poster')).toBe('/uploads/hls/12/poster.jpg')
    expect(video().getAttribute('preload')).toBe('metadata')
    expect((container.firstChild as HTMLElement).style.aspectRatio).toBe('1280 / 720')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['自动', '1080p', '720p', '360p'])
    expect(select).toHaveProperty('value', '-1')

    fireEvent.change(select, { target: { value: '1' } })
    expect(hls.nextLevel).toBe(1)
    expect(select).toHaveProperty('value', '1')
    fireEvent.change(select, { target: { value: '-1' } })
    expect(hls.nextLevel).toBe(-1)

    // Segments wait for play, then load from the saved position.
    expect(hls.startedAt).toBeNull()
    fireEvent.play(video())
    expect(hls.startedAt).toBe(42)

    unmount()
    expect(hls.isDestroyed).toBe(true)
  })

  test('shows the poster and one play button first; pressing it brings the controls and plays', async () => {
    withMediaSource()
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'))
      return Promise.resolve()
    })
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} startAt={42} />)
    await screen.findByRole('combobox', { name: '清晰度' })
    expect(video().hasAttribute('controls')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: '播放「张老师讲函数」' }))

    await waitFor(() => expect(play).toHaveBeenCalled())
    expect(fakeHls.instances[0].startedAt).toBe(42)
    expect(video().hasAttribute('controls')).toBe(true)
    expect(screen.queryByRole('button', { name: '播放「张老师讲函数」' })).toBeNull()
    expect(document.activeElement).toBe(video())
  })

  test("with preload 'none' nothing is attached, hls.js not even loaded, until play is pressed", async () => {
    withMediaSource()
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'))
      return Promise.resolve()
    })
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} preload="none" />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(fakeHls.instances).toHaveLength(0)
    expect(video().getAttribute('poster')).toBe('/uploads/hls/12/poster.jpg')

    fireEvent.click(screen.getByRole('button', { name: '播放「张老师讲函数」' }))

    await waitFor(() => expect(fakeHls.instances).toHaveLength(1))
    await waitFor(() => expect(play).toHaveBeenCalled())
    expect(fakeHls.instances[0].source).toBe('/uploads/hls/12/master.m3u8')
    expect(fakeHls.instances[0].startedAt).toBe(-1)
  })

  test("with preload 'auto' (a page's main video) the first segment of the lowest rung loads once the page is idle", async () => {
    withMediaSource()
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} startAt={42} preload="auto" />)
    await waitFor(() => expect(fakeHls.instances[0]?.startedAt).toBe(42))
    const hls = fakeHls.instances[0]
    expect(hls.startLevel).toBe(0)
    expect(hls.config).toMatchObject({ maxBufferLength: 4, maxMaxBufferLength: 4 })
    // The element itself never fetches an MP4 ahead of the press.
    expect(video().getAttribute('preload')).toBe('metadata')

    // Play keeps the loading that runs, with the player's usual buffer.
    fireEvent.play(video())
    expect(hls.starts).toBe(1)
    expect(hls.config).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 600 })
  })

  test("with preload 'auto' a press before the page is idle loads as usual, and nothing warms up after", async () => {
    withMediaSource()
    // The page stays busy until the press: the idle moment comes after it.
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} preload="auto" />)
    await screen.findByRole('combobox', { name: '清晰度' })
    fireEvent.play(video())
    const hls = fakeHls.instances[0]
    expect(hls.starts).toBe(1)
    expect(idle).toHaveLength(1)
    act(() => idle.forEach((callback) => callback()))
    expect(hls.starts).toBe(1)
    expect(hls.startLevel).toBe(-1)
    expect(hls.config).toMatchObject({ maxBufferLength: 30 })
  })

  test('a file plays within the press itself', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    render(<VideoPlayer title="张老师讲函数" stream={null} original="/uploads/2026/11/20/a.mp4" preload="none" />)
    fireEvent.click(screen.getByRole('button', { name: '播放「张老师讲函数」' }))
    expect(play).toHaveBeenCalledTimes(1)
  })

  test('destroys the hls.js instance when the stream changes', async () => {
    withMediaSource()
    const { rerender } = render(<VideoPlayer title="张老师讲函数" stream={readyStream} />)
    await screen.findByRole('combobox', { name: '清晰度' })

    rerender(<VideoPlayer title="张老师讲函数" stream={{ ...readyStream, master: '/uploads/hls/13/master.m3u8' }} />)

    await waitFor(() => expect(fakeHls.instances).toHaveLength(2))
    expect(fakeHls.instances[0].isDestroyed).toBe(true)
    expect(fakeHls.instances[1].source).toBe('/uploads/hls/13/master.m3u8')
  })

  test('falls back to the original when hls.js gives up on the stream', async () => {
    withMediaSource()
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} original="/uploads/video/a.mp4" />)
    await screen.findByRole('combobox', { name: '清晰度' })
    const hls = fakeHls.instances[0]

    act(() => hls.emit(fakeHls.Events.ERROR, { fatal: true, type: fakeHls.ErrorTypes.NETWORK_ERROR }))

    expect(hls.isDestroyed).toBe(true)
    expect(video().getAttribute('src')).toBe('/uploads/video/a.mp4')
    expect(screen.queryByRole('combobox', { name: '清晰度' })).toBeNull()
  })

  test('plays the master natively where the browser does HLS itself, with no quality menu', async () => {
    withNativeHls()
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} original="/uploads/video/a.mp4" />)

    await waitFor(() => expect(video().getAttribute('src')).toBe('/uploads/hls/12/master.m3u8'))
    expect(fakeHls.instances).toHaveLength(0)
    expect(screen.queryByRole('combobox', { name: '清晰度' })).toBeNull()
  })

  test('falls back to the original where neither hls.js nor native HLS can play', async () => {
    render(<VideoPlayer title="张老师讲函数" stream={readyStream} original="/uploads/video/a.mp4" />)

    await waitFor(() => expect(video().getAttribute('src')).toBe('/uploads/video/a.mp4'))
  })

  test('plays the original while the stream is transcoding, with the percent in a badge', () => {
    render(
      <VideoPlayer
        title="张老师讲函数"
        stream={{ state: 'running', percent: 42.6 }}
        original="/uploads/video/a.mp4"
        poster="/uploads/cover.png"
      />,
    )

    expect(video().getAttribute('src')).toBe('/uploads/video/a.mp4')
    expect(video().getAttribute('poster')).toBe('/uploads/cover.png.w960.webp')
    expect(screen.getByRole('status').textContent).toBe('转码中 43%')
    expect(screen.queryByRole('combobox', { name: '清晰度' })).toBeNull()
  })

  test('says a queued video without an original will come later', () => {
    render(<VideoPlayer title="张老师讲函数" stream={{ state: 'queued', percent: 0 }} />)

    expect(document.querySelector('video')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('视频转码中，请稍后再来等待转码')
  })

  test('shows why transcoding failed when there is no original', () => {
    render(<VideoPlayer title="张老师讲函数" stream={{ state: 'failed', reason: '文件已损坏，无法读取画面' }} />)

    expect(screen.getByRole('status').textContent).toBe('视频转码失败：文件已损坏，无法读取画面')
    expect(document.querySelector('video')).toBeNull()
  })

  test('plays the original with a note when transcoding failed', () => {
    render(<VideoPlayer title="张老师讲函数" stream={{ state: 'failed', reason: '文件已损坏' }} original="/uploads/video/a.mp4" />)

    expect(video().getAttribute('src')).toBe('/uploads/video/a.mp4')
    expect(screen.getByRole('status').textContent).toBe('转码失败，正在播放原视频')
  })

  test('plays the original without a stream, and says so when there is neither', () => {
    const { rerender } = render(<VideoPlayer title="张老师讲函数" stream={null} original="/uploads/video/a.mp4" />)
    expect(video().getAttribute('src')).toBe('/uploads/video/a.mp4')
    expect(screen.queryByRole('status')).toBeNull()

    rerender(<VideoPlayer title="张老师讲函数" stream={undefined} />)
    expect(screen.getByRole('status').textContent).toBe('视频暂不可播放')
  })

  test('seeks a file to startAt once its metadata is known', () => {
    render(<VideoPlayer title="张老师讲函数" stream={null} original="/uploads/video/a.mp4" startAt={75} />)
    Object.defineProperty(video(), 'duration', { configurable: true, value: 600 })

    fireEvent.loadedMetadata(video())

    expect(video().currentTime).toBe(75)
  })

  test('reports progress every 10 s of playback and on pause, not on every timeupdate', () => {
    const onProgress = vi.fn()
    render(<VideoPlayer title="张老师讲函数" stream={null} original="/uploads/video/a.mp4" onProgress={onProgress} />)
    let position = 0
    Object.defineProperty(video(), 'currentTime', { configurable: true, get: () => position })
    Object.defineProperty(video(), 'duration', { configurable: true, value: 600 })

    // 25 s of playback in steps of 250 ms: 100 timeupdates.
    act(() => {
      for (let step = 1; step <= 100; step++) {
        position = step * 0.25
        fireEvent.timeUpdate(video())
      }
    })
    expect(onProgress.mock.calls).toEqual([
      [10, 600],
      [20, 600],
    ])

    // A seek is not playback: jumping ahead reports nothing by itself.
    position = 300
    fireEvent.timeUpdate(video())
    expect(onProgress).toHaveBeenCalledTimes(2)

    fireEvent.pause(video())
    fireEvent.ended(video())
    expect(onProgress).toHaveBeenCalledTimes(3)
    expect(onProgress).toHaveBeenLastCalledWith(300, 600)
  })
})
