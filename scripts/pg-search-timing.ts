// `npx tsx scripts/pg-search-timing.ts [courses]`: times search on PostgreSQL over 50,000 courses
// (the bar: p99 under 50 ms). Starts a throwaway cluster (server/test/postgres-cluster.ts),
// migrates it, inserts the courses (the search index is filled by its triggers, as in production),
// then runs the search service itself (no answer cache) for 1-, 2-, 3+-character and multi-term
// queries, common and rare, and prints p50 / p95 / p99 with the machine's load average.
import os from 'node:os'
import pg from 'pg'
import { migratePostgres } from './migrate'
import { onServer, startPostgresCluster, TEST_JWT_SECRET } from '../server/test/postgres-cluster'

const COURSES = Number(process.argv[2] ?? 50_000)
const ROUNDS = 20
const QUERIES = [
  '管',
  '课',
  '数',
  '的',
  '管理',
  '经济',
  '创新',
  '领导',
  '转型',
  '领导力',
  '数字化转型',
  '高质量发展',
  '乡村振兴',
  '数字 治理',
  '量子纠缠',
  'AI',
]

const TOPICS =
  '数字经济 乡村振兴 领导力 战略管理 公共治理 国有企业改革 绿色发展 区域协调 金融风险 科技创新 高质量发展 数字化转型 城市更新 人才发展 组织变革 品牌建设 应急管理 法治政府 产业升级 对外开放'.split(
    ' ',
  )
const WORDS = '专题讲座 理论与实践 前沿问题解读 案例分析 能力提升 十讲 路径探索 方法论 实务精讲 研修课程 政策解读 热点透视'.split(' ')
const AUDIENCES = '领导干部 企业高管 基层干部 青年干部 党务工作者 公务员 国企负责人 创业者'.split(' ')

/** A small seeded generator, so every run times the same data. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function main() {
  const cluster = await startPostgresCluster()
  try {
    await onServer(cluster.serverUrl, 'CREATE DATABASE "timing"')
    const url = cluster.urlFor('timing')
    await migratePostgres(url, () => undefined)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "CourseCategory" ("slug", "name", "updatedAt") VALUES ('c', '课程', now()) RETURNING "id"`,
    )
    const next = random(42)
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
    const started = Date.now()
    for (let from = 0; from < COURSES; from += 1000) {
      const values: unknown[] = []
      const tuples: string[] = []
      for (let i = from; i < Math.min(COURSES, from + 1000); i++) {
        const topic = pick(TOPICS)
        const intro = `本课程围绕${topic}展开，结合典型案例，面向${pick(AUDIENCES)}深入剖析${pick(TOPICS)}的关键问题，帮助学员掌握${pick(TOPICS)}的方法。`
        values.push(`course-${i}`, `${topic}${pick(WORDS)}（第${i}期）`, intro.repeat(1 + Math.floor(next() * 3)), rows[0].id)
        const n = values.length
        tuples.push(`($${n - 3}, $${n - 2}, $${n - 1}, $${n}, now())`)
      }
      await client.query(`INSERT INTO "Course" ("slug", "title", "intro", "categoryId", "updatedAt") VALUES ${tuples.join(', ')}`, values)
    }
    const filled = Date.now() - started
    // What autovacuum does shortly after a bulk load in production (its insert threshold): fresh
    // statistics, and a visibility map so the postings are read from the index alone.
    await client.query('VACUUM ANALYZE')
    const sizes = await client.query<{ name: string; size: string }>(
      `SELECT c.relname AS "name", pg_size_pretty(pg_total_relation_size(c.oid)) AS "size" FROM pg_class c ` +
        `WHERE c.relname IN ('SearchIndex', 'SearchPosting', 'Course') ORDER BY 1`,
    )
    await client.end()
    console.log(`inserted ${COURSES} courses (search index by triggers) in ${(filled / 1000).toFixed(1)} s`)
    console.log(`sizes with indexes: ${sizes.rows.map(({ name, size }) => `${name} ${size}`).join(', ')}`)
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')
    console.log(`load average (1 / 5 / 15 min) before timing: ${load()}`)

    process.env.DATABASE_URL = url
    process.env.JWT_SECRET = TEST_JWT_SECRET
    process.env.NODE_ENV = 'test'
    const { search } = await import('../server/features/search/search.service')
    const { searchIndexIds } = await import('../server/data/sql')
    const { prisma } = await import('../server/db')
    const timings: number[] = []
    const indexTimings: number[] = []
    for (const keyWord of QUERIES) {
      // The index lookups alone (both scopes, as keywordHits runs them), without hydrating the page.
      const runs = keyWord.split(/\s+/)
      for (let round = 0; round < ROUNDS; round++) {
        const at = process.hrtime.bigint()
        await searchIndexIds(runs, 'title', 2 ** 32, 2 ** 34 - 1, 1000)
        await searchIndexIds(runs, 'any', 2 ** 32, 2 ** 34 - 1, 2000)
        indexTimings.push(Number(process.hrtime.bigint() - at) / 1e6)
      }
      const first = await search({ type: 'all', keyWord, label: undefined, page: 1, limit: 20 })
      const own: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const at = process.hrtime.bigint()
        await search({ type: 'all', keyWord, label: undefined, page: 1 + (round % 3), limit: 20 })
        own.push(Number(process.hrtime.bigint() - at) / 1e6)
      }
      own.sort((a, b) => a - b)
      timings.push(...own)
      console.log(
        `${keyWord.padEnd(8, '　')} total ${String(first.total).padStart(5)}  p50 ${percentile(own, 50).toFixed(1)} ms  max ${own.at(-1)!.toFixed(1)} ms`,
      )
    }
    timings.sort((a, b) => a - b)
    indexTimings.sort((a, b) => a - b)
    console.log(`index lookups alone: p50 ${percentile(indexTimings, 50).toFixed(1)} ms, p99 ${percentile(indexTimings, 99).toFixed(1)} ms`)
    console.log(`load average (1 / 5 / 15 min) after timing: ${load()}`)
    console.log(
      `all ${timings.length} searches: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms`,
    )
    await prisma.$disconnect()
  } finally {
    await cluster.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
