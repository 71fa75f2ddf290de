import { describe, expect, test } from 'vitest'
import { parsePositiveInt } from './use-page-param'

describe('parsePositiveInt', () => {
  test('accepts positive integers', () => {
    expect(parsePositiveInt('1')).toBe(1)
    expect(parsePositiveInt('37')).toBe(37)
    expect(parsePositiveInt('99999999')).toBe(99999999)
  })

  test('falls back for missing, zero, negative, fractional and junk values', () => {
    for (const raw of [null, undefined, '', '0', '-2', '2.5', 'abc', '1e3', ' 3', '12345678901']) {
      expect(parsePositiveInt(raw)).toBe(1)
    }
    expect(parsePositiveInt('x', 0)).toBe(0)
  })
})
