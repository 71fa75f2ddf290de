import { expect, test } from 'vitest'
import { formatDate, formatDateTime } from './date'

test('formats dates as YYYY-MM-DD and date-times with minutes', () => {
  const local = new Date(2026, 2, 5, 9, 7)
  expect(formatDate(local)).toBe('2026-03-05')
  expect(formatDateTime(local.toISOString())).toBe('2026-03-05 09:07')
})

test('returns an empty string for missing or invalid values', () => {
  expect(formatDate(null)).toBe('')
  expect(formatDate('')).toBe('')
  expect(formatDate('not a date')).toBe('')
  expect(formatDateTime(undefined)).toBe('')
})
