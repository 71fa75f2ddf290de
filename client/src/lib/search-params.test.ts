import { describe, expect, test } from 'vitest'
import { cooperationDetailPath, parseCooperationParam, parseSearchQuery, searchPath } from './search-params'

const queryOf = (path: string) => new URL(path, 'http://localhost').searchParams.get('q')

describe('searchPath', () => {
  test('encodes type and keyWord as JSON in the q parameter', () => {
    const path = searchPath({ type: 'teacher', keyWord: '  经济 学 ' })

    expect(path).toBe(`/search?q=${encodeURIComponent('{"type":"teacher","keyWord":"经济 学"}')}`)
    expect(queryOf(path)).toBe('{"type":"teacher","keyWord":"经济 学"}')
  })

  test('encodes a label search', () => {
    expect(queryOf(searchPath({ type: 'all', label: '乡村振兴' }))).toBe('{"type":"all","label":"乡村振兴"}')
  })

  test('escapes characters that would break the URL', () => {
    const path = searchPath({ type: 'course', keyWord: 'a&b=c#d?e/f%' })

    expect(path).not.toMatch(/[&#]/)
    expect(parseSearchQuery(queryOf(path))).toEqual({ type: 'course', keyWord: 'a&b=c#d?e/f%' })
  })

  test('drops blank values', () => {
    expect(queryOf(searchPath({ type: 'special', keyWord: '   ', label: '' }))).toBe('{"type":"special"}')
  })
})

describe('parseSearchQuery', () => {
  test('round-trips through the URL, decoded or still encoded', () => {
    const raw = queryOf(searchPath({ type: 'special', keyWord: '党建' }))

    expect(parseSearchQuery(raw)).toEqual({ type: 'special', keyWord: '党建' })
    expect(parseSearchQuery(encodeURIComponent(raw ?? ''))).toEqual({ type: 'special', keyWord: '党建' })
  })

  test('falls back to teacher for an unknown type', () => {
    expect(parseSearchQuery('{"type":"video","keyWord":"x"}')).toEqual({ type: 'teacher', keyWord: 'x' })
  })

  test('rejects queries without text, broken JSON and non-objects', () => {
    expect(parseSearchQuery('{"type":"all","keyWord":"  "}')).toBeNull()
    expect(parseSearchQuery('{"type":"all"')).toBeNull()
    expect(parseSearchQuery('%E4%B8%AD')).toBeNull()
    expect(parseSearchQuery('"text"')).toBeNull()
    expect(parseSearchQuery('{"type":"all","keyWord":42}')).toBeNull()
    expect(parseSearchQuery(null)).toBeNull()
  })
})

describe('cooperation detail parameter', () => {
  test('encodes id and name into one path segment and parses it back', () => {
    const path = cooperationDetailPath({ id: 3, name: '政策解读/专题' })
    const segment = path.replace('/cooperation/detail/', '')

    expect(segment).not.toContain('/')
    expect(parseCooperationParam(segment)).toEqual({ id: 3, name: '政策解读/专题' })
    expect(parseCooperationParam(decodeURIComponent(segment))).toEqual({ id: 3, name: '政策解读/专题' })
  })

  test('rejects a missing or invalid id', () => {
    expect(parseCooperationParam('{"name":"x"}')).toBeNull()
    expect(parseCooperationParam('{"id":0}')).toBeNull()
    expect(parseCooperationParam('{"id":1.5}')).toBeNull()
    expect(parseCooperationParam('nonsense')).toBeNull()
  })

  test('defaults a missing name to empty text', () => {
    expect(parseCooperationParam('{"id":"2"}')).toEqual({ id: 2, name: '' })
  })
})
