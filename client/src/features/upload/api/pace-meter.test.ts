import { describe, expect, test } from 'vitest'
import { createPaceMeter } from './pace-meter'

const MB = 1024 * 1024

describe('createPaceMeter', () => {
  test('measures the speed of the last five seconds, not the average since the start', () => {
    const meter = createPaceMeter()
    meter.add(0, 0)
    meter.add(20 * MB, 1000)
    ;[2, 3, 4, 5, 6, 7].forEach((second, i) => meter.add((22 + 2 * i) * MB, second * 1000))

    // From 32 MB at 7 s back to 22 MB at 2 s: 2 MB/s, though the average since the start is 4.6 MB/s.
    expect(meter.bytesPerSecond()).toBe(2 * MB)
  })

  test('knows nothing until two readings span some time, and starts over when fewer bytes are reported', () => {
    const meter = createPaceMeter()
    expect(meter.bytesPerSecond()).toBeNull()
    meter.add(10 * MB, 1000)
    meter.add(10 * MB, 1000)
    expect(meter.bytesPerSecond()).toBeNull()
    meter.add(12 * MB, 2000)
    expect(meter.bytesPerSecond()).toBe(2 * MB)

    // A chunk sent again after a dropped connection reports from its start.
    meter.add(8 * MB, 3000)
    expect(meter.bytesPerSecond()).toBeNull()
    meter.add(9 * MB, 4000)
    expect(meter.bytesPerSecond()).toBe(MB)
  })

  test('a stall lowers the speed as time passes without bytes', () => {
    const meter = createPaceMeter()
    meter.add(0, 0)
    meter.add(10 * MB, 5000)
    expect(meter.bytesPerSecond()).toBe(2 * MB)
    meter.add(10 * MB, 7500)
    expect(meter.bytesPerSecond()).toBe((10 * MB) / 7.5)
    meter.add(10 * MB, 10_000)
    expect(meter.bytesPerSecond()).toBe(0)
  })
})
