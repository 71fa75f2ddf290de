import { expect, test } from 'vitest'
import { formatDate, formatDateTime } from './date'

test('formats dates as YYYY-MM-DD and date-times with minutes, in China time', () => {
  expect(formatDate('2026-03-05T01:07:00Z')).toBe('2026-03-05')
  expect(formatDateTime('2026-03-05T01:07:00Z')).toBe('2026-03-05 09:07')
})

test('a late evening in UTC is already the next day in China, on any machine', () => {
  const instant = new Date(Date.UTC(2026, 2, 4, 17, 30))
  expect(formatDate(instant)).toBe('2026-03-05')
  expect(formatDateTime(instant.getTime())).toBe('2026-03-05 01:30')
})

test('returns an empty string for missing or invalid values', () => {
  expect(formatDate(null)).toBe('')
  expect(formatDate('')).toBe('')
  expect(formatDate('not a date')).toBe('')
  expect(formatDateTime(undefined)).toBe('')
})
