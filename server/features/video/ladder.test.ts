import { chooseLadder } from './ladder'

const sizes = (width: number, height: number) => chooseLadder(width, height).map((rung) => `${rung.label} ${rung.width}x${rung.height}`)

describe('chooseLadder', () => {
  test('gives a 1080p source all four rungs, smallest first', () => {
    expect(sizes(1920, 1080)).toEqual(['360p 640x360', '540p 960x540', '720p 1280x720', '1080p 1920x1080'])
  })

  test('never upscales: a 720p source stops at 720p and a 360p source gets 360p alone', () => {
    expect(sizes(1280, 720)).toEqual(['360p 640x360', '540p 960x540', '720p 1280x720'])
    expect(sizes(640, 360)).toEqual(['360p 640x360'])
  })

  test('stops at 1080p for a 4K source', () => {
    expect(sizes(3840, 2160).at(-1)).toBe('1080p 1920x1080')
  })

  test('keeps the aspect ratio with even widths', () => {
    expect(sizes(1920, 800)).toEqual(['360p 864x360', '540p 1296x540', '720p 1728x720'])
    expect(sizes(1440, 1080).at(-1)).toBe('1080p 1440x1080')
    expect(sizes(720, 576)).toEqual(['360p 450x360', '540p 676x540'])
  })

  test('compares the short side of a portrait source', () => {
    expect(sizes(1080, 1920)).toEqual(['360p 360x640', '540p 540x960', '720p 720x1280', '1080p 1080x1920'])
    expect(sizes(720, 1280).at(-1)).toBe('720p 720x1280')
  })

  test('gives a source below 360p one rung at its own even size', () => {
    expect(sizes(320, 240)).toEqual(['240p 320x240'])
    expect(sizes(427, 241)).toEqual(['240p 426x240'])
    expect(sizes(180, 320)).toEqual(['180p 180x320'])
  })

  test('never adds a pixel the source does not have', () => {
    expect(sizes(1281, 720).at(-1)).toBe('720p 1280x720')
  })

  test('spends more bits on larger rungs and fewer on a tiny source', () => {
    const ladder = chooseLadder(1920, 1080)
    expect(ladder.map((rung) => rung.videoBitrate)).toEqual([800, 1400, 2800, 5000])
    expect(ladder.map((rung) => rung.audioBitrate)).toEqual([96, 96, 128, 128])
    expect(chooseLadder(320, 180)[0].videoBitrate).toBe(200)
  })
})
