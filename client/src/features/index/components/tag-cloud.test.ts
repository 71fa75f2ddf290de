import { describe, expect, test } from 'vitest'
import { rotate, spherePoints } from './tag-cloud'
import { contrastOnWhite, TAG_COLORS, tagColor } from './tag-cloud-colors'

const length = (p: { x: number; y: number; z: number }) => Math.hypot(p.x, p.y, p.z)

describe('spherePoints', () => {
  test('spreads the requested number of points over the unit sphere, pole to pole', () => {
    const points = spherePoints(24)

    expect(points).toHaveLength(24)
    points.forEach((point) => expect(length(point)).toBeCloseTo(1, 10))
    expect(points[0].y).toBeCloseTo(1)
    expect(points[23].y).toBeCloseTo(-1)
    expect(new Set(points.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)},${p.z.toFixed(3)}`)).size).toBe(24)
  })

  test('handles one and zero tags', () => {
    expect(spherePoints(1)).toEqual([{ x: 1, y: 0, z: 0 }])
    expect(spherePoints(0)).toEqual([])
  })
})

describe('rotate', () => {
  test('keeps points on the sphere and moves them as the angle grows', () => {
    const point = spherePoints(24)[7]
    const a = rotate(point, 0)
    const b = rotate(point, 0.5)

    expect(length(a)).toBeCloseTo(1, 10)
    expect(length(b)).toBeCloseTo(1, 10)
    expect(Math.abs(a.x - b.x) + Math.abs(a.z - b.z)).toBeGreaterThan(0.1)
    expect(rotate(point, 2 * Math.PI).x).toBeCloseTo(a.x, 10)
  })
})

describe('tagColor', () => {
  const rgb = (css: string) => css.match(/\d+/g)!.map(Number) as [number, number, number]

  test('every tag reads at 4.5:1 or more on white at any depth, front to back (WCAG AA)', () => {
    for (let index = 0; index < TAG_COLORS.length; index++)
      for (let depth = 0; depth <= 1; depth += 0.05) expect(contrastOnWhite(rgb(tagColor(index, depth)))).toBeGreaterThanOrEqual(4.5)
  })

  test('the nearest tag has its own colour and the furthest is paler', () => {
    expect(tagColor(0, 1)).toBe('rgb(184, 38, 31)')
    const lightness = (css: string) => rgb(css).reduce((sum, channel) => sum + channel, 0)
    for (let index = 0; index < TAG_COLORS.length; index++)
      expect(lightness(tagColor(index, 0))).toBeGreaterThan(lightness(tagColor(index, 1)))
  })
})
