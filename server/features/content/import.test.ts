import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { PNG } from 'pngjs'
import { aboutKeys, menuKeys, settingKeys } from '../../../common/content-schemas'
import { prisma } from '../../db'
import { env } from '../../env'
import { projectRoot } from '../../lib/database-url'
import { allowInserts, refuseInserts } from '../../test/database'
import { createMember, unique } from '../../test/factories'
import { defaultSeedDir, importSeedFolder, SeedError, seedIfEmpty } from './import.service'

// Every table, so "nothing changed" and "nothing duplicated" cover the whole database.
const tables = [
  'member',
  'teacherCategory',
  'teacher',
  'teacherVideo',
  'courseCategory',
  'course',
  'specialCategory',
  'special',
  'tag',
  'teacherTag',
  'courseTag',
  'specialTag',
  'specialCourse',
  'banner',
  'courseNotice',
  'activity',
  'viewpoint',
  'question',
  'cooperationType',
  'cooperation',
  'partner',
  'friendLink',
  'siteSetting',
  'menuSeo',
  'aboutPage',
] as const

async function tableCounts() {
  const counts: Record<string, number> = {}
  for (const name of tables) counts[name] = await (prisma[name] as unknown as { count(): Promise<number> }).count()
  return counts
}

const sampleRows = async () => ({
  teacher: await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' }, include: { tags: true } }),
  course: await prisma.course.findUniqueOrThrow({ where: { slug: 'c-001' } }),
  setting: await prisma.siteSetting.findUniqueOrThrow({ where: { key: 'phone' } }),
})

type Json = Record<string, unknown>[]
const tempDirs: string[] = []
/** A copy of the demo folder, with `edit` applied to its parsed files. */
function demoCopy(edit: (files: { read(name: string): Json; write(name: string, records: Json): void }) => void = () => {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-copy-'))
  tempDirs.push(dir)
  fs.cpSync(defaultSeedDir, dir, { recursive: true })
  edit({
    read: (name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Json,
    write: (name, records) => fs.writeFileSync(path.join(dir, name), JSON.stringify(records)),
  })
  return dir
}
/** A folder holding only the given files. */
function folderWith(files: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-own-'))
  tempDirs.push(dir)
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content))
  }
  return dir
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

async function expectRejected(dir: string, ...fragments: string[]) {
  const before = { counts: await tableCounts(), rows: await sampleRows() }
  const error = await importSeedFolder(dir).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SeedError)
  for (const fragment of fragments) expect((error as Error).message).toContain(fragment)
  expect(await tableCounts()).toEqual(before.counts)
  expect(await sampleRows()).toEqual(before.rows)
  return error as SeedError
}

describe('importSeedFolder with the demo folder', () => {
  test('importing it again keeps every table count, id and unchanged row as it was', async () => {
    const before = { counts: await tableCounts(), rows: await sampleRows() }

    const first = await importSeedFolder(defaultSeedDir)
    const afterFirst = { counts: await tableCounts(), rows: await sampleRows() }
    const second = await importSeedFolder(defaultSeedDir)

    expect(afterFirst).toEqual(before)
    expect(await tableCounts()).toEqual(before.counts)
    expect(await sampleRows()).toEqual(before.rows)
    expect(second.counts).toEqual(first.counts)
    expect(first.counts).toMatchObject({ teachers: 105, courses: 160, specials: 30 })
    expect(first.counts).not.toHaveProperty('members')
    expect(second.media).toMatchObject({ drawn: 0, copied: 0 })
  })

  test('holds the required volumes of demo content', async () => {
    const categories = await prisma.teacherCategory.findMany({
      orderBy: { sort: 'desc' },
      include: { _count: { select: { teachers: true } } },
    })
    expect(categories.map((c) => c.name)).toEqual(['经济', '管理', '科技', '文化', '党建'])
    for (const category of categories) expect(category._count.teachers).toBeGreaterThanOrEqual(20)
    expect(await prisma.course.count()).toBeGreaterThanOrEqual(150)
    expect(await prisma.courseCategory.count()).toBeGreaterThanOrEqual(6)
    expect(await prisma.course.count({ where: { isHot: true } })).toBeGreaterThanOrEqual(11)
    expect(await prisma.course.count({ where: { isSelected: true } })).toBeGreaterThanOrEqual(11)
    expect(await prisma.course.count({ where: { isFeatured: true, videoUrl: { not: '' } } })).toBeGreaterThanOrEqual(2)
    expect(await prisma.course.count({ where: { teacherId: null } })).toBe(0)
    expect(await prisma.special.count()).toBe(30)
    expect(await prisma.special.count({ where: { specialUrl: '' } })).toBe(0)
    expect(await prisma.special.count({ where: { isHot: true } })).toBeGreaterThanOrEqual(12)
    expect(await prisma.specialTag.count()).toBeGreaterThanOrEqual(30)
    expect(await prisma.courseNotice.count()).toBe(20)
    expect(await prisma.activity.count()).toBe(20)
    expect(await prisma.viewpoint.count()).toBe(20)
    expect(await prisma.question.count()).toBe(20)
    expect(await prisma.tag.count()).toBeGreaterThanOrEqual(20)
    expect(await prisma.tag.count({ where: { isHot: true } })).toBeGreaterThanOrEqual(6)
    expect(await prisma.partner.count()).toBeGreaterThanOrEqual(8)
    expect(await prisma.friendLink.count()).toBeGreaterThanOrEqual(8)
    expect(await prisma.teacherVideo.count()).toBeGreaterThanOrEqual(5)
    const banners = await prisma.banner.groupBy({ by: ['position'], _count: true })
    expect(Object.fromEntries(banners.map((b) => [b.position, b._count]))).toEqual({ home: 4, ad: 3, special: 3 })

    const types = await prisma.cooperationType.findMany({ orderBy: { id: 'asc' }, include: { _count: { select: { entries: true } } } })
    expect(types.map((t) => [t.id, t.name])).toEqual([
      [1, '专题培训'],
      [2, '干部讲座'],
      [3, '政策解读'],
      [4, '战略咨询'],
      [5, '高端会议'],
    ])
    for (const type of types) {
      expect(type._count.entries).toBeGreaterThanOrEqual(3)
      expect(type.intro).not.toBe('')
      expect(type.content).not.toBe('')
    }

    const settings = Object.fromEntries((await prisma.siteSetting.findMany()).map((s) => [s.key, s.value]))
    expect(Object.keys(settings).sort()).toEqual([...settingKeys].sort())
    for (const key of settingKeys) expect(settings[key]).not.toBe('')
    expect(settings.phone).toMatch(/^(400\d{8}|1[3-9]\d{9})$/)
    expect((await prisma.menuSeo.findMany()).map((m) => m.menu).sort()).toEqual([...menuKeys].sort())
    const about = await prisma.aboutPage.findMany()
    expect(about.map((a) => a.key).sort()).toEqual([...aboutKeys].sort())
    expect(about.find((a) => a.key === 'terms')?.version).toMatch(/\S/)
  })

  test('points every image at an existing PNG or JPEG file and every video at an mp4', async () => {
    const images = [
      ...(await prisma.teacher.findMany()).map((r) => r.photo),
      ...(await prisma.course.findMany()).map((r) => r.cover),
      ...(await prisma.special.findMany()).map((r) => r.cover),
      ...(await prisma.teacherVideo.findMany()).map((r) => r.cover),
      ...(await prisma.banner.findMany()).map((r) => r.image),
      ...(await prisma.courseNotice.findMany()).map((r) => r.cover),
      ...(await prisma.activity.findMany()).map((r) => r.cover),
      ...(await prisma.viewpoint.findMany()).map((r) => r.cover),
      ...(await prisma.cooperationType.findMany()).map((r) => r.cover),
      ...(await prisma.cooperation.findMany()).map((r) => r.cover),
      ...(await prisma.partner.findMany()).map((r) => r.logo),
      ...(await prisma.siteSetting.findMany({ where: { key: { in: ['wx', 'icon'] } } })).map((r) => r.value),
    ]
    expect(images.length).toBeGreaterThan(400)
    for (const url of images) {
      expect(url).toMatch(/^\/uploads\/seed\/[a-z-]+\/[\w-]+\.(png|jpe?g)$/)
      const bytes = fs.readFileSync(path.join(env.UPLOAD_DIR, url.slice('/uploads/'.length)))
      const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
      expect(isPng || isJpeg, url).toBe(true)
    }
    // Decoding proves the drawn pictures are whole, valid images of the intended sizes.
    const decode = (url: string) => PNG.sync.read(fs.readFileSync(path.join(env.UPLOAD_DIR, url.slice('/uploads/'.length))))
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' } })
    const course = await prisma.course.findUniqueOrThrow({ where: { slug: 'c-001' } })
    expect([decode(teacher.photo).width, decode(teacher.photo).height]).toEqual([300, 400])
    expect([decode(course.cover).width, decode(course.cover).height]).toEqual([480, 270])

    const videos = [
      ...(await prisma.course.findMany({ where: { videoUrl: { not: '' } } })).map((r) => r.videoUrl),
      ...(await prisma.teacherVideo.findMany()).map((r) => r.videoUrl),
    ]
    expect(videos.length).toBeGreaterThanOrEqual(2)
    for (const url of videos) {
      const bytes = fs.readFileSync(path.join(env.UPLOAD_DIR, url.slice('/uploads/'.length)))
      expect(bytes.subarray(4, 8).toString('latin1'), url).toBe('ftyp')
    }
    for (const key of ['logo', 'btlogo']) {
      const { value } = await prisma.siteSetting.findUniqueOrThrow({ where: { key } })
      expect(fs.existsSync(path.join(projectRoot, 'client', 'public', value)), value).toBe(true)
    }
  })

  test('gives different teachers different portraits', async () => {
    const [a, b] = await prisma.teacher.findMany({ where: { slug: { in: ['t-001', 't-002'] } }, orderBy: { slug: 'asc' } })
    const read = (url: string) => fs.readFileSync(path.join(env.UPLOAD_DIR, url.slice('/uploads/'.length)))
    expect(read(a.photo).equals(read(b.photo))).toBe(false)
  })
})

describe('importSeedFolder with an edited copy', () => {
  test('updates changed records in place, replaces their tags and keeps view counters', async () => {
    const dir = demoCopy(({ read, write }) => {
      const teachers = read('teachers.json')
      teachers[0] = { ...teachers[0], title: '国家高端智库首席专家', tags: ['领导力'] }
      write('teachers.json', teachers)
    })
    const counts = await tableCounts()
    const before = await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' } })
    await prisma.teacher.update({ where: { slug: 't-002' }, data: { views: 123456 } })

    await importSeedFolder(dir)

    const after = await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' }, include: { tags: { include: { tag: true } } } })
    expect(after).toMatchObject({ id: before.id, title: '国家高端智库首席专家', photo: before.photo })
    expect(after.tags.map((t) => t.tag.name)).toEqual(['领导力'])
    expect(await tableCounts()).toEqual({ ...counts, teacherTag: counts.teacherTag - 1 })

    // A re-import keeps the live view counter.
    expect(await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-002' } })).toMatchObject({ views: 123456 })

    await importSeedFolder(defaultSeedDir)
    expect(await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-001' } })).toMatchObject({ title: before.title })
    expect(await tableCounts()).toEqual(counts)
  })
})

describe('importSeedFolder with a broken folder', () => {
  test('rejects an unknown category, naming file, record and field, and changes nothing', async () => {
    const dir = demoCopy(({ read, write }) => {
      const teachers = read('teachers.json')
      teachers[11] = { ...teachers[11], category: '经济学' }
      teachers[0] = { ...teachers[0], title: '不应写入的头衔' }
      write('teachers.json', teachers)
    })
    await expectRejected(dir, 'teachers.json 第 12 条 (slug "t-012") 字段 category: 未知的名师分类 "经济学"')
  })

  test('rejects a field of the wrong type', async () => {
    const dir = demoCopy(({ read, write }) => {
      const courses = read('courses.json')
      courses[4] = { ...courses[4], isHot: 'yes' }
      write('courses.json', courses)
    })
    await expectRejected(dir, 'courses.json 第 5 条 (slug "c-005") 字段 isHot:')
  })

  test('rejects a dangling teacher reference', async () => {
    const dir = demoCopy(({ read, write }) => {
      const courses = read('courses.json')
      courses[0] = { ...courses[0], teacher: 't-999', title: '不应写入的标题' }
      write('courses.json', courses)
    })
    await expectRejected(dir, 'courses.json 第 1 条 (slug "c-001") 字段 teacher: 未知的名师 "t-999"')
  })

  test('rejects an unknown tag, a duplicate slug and a cooperation type outside 1-5', async () => {
    const dir = demoCopy(({ read, write }) => {
      const specials = read('specials.json')
      specials[2] = { ...specials[2], tags: ['不存在的标签'] }
      write('specials.json', specials)
      const questions = read('questions.json')
      questions.push({ ...questions[0], title: '重复的问题' })
      write('questions.json', questions)
      const types = read('cooperation-types.json')
      types.push({ ...types[0], id: 6 })
      write('cooperation-types.json', types)
    })
    const error = await expectRejected(
      dir,
      'specials.json 第 3 条 (slug "s-003") 字段 tags: 未知的标签 "不存在的标签"',
      'questions.json 第 21 条 (slug "q-001") 字段 slug: 与第 1 条重复',
      'cooperation-types.json 第 6 条 (id 6) 字段 id: 合作类型 id 只能是 1 到 5',
    )
    expect(error.problems).toHaveLength(3)
  })

  test('rejects a misspelled field name, an unknown file and malformed JSON', async () => {
    const teachers = JSON.parse(fs.readFileSync(path.join(defaultSeedDir, 'teachers.json'), 'utf8')) as Json
    const dir = folderWith({
      'teachers.json': [{ ...teachers[0], titel: '错字' }],
      'teacher.json': [],
      'questions.json': '[{"slug": "q-x", ',
    })
    await expectRejected(
      dir,
      'teachers.json 第 1 条 (slug "t-001"): ',
      'titel',
      'teacher.json: 未知的文件',
      'questions.json: 不是有效的 JSON',
    )
  })

  test('rejects a missing or unsupported image file', async () => {
    const dir = folderWith({
      'teachers.json': [
        { slug: 'own-a', name: '赵一', category: 'economy', photo: 'images/missing.png' },
        { slug: 'own-b', name: '钱二', category: 'economy', photo: 'images/b.svg' },
      ],
      'images/b.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
    await expectRejected(
      dir,
      'teachers.json 第 1 条 (slug "own-a") 字段 photo: 找不到文件 images/missing.png',
      'teachers.json 第 2 条 (slug "own-b") 字段 photo: 不支持的图片格式 ".svg"',
    )
    expect(await prisma.teacher.count({ where: { slug: { in: ['own-a', 'own-b'] } } })).toBe(0)
  })

  test('rolls back every write when the database refuses one row', async () => {
    // A trigger makes the last kind written fail after the teachers were already updated.
    await refuseInserts('refuse_boom', 'FriendLink', 'refused', `NEW.slug = 'link-boom'`)
    try {
      const dir = demoCopy(({ read, write }) => {
        const teachers = read('teachers.json')
        teachers[0] = { ...teachers[0], title: '不应写入的头衔' }
        write('teachers.json', teachers)
        write('friend-links.json', [...read('friend-links.json'), { slug: 'link-boom', name: '会失败的链接', url: 'https://example.com' }])
      })
      const before = { counts: await tableCounts(), rows: await sampleRows() }
      await expect(importSeedFolder(dir)).rejects.toThrow()
      expect(await tableCounts()).toEqual(before.counts)
      expect(await sampleRows()).toEqual(before.rows)
    } finally {
      await allowInserts('refuse_boom', 'FriendLink')
    }
  })
})

describe('importSeedFolder with an own folder', () => {
  test('imports teachers and courses that refer to existing categories, copying their own photos', async () => {
    const png = fs.readFileSync(path.join(env.UPLOAD_DIR, 'seed', 'teacher', 't-001.png'))
    const dir = folderWith({
      'teachers.json': [
        { slug: 'own-teacher', name: '孙三', category: 'management', title: '某大学教授', photo: 'images/sun.png', tags: ['领导力'] },
      ],
      'courses.json': [{ slug: 'own-course', title: '自有课程', category: 'leadership', teacher: 'own-teacher' }],
      'images/sun.png': png,
    })

    const summary = await importSeedFolder(dir)

    expect(summary.counts).toEqual({ teachers: 1, courses: 1 })
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { slug: 'own-teacher' }, include: { category: true, courses: true } })
    expect(teacher.category.slug).toBe('management')
    expect(teacher.courses.map((c) => c.slug)).toEqual(['own-course'])
    expect(teacher.photo).toMatch(/^\/uploads\/seed\/teacher\/sun-[0-9a-f]{10}\.png$/)
    expect(fs.readFileSync(path.join(env.UPLOAD_DIR, teacher.photo.slice('/uploads/'.length))).equals(png)).toBe(true)
    const course = await prisma.course.findUniqueOrThrow({ where: { slug: 'own-course' } })
    expect(course.cover).toBe('/uploads/seed/course/own-course.png')
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, 'seed', 'course', 'own-course.png'))).toBe(true)
  })

  test('rejects a missing folder', async () => {
    await expectRejected(path.join(os.tmpdir(), 'no-such-seed-folder'), '找不到种子目录')
  })
})

describe('importSeedFolder with what the export writes', () => {
  test('records with ids of their own and records without both get in, and later rows get free ids', async () => {
    // The next id the database would hand out is asked for by one record; the other asks for none.
    const next = (await prisma.question.aggregate({ _max: { id: true } }))._max.id! + 1
    const dir = folderWith({
      'questions.json': [
        { id: next, slug: unique('own-id'), title: '自带编号的问题' },
        { slug: unique('no-id'), title: '没有编号的问题' },
      ],
    })

    expect((await importSeedFolder(dir)).counts).toEqual({ questions: 1 + 1 })

    const own = await prisma.question.findFirstOrThrow({ where: { title: '自带编号的问题', id: { gte: next } } })
    const drawn = await prisma.question.findFirstOrThrow({ where: { title: '没有编号的问题', id: { gte: next } } })
    expect(own.id).toBe(next)
    expect(drawn.id).toBeGreaterThan(next)
    const later = await prisma.question.create({ data: { slug: unique('later'), title: '之后新建的问题' } })
    expect(later.id).toBeGreaterThan(drawn.id)
  })

  test('a new record keeps the id and date it asks for; an existing one keeps its own id', async () => {
    const free = (await prisma.question.aggregate({ _max: { id: true } }))._max.id! + 1000
    const existing = await prisma.question.findUniqueOrThrow({ where: { slug: 'q-001' } })
    const dir = folderWith({
      'questions.json': [
        { id: free, slug: 'kept-id', title: '保留编号的问题', createdAt: '2026-01-02T03:04:05.000Z' },
        { id: existing.id + 5000, slug: 'q-001', title: existing.title },
      ],
    })

    await importSeedFolder(dir)

    expect(await prisma.question.findUniqueOrThrow({ where: { slug: 'kept-id' } })).toMatchObject({
      id: free,
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
    })
    expect((await prisma.question.findUniqueOrThrow({ where: { slug: 'q-001' } })).id).toBe(existing.id)
  })

  test('an id another row holds gives the new record a fresh one instead', async () => {
    const taken = await prisma.question.findUniqueOrThrow({ where: { slug: 'q-002' } })
    await importSeedFolder(folderWith({ 'questions.json': [{ id: taken.id, slug: 'id-taken', title: '编号已被占用' }] }))
    const row = await prisma.question.findUniqueOrThrow({ where: { slug: 'id-taken' } })
    expect(row.id).not.toBe(taken.id)
    expect(await prisma.question.findUniqueOrThrow({ where: { id: taken.id } })).toMatchObject({ slug: 'q-002' })
  })

  test('a null picture stays empty; files under media/uploads/ land at their own address; a different file there is refused', async () => {
    const png = fs.readFileSync(path.join(env.UPLOAD_DIR, 'seed', 'teacher', 't-001.png'))
    const name = `carried-${process.pid}.png`
    const dir = folderWith({
      'teachers.json': [
        { slug: 'no-photo', name: '无照片', category: 'economy', photo: null },
        {
          slug: 'carried-photo',
          name: '带照片',
          category: 'economy',
          photo: `/uploads/carried/${name}`,
          content: `<p><img src="/uploads/carried/in-${name}" /></p>`,
        },
      ],
      [`media/uploads/carried/${name}`]: png,
      [`media/uploads/carried/in-${name}`]: png,
    })

    await importSeedFolder(dir)

    expect((await prisma.teacher.findUniqueOrThrow({ where: { slug: 'no-photo' } })).photo).toBe('')
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, 'seed', 'teacher', 'no-photo.png'))).toBe(false)
    expect((await prisma.teacher.findUniqueOrThrow({ where: { slug: 'carried-photo' } })).photo).toBe(`/uploads/carried/${name}`)
    for (const file of [name, `in-${name}`]) expect(fs.readFileSync(path.join(env.UPLOAD_DIR, 'carried', file)).equals(png)).toBe(true)

    const other = folderWith({
      'teachers.json': [{ slug: 'carried-photo', name: '带照片', category: 'economy', photo: `/uploads/carried/${name}` }],
      [`media/uploads/carried/${name}`]: Buffer.concat([png, Buffer.from('changed')]),
    })
    await expectRejected(other, `media/uploads/carried/${name} 与服务器上已有的同名文件内容不同，未覆盖`)
    expect(fs.readFileSync(path.join(env.UPLOAD_DIR, 'carried', name)).equals(png)).toBe(true)
  })

  test("a member's video exported under its id is found again, not copied", async () => {
    const teacher = await prisma.teacher.findUniqueOrThrow({ where: { slug: 't-003' } })
    const member = await createMember()
    const video = await prisma.teacherVideo.create({
      data: { teacherId: teacher.id, memberId: member.id, title: '会员视频', videoUrl: '/uploads/seed/video/x.mp4', status: 'approved' },
    })
    const count = await prisma.teacherVideo.count()
    const record = {
      id: video.id,
      slug: `member-video-${video.id}`,
      teacher: 't-003',
      title: '会员视频',
      video: 'https://example.com/v.mp4',
    }

    await importSeedFolder(folderWith({ 'teacher-videos.json': [record] }))

    expect(await prisma.teacherVideo.count()).toBe(count)
    expect(await prisma.teacherVideo.findUniqueOrThrow({ where: { id: video.id } })).toMatchObject({
      slug: record.slug,
      memberId: member.id,
      videoUrl: 'https://example.com/v.mp4',
    })
  })

  test("a folder only brings files of the types the uploads serve, outside the server's own folders", async () => {
    const dir = folderWith({
      'partners.json': [{ slug: 'odd-logo', name: '奇怪的标志', logo: '/uploads/carried/page.html' }],
      'media/uploads/carried/page.html': '<script>alert(1)</script>',
    })
    await expectRejected(dir, 'partners.json 第 1 条 (slug "odd-logo") 字段 logo: 上传目录中没有文件 /uploads/carried/page.html')
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, 'carried', 'page.html'))).toBe(false)
  })

  test("a topic's courses are linked in the order given; an unknown course is refused", async () => {
    await importSeedFolder(
      folderWith({ 'specials.json': [{ slug: 'with-courses', title: '带课程', category: 'policy', courses: ['c-003', 'c-001'] }] }),
    )
    const special = await prisma.special.findUniqueOrThrow({
      where: { slug: 'with-courses' },
      include: { courses: { include: { course: true }, orderBy: { position: 'asc' } } },
    })
    expect(special.courses.map((link) => link.course.slug)).toEqual(['c-003', 'c-001'])

    await expectRejected(
      folderWith({ 'specials.json': [{ slug: 'with-courses', title: '带课程', category: 'policy', courses: ['c-404'] }] }),
      'specials.json 第 1 条 (slug "with-courses") 字段 courses: 未知的课程 "c-404"',
    )
  })
})

describe('seedIfEmpty', () => {
  // The server is given its demo accounts (seed/demo-accounts.ts, by `npm run seed` and `npm start`): these stand in.
  const accounts = {
    member: { phone: '13600136000', password: 'member-test-2026', nickname: '测试演示会员' },
    admin: { phone: '13600136001', password: 'admin-test-2026', nickname: '测试管理员' },
  }

  test('does nothing when the database already has content', async () => {
    const counts = await tableCounts()
    expect(await seedIfEmpty()).toBe(false)
    expect(await tableCounts()).toEqual(counts)
  })

  test('imports the demo folder into a database without teachers and members, with the accounts it is given', async () => {
    const teachers = JSON.parse(fs.readFileSync(path.join(defaultSeedDir, 'teachers.json'), 'utf8')) as { tags: string[] }[]
    await prisma.member.deleteMany()
    await prisma.teacher.deleteMany()
    await prisma.course.deleteMany()

    expect(await seedIfEmpty({ demoAccounts: accounts })).toBe(true)

    const counts = await tableCounts()
    expect(counts.teacher).toBe(105)
    expect(counts.course).toBe(160)
    expect(counts.member).toBe(2)
    expect(counts.teacherTag).toBe(teachers.reduce((sum, t) => sum + t.tags.length, 0))
    const member = await prisma.member.findUniqueOrThrow({ where: { phone: accounts.member.phone } })
    const admin = await prisma.member.findUniqueOrThrow({ where: { phone: accounts.admin.phone } })
    const terms = await prisma.aboutPage.findUniqueOrThrow({ where: { key: 'terms' } })
    expect(member).toMatchObject({ role: 'member', nickname: accounts.member.nickname, termsVersion: terms.version })
    expect(admin).toMatchObject({ role: 'admin', nickname: accounts.admin.nickname })
    expect(member.memberNo).toMatch(/^M\d+$/)
    expect(member.passwordHash).toMatch(/^\$2[aby]\$10\$/)
    expect(await bcrypt.compare(accounts.member.password, member.passwordHash)).toBe(true)
    expect(await bcrypt.compare(accounts.admin.password, admin.passwordHash)).toBe(true)
  })
})
