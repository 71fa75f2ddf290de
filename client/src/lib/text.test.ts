import { describe, expect, test } from 'vitest'
import { cutText, DEFAULT_CUT, formatFileSize, formatPhone, stripMarkup } from './text'

describe('cutText', () => {
  test('cuts at the default 100 characters with an ellipsis', () => {
    const text = '名'.repeat(120)

    expect(DEFAULT_CUT).toBe(100)
    expect(cutText(text)).toBe(`${'名'.repeat(100)}…`)
  })

  test('keeps text at or under the limit unchanged', () => {
    expect(cutText('习近平新时代中国特色社会主义思想', 45)).toBe('习近平新时代中国特色社会主义思想')
    expect(cutText('一二三', 3)).toBe('一二三')
  })

  test('cuts special-topic titles at 45 characters', () => {
    const title = '专'.repeat(46)

    expect(Array.from(cutText(title, 45))).toHaveLength(46)
    expect(cutText(title, 45).endsWith('…')).toBe(true)
  })

  test('never splits an emoji or other astral character', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀…')
  })

  test('treats null and undefined as empty', () => {
    expect(cutText(null)).toBe('')
    expect(cutText(undefined, 5)).toBe('')
  })
})

describe('stripMarkup', () => {
  test('returns the plain text of an HTML fragment with collapsed whitespace', () => {
    expect(stripMarkup('<p>课程<strong>预告</strong></p>\n<p>  第二段 </p>')).toBe('课程预告 第二段')
  })

  test('does not run scripts or keep their markup', () => {
    const text = stripMarkup('<img src="x" onerror="window.__hacked=1">安全<script>window.__hacked=2</script>')

    expect(text).not.toContain('<')
    expect(text.startsWith('安全')).toBe(true)
    expect((window as { __hacked?: number }).__hacked).toBeUndefined()
  })

  test('decodes entities', () => {
    expect(stripMarkup('A&amp;B&nbsp;C')).toBe('A&B C')
  })

  test('strips then cuts a preview introduction at 50 characters', () => {
    const intro = `<p>${'介'.repeat(60)}</p>`

    expect(cutText(stripMarkup(intro), 50)).toBe(`${'介'.repeat(50)}…`)
  })
})

describe('formatPhone', () => {
  test('groups an 11-digit number 3-4-4', () => {
    expect(formatPhone('13812345678')).toBe('138-1234-5678')
    expect(formatPhone(' 138 1234 5678 ')).toBe('138-1234-5678')
  })

  test('leaves numbers of other lengths unchanged', () => {
    expect(formatPhone('010-8888666')).toBe('010-8888666')
    expect(formatPhone('12345')).toBe('12345')
    expect(formatPhone(null)).toBe('')
  })
})

describe('formatFileSize', () => {
  test('reads KB below a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(0)).toBe('1 KB')
    expect(formatFileSize(51 * 1024)).toBe('51 KB')
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.3 MB')
  })
})
