// Admin/export and Admin/import: the whole content as a seed folder in a zip, downloaded through a
// signed link, and imported back (through the console, or by `npm run seed`) into an empty database
// with the same public answers.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import request from '../../test/request'
import { inject } from 'vitest'
import yauzl from 'yauzl'
import { seedKinds } from '../../../common/content-schemas'
import { migratePostgres } from '../../../scripts/migrate'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { Code } from '../../lib/api-error'
import { projectRoot } from '../../lib/database-url'
import { flushViews } from '../../data/views'
import { isPostgres } from '../../test/database'
import { unique } from '../../test/factories'
import { onServer } from '../../test/postgres-cluster'
import { createSignedInMember, pngBytes, zipBytes } from '../../test/member-factories'
import { extractZip } from './zip-archive'

const app = createApp()
const failure = (code: number, msg: string) => ({ code, msg, data: null })

let admin: string
beforeAll(async () => {
  admin = (await createSignedInMember({ role: 'admin' })).auth
})
const staff = (action: string, body: object = {}) => request(app).post(`/api/Admin/${action}`).set('Authorization', admin).send(body)
const importZip = (bytes: Buffer, name = 'content.zip') =>
  request(app).post('/api/Admin/import').set('Authorization', admin).attach('file', bytes, name)

const tempDirs: string[] = []
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** The bytes behind a URL the app serves. */
async function download(url: string) {
  return request(app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
}

/** Name -> bytes of every file in a zip. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const files = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    files.set(entry.fileName, Buffer.concat(chunks))
  }
  return files
}

async function exportBytes() {
  const res = await staff('export')
  expect(res.body.code).toBe(Code.OK)
  const file = await download(res.body.data.url)
  expect(file.status).toBe(200)
  return { answer: res.body.data, bytes: file.body as Buffer }
}

/** A member's picture, public as an approved contribution's would be. */
async function publishedMemberPicture() {
  const member = await createSignedInMember()
  const relative = `2026/11/24/${crypto.randomBytes(16).toString('hex')}.png`
  const bytes = pngBytes(6, 6)
  fs.mkdirSync(path.dirname(path.join(env.UPLOAD_DIR, relative)), { recursive: true })
  fs.writeFileSync(path.join(env.UPLOAD_DIR, relative), bytes)
  await prisma.upload.create({
    data: {
      memberId: member.member.id,
      path: relative,
      kind: 'image',
      mime: 'image/png',
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      isPublic: true,
    },
  })
  return { relative, url: `/uploads/${relative}` }
}

/** Content the console made on top of the demo: new rows, a deleted one (a gap in the ids), a topic's courses, changed terms. */
async function editContent() {
  const picture = await publishedMemberPicture()
  const tag = (await staff('tagSave', { name: `导出${crypto.randomBytes(4).toString('hex')}` })).body.data
  const teacher = (
    await staff('teacherSave', {
      slug: unique('export-teacher'),
      name: '导出名师',
      category: 'economy',
      photo: '/uploads/seed/teacher/t-002.png',
      tags: [tag.name, '高质量发展'],
      content: `<p>介绍<img src="${picture.url}" /></p>`,
    })
  ).body.data
  const special = (
    await staff('specialSave', { slug: unique('export-special'), title: '导出专题', category: 'policy', courses: ['c-003', 'c-001'] })
  ).body.data
  const activity = (
    await staff('activitySave', { slug: unique('export-activity'), title: '会员投稿活动', cover: picture.url, teacher: teacher.slug })
  ).body.data
  const link = (await staff('linkSave', { slug: unique('gone-link'), name: '将删除的链接', url: 'https://example.com' })).body.data
  await staff('linkDelete', { id: link.id })
  // New records are drafts: publish them, so the public answers compared below show them.
  await staff('teacherPublish', { id: teacher.id, isPublished: true })
  await staff('specialPublish', { id: special.id, isPublished: true })
  await staff('activityPublish', { id: activity.id, isPublished: true })
  const terms = (await staff('pageGet', { key: 'terms' })).body.data
  await staff('pageSave', { ...terms, content: '<p>导出前修改的条款</p>' })
  await staff('configSave', { icp: '京ICP备20261124号-1' })
  return { picture, teacher, special, activity }
}

/** What visitors see: the home aggregate, settings, lists and detail pages (their live view counts left out). */
async function publicAnswers(ids: { teacher: number; special: number; activity: number }) {
  const lists: [string, object][] = [
    ['Index/indexList', {}],
    ['Index/getConfig', {}],
    ['Index/getSiteInfo', {}],
    ['Index/getMenuseo', {}],
    ['Index/teacherClass', {}],
    ['Index/courseClass', {}],
    ['Index/specialClass', {}],
    ['Index/getTags', { limit: 50 }],
    ['Index/getHotTags', {}],
    ['Teacher/teacherList', { limit: 50 }],
    ['Teacher/recommendTeacher', {}],
    ['Course/courseList', { limit: 50 }],
    ['Course/hotCourse', {}],
    ['Course/cooperationType', { id: 1 }],
    ['Course/cooperationList', { type: 1 }],
    ['Course/cooperative', {}],
    ['Course/getClause', {}],
    ['Course/getPrivacy', {}],
    ['Course/courseNoticeList', {}],
    ['Course/commonProblem', {}],
    ['Special/specialList', { limit: 50 }],
    ['Special/hotSpecial', {}],
    ['Special/hotLabel2', {}],
    ['Special/getBanner', { position: 'home' }],
    ['Special/getBanner', { position: 'ad' }],
    ['Teacher/teacherActivity', { id: ids.teacher }],
  ]
  const details: [string, object][] = [
    ['Teacher/teacherDetails', { id: ids.teacher }],
    ['Teacher/teacherDetails', { id: 1 }],
    ['Course/courseDetails', { id: 3 }],
    ['Special/specialDetails', { id: ids.special }],
    ['Teacher/teacherActivityDetails', { id: ids.activity }],
    ['Course/courseNoticeDetails', { id: 2 }],
    ['Course/commonProblemDetails', { id: 2 }],
    ['Course/cooperationDetails', { id: 1 }],
  ]
  const answers: Record<string, unknown> = {}
  // Lists first: a detail page counts a view, which lists show too.
  for (const [action, body] of [...lists, ...details]) {
    const res = await request(app).post(`/api/${action}`).send(body)
    expect(res.body.code, `${action} ${JSON.stringify(body)}`).toBe(Code.OK)
    const { views: _views, isFollowed: _f, isCollected: _c, ...data } = res.body.data as Record<string, unknown>
    answers[`${action} ${JSON.stringify(body)}`] = Array.isArray(res.body.data) ? res.body.data : data
  }
  return answers
}

/** Empties every content table, as a new installation is (members and their accounts stay, to sign in). */
async function emptyContent() {
  await prisma.specialCourse.deleteMany()
  await prisma.teacherVideo.deleteMany()
  await prisma.course.deleteMany()
  await prisma.special.deleteMany()
  await prisma.courseNotice.deleteMany()
  await prisma.activity.deleteMany()
  await prisma.viewpoint.deleteMany()
  await prisma.teacher.deleteMany()
  await prisma.teacherCategory.deleteMany()
  await prisma.courseCategory.deleteMany()
  await prisma.specialCategory.deleteMany()
  await prisma.tag.deleteMany()
  await prisma.banner.deleteMany()
  await prisma.question.deleteMany()
  await prisma.cooperation.deleteMany()
  await prisma.cooperationType.deleteMany()
  await prisma.partner.deleteMany()
  await prisma.friendLink.deleteMany()
  await prisma.siteSetting.deleteMany()
  await prisma.menuSeo.deleteMany()
  await prisma.aboutPage.deleteMany()
}

describe('POST /api/Admin/export', () => {
  test('answers a signed link to a zip holding every seed file and the files the content shows', async () => {
    const res = await staff('export')

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { name: expect.stringMatching(/^mingshi-content-\d{8}-\d{4}\.zip$/), missingFiles: [] },
    })
    const { url, size, counts, files, expiresAt } = res.body.data
    expect(url).toMatch(/^\/uploads\/exports\/[0-9a-f]{32}\/mingshi-content-[\d-]+\.zip\?expires=\d+&sig=/)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(60 * 60 * 1000)
    expect(counts).toMatchObject({ teachers: await prisma.teacher.count(), courses: await prisma.course.count(), settings: 13 })

    const file = await download(url)
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('application/zip')
    expect(file.headers['content-disposition']).toBe('attachment')
    expect(file.headers['cache-control']).toBe('private, no-store')
    expect((file.body as Buffer).length).toBe(size)

    const entries = await unzip(file.body as Buffer)
    for (const kind of seedKinds) expect(entries.has(`${kind}.json`), kind).toBe(true)
    expect([...entries.keys()].filter((name) => name.startsWith('media/uploads/'))).toHaveLength(files)
    const photo = entries.get('media/uploads/seed/teacher/t-001.png')!
    expect(photo.equals(fs.readFileSync(path.join(env.UPLOAD_DIR, 'seed', 'teacher', 't-001.png')))).toBe(true)
    const teachers = JSON.parse(entries.get('teachers.json')!.toString('utf8')) as Record<string, unknown>[]
    const t001 = await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' } })
    expect(teachers.find((t) => t.slug === 't-001')).toMatchObject({
      id: t001.id,
      category: 'economy',
      photo: '/uploads/seed/teacher/t-001.png',
    })
    expect(entries.get('teachers.json')!.toString('utf8')).toMatch(/^\[\n {2}\{\n {4}"id": /)

    const audit = await prisma.auditLog.findFirst({ where: { action: 'Admin/export' }, orderBy: { id: 'desc' } })
    expect(audit?.summary).toMatch(/^导出全部内容（\d+ 条记录、\d+ 个文件）$/)
  })

  test('the archive is private: without its signature, or with another, it is not found', async () => {
    const { url } = (await staff('export')).body.data
    const [plain] = url.split('?')
    expect((await request(app).get(plain)).status).toBe(404)
    expect((await request(app).get(url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(404)
  })

  test('exporting unchanged content answers the same archive; a change makes a new one', async () => {
    const first = (await staff('export')).body.data
    const again = (await staff('export')).body.data
    expect(again.url.split('?')[0]).toBe(first.url.split('?')[0])

    await staff('questionSave', { slug: unique('question'), title: '导出后新增的问题' })
    const changed = (await staff('export')).body.data
    expect(changed.url.split('?')[0]).not.toBe(first.url.split('?')[0])
    expect(changed.counts.questions).toBe(first.counts.questions + 1)
  })
})

test('exports asked for at once share one build of the archive, and each is audited', async () => {
  await staff('questionSave', { slug: unique('question'), title: '并发导出前新增的问题' })
  const auditsBefore = await prisma.auditLog.count({ where: { action: 'Admin/export' } })
  const uploadsBefore = await prisma.upload.count({ where: { kind: 'archive' } })

  const answers = await Promise.all([staff('export'), staff('export'), staff('export')])

  expect(answers.map((res) => res.body.code)).toEqual([Code.OK, Code.OK, Code.OK])
  expect(new Set(answers.map((res) => res.body.data.url.split('?')[0])).size).toBe(1)
  expect(await prisma.upload.count({ where: { kind: 'archive' } })).toBeLessThanOrEqual(uploadsBefore + 1)
  expect(await prisma.auditLog.count({ where: { action: 'Admin/export' } })).toBe(auditsBefore + 3)
})

describe('POST /api/Admin/import', () => {
  test('export, then import into a database emptied of content, gives identical public answers and files', async () => {
    const { picture, teacher, special, activity } = await editContent()
    await flushViews()
    const { bytes } = await exportBytes()
    const before = await publicAnswers({ teacher: teacher.id, special: special.id, activity: activity.id })
    await flushViews()

    await emptyContent()
    await prisma.upload.delete({ where: { path: picture.relative } })
    fs.rmSync(path.join(env.UPLOAD_DIR, picture.relative))
    expect((await request(app).post('/api/Index/getConfig').send({})).body.data.icp).toBe('')

    const res = await importZip(bytes)

    expect(res.body).toMatchObject({ code: Code.OK, data: { counts: { teachers: expect.any(Number), specials: expect.any(Number) } } })
    expect(await publicAnswers({ teacher: teacher.id, special: special.id, activity: activity.id })).toEqual(before)
    // The member's picture came back with the archive, public as it was.
    const served = await download(picture.url)
    expect(served.status).toBe(200)
    expect(await prisma.upload.findUnique({ where: { path: picture.relative } })).toMatchObject({ isPublic: true, memberId: null })
    const audit = await prisma.auditLog.findFirst({ where: { action: 'Admin/import' }, orderBy: { id: 'desc' } })
    expect(audit?.summary).toMatch(/^导入内容（\d+ 条记录，来自 content\.zip）$/)

    // Importing the same archive again changes nothing.
    const counts = { teachers: await prisma.teacher.count(), links: await prisma.specialCourse.count() }
    expect((await importZip(bytes)).body.code).toBe(Code.OK)
    expect({ teachers: await prisma.teacher.count(), links: await prisma.specialCourse.count() }).toEqual(counts)
  })

  test('an archive with a problem is refused whole, naming file, record and field', async () => {
    const entries = await unzip((await exportBytes()).bytes)
    const teachers = JSON.parse(entries.get('teachers.json')!.toString('utf8')) as Record<string, unknown>[]
    teachers[0] = { ...teachers[0], name: '不应写入' }
    teachers[1] = { ...teachers[1], category: 'no-such' }
    const broken = zipBytes({
      'teachers.json': JSON.stringify(teachers),
      'tags.json': entries.get('tags.json')!.toString('utf8'),
      'teacher-categories.json': entries.get('teacher-categories.json')!.toString('utf8'),
    })
    const before = await prisma.teacher.findUniqueOrThrow({ where: { slug: String(teachers[0].slug) } })

    const res = await importZip(broken)

    expect(res.status).toBe(400)
    expect(res.body.msg).toBe(
      `种子数据有误，未导入任何内容：\nteachers.json 第 2 条 (slug "${String(teachers[1].slug)}") 字段 category: 未知的名师分类 "no-such"`,
    )
    expect(await prisma.teacher.findUniqueOrThrow({ where: { slug: String(teachers[0].slug) } })).toEqual(before)
  })

  test('refuses what is not a zip, a zip without seed files and names leaving the folder', async () => {
    const count = await prisma.teacher.count()
    const png = await importZip(pngBytes(), 'content.zip')
    expect(png.status).toBe(415)
    expect(png.body).toEqual(failure(Code.UNSUPPORTED, '请上传由“导出”生成的 zip 文件'))
    expect((await importZip(zipBytes({ 'readme.txt': '你好' }))).body).toEqual(
      failure(Code.BAD_PARAMS, '压缩包中没有可导入的 JSON 文件，请上传由“导出”生成的 zip 文件'),
    )
    expect((await importZip(zipBytes({ '../../escape.json': '[]' }))).body).toEqual(
      failure(Code.BAD_PARAMS, '压缩包已损坏或不是有效的 zip 文件'),
    )
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, '..', 'escape.json'))).toBe(false)
    expect((await request(app).post('/api/Admin/import').set('Authorization', admin).send({})).body).toEqual(
      failure(Code.BAD_PARAMS, '请选择要导入的 zip 文件（表单字段 file）'),
    )
    expect(await prisma.teacher.count()).toBe(count)
  })

  test('takes a zip of the folder itself (one folder at the top)', async () => {
    const res = await importZip(
      zipBytes({ 'my-seed/questions.json': JSON.stringify([{ slug: unique('question'), title: '打包了文件夹' }]) }),
    )
    expect(res.body).toMatchObject({ code: Code.OK, data: { counts: { questions: 1 } } })
  })

  test('stops unpacking past the size limit, whatever the headers claim', async () => {
    const dir = tempDir('unzip-limit-')
    const archive = path.join(dir, 'big.zip')
    fs.writeFileSync(archive, zipBytes({ 'a.json': 'x'.repeat(5000), 'b.json': 'y'.repeat(5000) }))
    await expect(extractZip(archive, path.join(dir, 'out'), { entries: 10, bytes: 6000 })).rejects.toMatchObject({
      code: Code.TOO_LARGE,
      message: '压缩包解压后超过 6KB 上限',
    })
    await expect(extractZip(archive, path.join(dir, 'out2'), { entries: 1, bytes: 1e9 })).rejects.toMatchObject({
      code: Code.TOO_LARGE,
      message: '压缩包内文件过多（最多 1 个）',
    })
  })
})

// Content tables compared row by row; `updatedAt` is the time of the write, except for about pages,
// whose date the export keeps (the public terms show it).
const CONTENT_TABLES = [
  'SiteSetting',
  'MenuSeo',
  'AboutPage',
  'Tag',
  'TeacherCategory',
  'Teacher',
  'TeacherTag',
  'TeacherVideo',
  'CourseCategory',
  'Course',
  'CourseTag',
  'SpecialCategory',
  'Special',
  'SpecialTag',
  'SpecialCourse',
  'Banner',
  'CourseNotice',
  'Activity',
  'Viewpoint',
  'Question',
  'CooperationType',
  'Cooperation',
  'Partner',
  'FriendLink',
]

/** Every content table's rows in a stable order, read from the database at `url` (SQLite or PostgreSQL). */
async function tableRows(url: string) {
  const rowsOf = async (table: string): Promise<Record<string, unknown>[]> => {
    const sql = `SELECT * FROM "${table}" ORDER BY 1, 2`
    if (!isPostgres) {
      const db = new Database(url.replace(/^file:/, ''), { readonly: true })
      try {
        return db.prepare(sql).all() as Record<string, unknown>[]
      } finally {
        db.close()
      }
    }
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(sql)).rows
    } finally {
      await client.end()
    }
  }
  const tables: [string, Record<string, unknown>[]][] = []
  for (const table of CONTENT_TABLES) {
    const rows = await rowsOf(table)
    tables.push([table, rows.map(({ updatedAt, ...row }) => (table === 'AboutPage' ? { ...row, updatedAt } : row))])
  }
  return Object.fromEntries(tables)
}

/** Creates a tag the way the app does, leaving its id to the database; answers that id. */
async function addTagWithoutId(url: string, name: string): Promise<number> {
  const sql = `INSERT INTO "Tag" ("name", "updatedAt") VALUES ('${name}', CURRENT_TIMESTAMP) RETURNING "id"`
  if (!isPostgres) {
    const db = new Database(url.replace(/^file:/, ''))
    try {
      return (db.prepare(sql).get() as { id: number }).id
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ id: number }>(sql)).rows[0].id
  } finally {
    await client.end()
  }
}

/** A new, migrated database without content: a file on SQLite, a database of the test cluster on PostgreSQL. */
async function freshDatabase(dir: string): Promise<string> {
  if (!isPostgres) {
    const url = `file:${path.join(dir, 'fresh.db')}`
    execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'pipe',
    })
    return url
  }
  const server = inject('postgresServer')
  const name = `fresh_${crypto.randomBytes(6).toString('hex')}`
  await onServer(server, `CREATE DATABASE "${name}"`)
  const url = `${server}/${name}`
  await migratePostgres(url, () => undefined)
  return url
}

describe('npm run seed with an exported folder', () => {
  test('fills a new database and upload folder with the same rows and files', async () => {
    await editContent()
    await flushViews()
    const { bytes } = await exportBytes()
    const dir = tempDir('export-folder-')
    fs.writeFileSync(path.join(dir, 'content.zip'), bytes)
    await extractZip(path.join(dir, 'content.zip'), path.join(dir, 'seed'), { entries: 100_000, bytes: 1e10 })
    const fresh = { DATABASE_URL: await freshDatabase(dir), UPLOAD_DIR: path.join(dir, 'uploads') }
    execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['seed/import.ts', path.join(dir, 'seed')], {
      cwd: projectRoot,
      env: { ...process.env, ...fresh },
      stdio: 'pipe',
    })

    expect(await tableRows(fresh.DATABASE_URL)).toEqual(await tableRows(env.databaseUrl))
    const photo = path.join('seed', 'teacher', 't-001.png')
    expect(fs.readFileSync(path.join(fresh.UPLOAD_DIR, photo)).equals(fs.readFileSync(path.join(env.UPLOAD_DIR, photo)))).toBe(true)
    // The imported rows kept their ids; a row created afterwards gets the next free one, not a taken one.
    const { _max } = await prisma.tag.aggregate({ _max: { id: true } })
    expect(await addTagWithoutId(fresh.DATABASE_URL, '导入后新建的标签')).toBe(_max.id! + 1)
    // The whole round trip, a migration and `npm run seed` in a child process included: 15-20 s alone,
    // over 40 s beside another test file on a 2-core machine.
  }, 120_000)
})
