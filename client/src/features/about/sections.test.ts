import { expect, test } from 'vitest'
import { aboutSection, ABOUT_SECTIONS } from './sections'

test('the spec tab ids 1, 2, 4 and 5 are platform intro, terms, partners and contact', () => {
  expect([1, 2, 4, 5].map((id) => aboutSection(String(id)).label)).toEqual(['平台介绍', '服务条款', '合作伙伴', '联系我们'])
  expect(ABOUT_SECTIONS.map((section) => section.id)).toEqual([1, 2, 3, 4, 5, 6])
})

test('a missing or unknown tab falls back to tab 1', () => {
  for (const raw of [null, '', '0', '7', 'abc', '1.5']) expect(aboutSection(raw).id).toBe(1)
})
