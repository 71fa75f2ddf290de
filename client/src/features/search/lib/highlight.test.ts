import { describe, expect, test } from 'vitest'
import { highlightParts, searchTerms } from './highlight'

describe('highlightParts', () => {
  test('wraps every occurrence of the keyword', () => {
    expect(highlightParts('数字经济与数字政府', '数字')).toEqual([
      { text: '数字', isMatch: true },
      { text: '经济与', isMatch: false },
      { text: '数字', isMatch: true },
      { text: '政府', isMatch: false },
    ])
  })

  test('matches Latin letters case-insensitively and keeps the original casing', () => {
    expect(highlightParts('AI 与 ai 治理', 'Ai')).toEqual([
      { text: 'AI', isMatch: true },
      { text: ' 与 ', isMatch: false },
      { text: 'ai', isMatch: true },
      { text: ' 治理', isMatch: false },
    ])
  })

  test('treats regular-expression characters in the keyword literally', () => {
    expect(highlightParts('a.b 与 axb (c*)', '(c*)')).toEqual([
      { text: 'a.b 与 axb ', isMatch: false },
      { text: '(c*)', isMatch: true },
    ])
    expect(highlightParts('axb', '.')).toEqual([{ text: 'axb', isMatch: false }])
  })

  test('highlights each whitespace-separated term, preferring the longer one', () => {
    expect(highlightParts('数字经济 领导力', '数字 数字经济 领导')).toEqual([
      { text: '数字经济', isMatch: true },
      { text: ' ', isMatch: false },
      { text: '领导', isMatch: true },
      { text: '力', isMatch: false },
    ])
  })

  test('returns the text unmarked for an empty keyword and nothing for empty text', () => {
    expect(highlightParts('党的建设', '  ')).toEqual([{ text: '党的建设', isMatch: false }])
    expect(highlightParts('', '党')).toEqual([])
    expect(highlightParts(null, '党')).toEqual([])
  })

  test('keeps markup as plain text for React to escape', () => {
    const parts = highlightParts('<img src=x onerror=alert(1)>课程', '课程')
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)>', isMatch: false },
      { text: '课程', isMatch: true },
    ])
  })
})

describe('searchTerms', () => {
  test('splits, de-duplicates and sorts the longest first', () => {
    expect(searchTerms(' 经济  数字经济 经济 ')).toEqual(['数字经济', '经济'])
    expect(searchTerms(undefined)).toEqual([])
  })
})
