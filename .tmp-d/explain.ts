import pg from 'pg'
import { migratePostgres } from '/work/main/scripts/migrate'
import { onServer, startPostgresCluster } from '/work/main/server/test/postgres-cluster'
async function main() {
  const c = await startPostgresCluster()
  try {
    await onServer(c.serverUrl, 'CREATE DATABASE t')
    const url = c.urlFor('t'); await migratePostgres(url, () => undefined)
    const cl = new pg.Client({ connectionString: url }); await cl.connect()
    await cl.query(`INSERT INTO "CourseCategory" ("slug","name","updatedAt") VALUES ('c','c',now())`)
    await cl.query(`INSERT INTO "Course" ("slug","title","intro","categoryId","updatedAt") SELECT 'c'||g, (ARRAY['数字经济','乡村振兴','领导力','战略管理'])[1+g%4] || '专题讲座第' || g || '期', repeat('本课程围绕数字经济展开，结合典型案例，面向领导干部深入剖析管理的关键问题，帮助学员掌握创新的方法。', 1 + g % 3), 1, now() FROM generate_series(1, 50000) g`)
    await cl.query('ANALYZE')
    for (const [col, g] of [['titleGrams', '管'], ['grams', '管'], ['grams', '经济'], ['grams','量子']]) {
      const r = await cl.query(`EXPLAIN (ANALYZE, BUFFERS) SELECT "rowid" FROM "SearchIndex" WHERE "${col}" @> $1::text[] AND "rowid" BETWEEN $2::bigint AND $3::bigint ORDER BY "rowid" DESC LIMIT $4::int`, [[g], 4294967296, 17179869183, 1000])
      console.log(col, g); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'))
    }
    let t = Date.now(); for (let i = 0; i < 20; i++) await cl.query(`SELECT "rowid" FROM "SearchIndex" WHERE "grams" @> $1::text[] AND "rowid" BETWEEN $2::bigint AND $3::bigint ORDER BY "rowid" DESC LIMIT $4::int`, [['经济'], 4294967296, 17179869183, 2000]); console.log('pg direct x20', Date.now() - t)
    process.env.DATABASE_URL = url; process.env.JWT_SECRET = 'x'.repeat(40)
    const { prisma } = await import('../server/db')
    t = Date.now(); for (let i = 0; i < 20; i++) await prisma.$queryRawUnsafe(`SELECT "rowid" FROM "SearchIndex" WHERE "grams" @> $1::text[] AND "rowid" BETWEEN $2::bigint AND $3::bigint ORDER BY "rowid" DESC LIMIT $4::int`, ['经济'], 4294967296, 17179869183, 2000); console.log('prisma x20', Date.now() - t)
    t = Date.now(); for (let i = 0; i < 20; i++) await prisma.$queryRawUnsafe(`SELECT "rowid"::int - 0 AS "rowid" FROM "SearchIndex" WHERE "grams" @> $1::text[] AND "rowid" BETWEEN $2::bigint AND $3::bigint ORDER BY "rowid" DESC LIMIT $4::int`, ['经济'], 4294967296, 17179869183, 2000).catch(e => e); console.log('prisma x20 (int)', Date.now() - t)
    t = Date.now(); for (let i = 0; i < 20; i++) await prisma.$queryRawUnsafe(`SELECT string_agg("rowid"::text, ',') AS "ids" FROM (SELECT "rowid" FROM "SearchIndex" WHERE "grams" @> $1::text[] AND "rowid" BETWEEN $2::bigint AND $3::bigint ORDER BY "rowid" DESC LIMIT $4::int) AS "hits"`, ['经济'], 4294967296, 17179869183, 2000); console.log('prisma x20 agg', Date.now() - t)
    await prisma.$disconnect()
    await cl.end()
  } finally { await c.stop() }
}
main()
