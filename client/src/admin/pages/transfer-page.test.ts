import { describe, expect, test } from 'vitest'
import { importSummaryOf } from './transfer-page'

describe("importSummaryOf (an import's result in words)", () => {
  test('names the records per type and the media files by what was done with them', () => {
    expect(
      importSummaryOf({
        counts: { teachers: 120, courses: 300, tags: 0 },
        media: { copied: 40, drawn: 0, unchanged: 5 },
        durationMs: 3240,
      }),
    ).toBe('名师 120，课程 300；媒体文件 45 个（新复制 40，已有未变 5）；用时 3.2 秒')
  })

  test('an import without records or files says so', () => {
    expect(importSummaryOf({ counts: {}, media: { copied: 0, drawn: 0, unchanged: 0 }, durationMs: 80 })).toBe(
      '没有记录；媒体文件 0 个；用时 0.1 秒',
    )
  })
})
