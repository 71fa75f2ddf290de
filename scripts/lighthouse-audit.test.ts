// How `npm run measure:pages` judges one page's Lighthouse result against issue 12's targets.
import { missedTargets, type PageAudit } from './lighthouse-audit'

const passing: PageAudit = {
  scores: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 1400,
  tbtMs: 90,
  cls: 0,
  failing: [],
  opportunities: [],
  longTasks: [],
}
const blockedFromIndexing: PageAudit = {
  ...passing,
  scores: { ...passing.scores, seo: 69 },
  failing: [{ category: 'seo', id: 'is-crawlable', title: 'Page is blocked from indexing', nodes: [] }],
}

describe('missedTargets', () => {
  test('a page meeting every target misses nothing', () => {
    expect(missedTargets(passing)).toEqual([])
  })

  test('names each missed score and time', () => {
    const slow = { ...passing, scores: { ...passing.scores, performance: 90 }, lcpMs: 2500, tbtMs: 153 }
    expect(missedTargets(slow)).toEqual(['performance 90', 'LCP 2.50 s', 'TBT 153 ms'])
  })

  test('an indexable page that is blocked from indexing misses its SEO target', () => {
    expect(missedTargets(blockedFromIndexing)).toEqual(['seo 69'])
  })

  test('a page kept out of the index passes when blocking is its only SEO failure', () => {
    expect(missedTargets(blockedFromIndexing, { isKeptOutOfIndex: true })).toEqual([])
  })

  test('a page kept out of the index misses when it can be indexed, or when another SEO audit fails', () => {
    expect(missedTargets(passing, { isKeptOutOfIndex: true })).toEqual(['indexable, though it should be kept out of search engines'])
    const alsoNoDescription: PageAudit = {
      ...blockedFromIndexing,
      scores: { ...passing.scores, seo: 61 },
      failing: [...blockedFromIndexing.failing, { category: 'seo', id: 'meta-description', title: 'No description', nodes: [] }],
    }
    expect(missedTargets(alsoNoDescription, { isKeptOutOfIndex: true })).toEqual(['seo 61 (meta-description)'])
  })
})
