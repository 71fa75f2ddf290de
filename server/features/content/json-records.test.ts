import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { createPacer } from '../../lib/pacer'
import { importSeedFolder, SeedError } from './import.service'
import { parseJsonRecords, type JsonRecordLimits } from './json-records'

const limits: JsonRecordLimits = { records: 100, valuesPerRecord: 50 }
const parse = (text: string, given = limits) => parseJsonRecords(Buffer.from(text), given, createPacer())

describe('parseJsonRecords', () => {
  test('reads what JSON.parse reads, record by record', async () => {
    const texts = [
      '[]',
      ' [ ] \n',
      '[1, "two", null, true, {"a": [1, 2, {"b": "]"}]}, [[]]]',
      '[{"s": "a, b], {c}"}, {"s": "quote \\" and backslash \\\\"}, {"s": "\\u005d,"}]',
      '[{"名称": "中文，逗号］", "emoji": "😀"}]',
      `\n[\n  {\n    "slug": "t-001"\n  },\n  {\n    "slug": "t-002"\n  }\n]\n`,
    ]
    for (const text of texts) expect(await parse(text), text).toEqual({ ok: true, records: JSON.parse(text) })
  })

  test('refuses what JSON.parse refuses, in Chinese', async () => {
    const invalid = { ok: false, problem: '不是有效的 JSON', isOverLimit: false }
    for (const text of ['', '   ', '[', '[1', '["a', '["a\\"]', '[1]]', '[1] x', '[1}', '[{]}'])
      expect(await parse(text), text).toEqual(invalid)
    expect(await parse('[1,]')).toEqual({ ok: false, problem: '不是有效的 JSON（第 2 条）', isOverLimit: false })
    expect(await parse('[1, 2 3]')).toEqual({ ok: false, problem: '不是有效的 JSON（第 2 条）', isOverLimit: false })
    expect(await parse('[{"a": 1}, {"a": }]')).toEqual({ ok: false, problem: '不是有效的 JSON（第 2 条）', isOverLimit: false })
    expect(await parse('{"a": [1]}')).toEqual({ ok: false, problem: '顶层应为数组', isOverLimit: false })
  })

  test('stops at the record limit without reading further', async () => {
    const text = `[${'{},'.repeat(1_000_000)}{}]`

    const started = performance.now()
    const result = await parse(text)

    expect(result).toEqual({ ok: false, problem: '超过 100 条记录上限', isOverLimit: true })
    expect(performance.now() - started).toBeLessThan(50)
    expect(await parse(`[${'1,'.repeat(99)}1]`)).toMatchObject({ ok: true })
  })

  test('refuses a record with more values than a record can have', async () => {
    expect(await parse(`[{}, {"tags": [${'{},'.repeat(60)}{}]}]`)).toEqual({
      ok: false,
      problem: '第 2 条的字段和数组项过多（最多 50 个）',
      isOverLimit: true,
    })
    expect(await parse(`[{"tags": [${'"a",'.repeat(48)}"a"]}]`)).toMatchObject({ ok: true })
  })
})

describe('importSeedFolder with a file at the record limit', () => {
  test('reads, validates and checks 20,000 records without holding the event loop 100 ms', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-limit-'))
    try {
      const courses = Array.from({ length: 20_000 }, (_, i) => ({
        slug: `limit-${i}`,
        title: `课程 ${i}`,
        category: 'no-such-category',
        intro: '简介'.repeat(40),
        tags: ['标签一', '标签二'],
      }))
      // A server has run its first query long before an import: warm up the database client here.
      fs.writeFileSync(path.join(dir, 'courses.json'), JSON.stringify(courses.slice(0, 10)))
      await importSeedFolder(dir).catch(() => undefined)
      fs.writeFileSync(path.join(dir, 'courses.json'), JSON.stringify(courses))
      const delay = monitorEventLoopDelay({ resolution: 5 })

      // The monitor's timer must be running before the work starts and fire once after it ends,
      // or a stall at either end goes unseen.
      delay.enable()
      await sleep(20)
      const started = performance.now()
      const error = await importSeedFolder(dir).catch((e: unknown) => e)
      const ms = performance.now() - started
      await sleep(20)
      delay.disable()

      expect(error).toBeInstanceOf(SeedError)
      expect((error as SeedError).message).toMatch(/\n……另有 980 个以上问题$/)
      expect((error as SeedError).problems[0]).toBe(
        'courses.json 第 1 条 (slug "limit-0") 字段 category: 未知的课程分类 "no-such-category"',
      )
      console.info(`20,000 courses checked: ${ms.toFixed(0)} ms, longest stall ${(delay.max / 1e6).toFixed(1)} ms`)
      expect(delay.max / 1e6).toBeLessThan(100)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
