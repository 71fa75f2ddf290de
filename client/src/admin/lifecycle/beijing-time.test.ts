import { afterAll, describe, expect, test } from 'vitest'

// A browser in New York: Node reads TZ again when it changes, so the picker's local clock is New York's.
const zone = process.env.TZ
process.env.TZ = 'America/New_York'
const { formatBeijing, fromPickerValue, toPickerValue } = await import('../ui/beijing-time')

afterAll(() => {
  process.env.TZ = zone
})

describe('dates are shown and entered in Beijing time whatever the browser zone', () => {
  test('the browser really is elsewhere', () => {
    expect(new Date('2026-12-01T06:00:00Z').getHours()).toBe(1)
  })

  test('a stored time shows on Beijing’s clock, and what is picked is read as Beijing’s', () => {
    const picked = toPickerValue('2026-12-01T06:00:00.000Z')
    expect(picked?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 14:00')
    expect(fromPickerValue(picked)).toBe('2026-12-01T14:00:00+08:00')
    expect(formatBeijing('2026-12-01T09:00:00+08:00')).toBe('2026-12-01 09:00')
    expect(toPickerValue('')).toBeNull()
    expect(fromPickerValue(null)).toBeNull()
  })
})
