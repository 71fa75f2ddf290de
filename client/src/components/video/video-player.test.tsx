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
    isDestroyed = false
    config: unknown
    private handlers = new Map<string, Handler[]>()
    constructor(config: unknown) {
      this.config = config
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
