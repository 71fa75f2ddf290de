import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { env } from '../../../env'
import { Code } from '../../../lib/api-error'
import { createBanner, createCourse, createTeacher } from '../../../test/factories'
import { createSignedInMember, pdfBytes, pngBytes } from '../../../test/member-factories'
import { recordUsedFiles } from './media-library.service'

const app = createApp()
const admin = (action: string, auth: string, body: object = {}) =>
  request(app).post(`/api/Admin/${action}`).set('Authorization', auth).send(body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let editor: Signed
let chief: Signed
beforeAll(async () => {
  editor = await createSignedInMember({ role: 'editor', nickname: '图库编辑' })
  chief = await createSignedInMember({ role: 'admin', nickname: '图库管理员' })
})

type Item = {
  id: number
  url: string
  kind: string
  name: string
  alt: string
  folder: string
  usedBy: { entity: string; id: number | string; label: string }[]
}
// The library answers bytes it already holds with that file, so each upload here is a picture of its own size.
let nextSize = 5
const freshPng = () => pngBytes(nextSize++, 3)
async function uploadMedia(bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const call = request(app).post('/api/Admin/mediaUpload').set('Authorization', editor.auth)
  for (const [key, value] of Object.entries(fields)) call.field(key, value)
  const res = await call.attach('file', bytes, name)
  return res
}

describe('POST /api/Admin/mediaUpload', () => {
  test('a staff upload is public at once, listed in the library, and audited', async () => {
    const res = await uploadMedia(pngBytes(), '讲座海报.png', { kind: 'image' })

    expect(res.body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: {
        id: expect.any(Number),
        url: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/),
        publicUrl: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/),
        kind: 'image',
        width: 4,
        height: 4,
        mime: 'image/png',
        size: pngBytes().length,
        name: '讲座海报.png',
        alt: '',
        folder: '',
        createdAt: expect.any(String),
        uploader: { id: editor.member.id, nickname: '图库编辑', role: 'editor' },
        usedBy: [],
        isExisting: false,
      },
    })
    const file = await request(app).get(res.body.data.url)
    expect([file.status, file.headers['cache-control']]).toEqual([200, 'public, max-age=2592000'])
    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/mediaUpload', entityId: String(res.body.data.id) } })).toEqual([
      expect.objectContaining({ staffId: editor.member.id, entity: 'media', summary: '上传文件「讲座海报.png」' }),
    ])
  })

  test('refuses a missing file, a wrong kind and a type the library does not take', async () => {
    const before = await prisma.upload.count()
    const none = await request(app).post('/api/Admin/mediaUpload').set('Authorization', editor.auth).field('kind', 'image')
    expect(none.body).toEqual(failure(Code.BAD_PARAMS, '请选择要上传的文件'))
    expect((await uploadMedia(pdfBytes(), 'a.pdf', { kind: 'image' })).body.code).toBe(Code.UNSUPPORTED)
    expect((await uploadMedia(pngBytes(), 'a.png', { kind: 'zip' })).body).toEqual(
      failure(Code.BAD_PARAMS, '文件类型应为 image、document 或 video'),
    )
    expect((await uploadMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg')).body.code).toBe(Code.UNSUPPORTED)
    expect(await prisma.upload.count()).toBe(before)
  })
})

describe('POST /api/Admin/mediaList and mediaGet', () => {
  test('lists by kind and original name, each file with where it is used', async () => {
    const photo = (await uploadMedia(freshPng(), '用处图甲.png')).body.data as Item
    const paper = (await uploadMedia(pdfBytes(), '用处讲义.pdf')).body.data as Item
    const teacher = await createTeacher({ name: '用图名师', photo: photo.url })
    const course = await createCourse({ title: '用图课程', content: `<p><img src="${photo.url}"></p><a href="${paper.url}">讲义</a>` })
    const banner = await createBanner({ title: '用图横幅', image: photo.url })
    await prisma.siteSetting.upsert({ where: { key: 'btlogo' }, create: { key: 'btlogo', value: photo.url }, update: { value: photo.url } })

    const images = await admin('mediaList', editor.auth, { kind: 'image', keyword: '用处图甲' })
    const documents = await admin('mediaList', editor.auth, { kind: 'document', keyword: '用处' })

    expect(images.body.data).toMatchObject({ total: 1, list: [{ id: photo.id }] })
    expect(images.body.data.list[0].usedBy).toEqual(
      expect.arrayContaining([
        { entity: 'teacher', id: teacher.id, label: '用图名师' },
        { entity: 'course', id: course.id, label: '用图课程' },
        { entity: 'banner', id: banner.id, label: '用图横幅' },
        { entity: 'config', id: 'btlogo', label: 'btlogo' },
      ]),
    )
    expect(images.body.data.list[0].usedBy).toHaveLength(4)
    expect(documents.body.data.list.map((item: Item) => item.id)).toEqual([paper.id])
    expect(documents.body.data.list[0].usedBy).toEqual([{ entity: 'course', id: course.id, label: '用图课程' }])
    expect((await admin('mediaGet', editor.auth, { id: paper.id })).body.data).toMatchObject({
      id: paper.id,
      usedBy: [{ entity: 'course' }],
    })
    await prisma.siteSetting.deleteMany({ where: { key: 'btlogo', value: photo.url } })
  })

  test("members' private files are not library material", async () => {
    const author = await createSignedInMember()
    const own = await request(app).post('/api/Member/uploads').set('Authorization', author.auth).attach('file', freshPng(), '私有.png')

    expect((await admin('mediaGet', editor.auth, { id: own.body.data.id })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
    expect((await admin('mediaList', editor.auth, { keyword: '私有' })).body.data.total).toBe(0)
    expect((await admin('mediaList', editor.auth, { kind: 'archive' })).body).toEqual(
      failure(Code.BAD_PARAMS, '文件类型应为 image、document 或 video'),
    )
  })
})

describe('POST /api/Admin/mediaDelete', () => {
  test('a file in use is refused, naming where; once unused, its row and bytes go, audited', async () => {
    const item = (await uploadMedia(freshPng(), '待删图片.png')).body.data as Item
    const teacher = await createTeacher({ name: '仍在用图', photo: item.url })

    const refused = await admin('mediaDelete', chief.auth, { id: item.id })

    expect(refused.body).toEqual(failure(Code.EXISTS, '该文件仍在使用：名师「仍在用图」，请先替换或删除这些引用'))
    expect((await request(app).get(item.url)).status).toBe(200)

    await prisma.teacher.update({ where: { id: teacher.id }, data: { photo: '' } })
    const done = await admin('mediaDelete', chief.auth, { id: item.id })

    expect(done.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: item.id } })
    expect(await prisma.upload.count({ where: { id: item.id } })).toBe(0)
    expect((await request(app).get(item.url)).status).toBe(404)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaDelete', entityId: String(item.id) } })).toBe(1)
    expect((await admin('mediaDelete', chief.auth, { id: item.id })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
  })
})

const seededTeacher = () =>
  prisma.teacher.findFirstOrThrow({
    where: { photo: { startsWith: '/uploads/seed/' } },
    select: { id: true, name: true, photo: true },
    orderBy: { id: 'asc' },
  })

describe('seeded and imported files in the library', () => {
  test('every seeded teacher photo and course cover is listed, named after its record, with where it is used', async () => {
    const teacher = await seededTeacher()

    const res = await admin('mediaList', editor.auth, { keyword: `${teacher.name} 照片`, kind: 'image', folder: '名师' })

    expect(res.body.code).toBe(Code.OK)
    expect(res.body.data.list).toContainEqual(
      expect.objectContaining({
        url: teacher.photo,
        name: `${teacher.name} 照片.png`,
        folder: '名师',
        uploader: null,
        usedBy: [{ entity: 'teacher', id: teacher.id, label: teacher.name }],
      }),
    )
    expect(res.body.data.folders).toEqual(
      expect.arrayContaining([
        { name: '名师', count: expect.any(Number) },
        { name: '课程', count: expect.any(Number) },
      ]),
    )
    const teachers = await prisma.teacher.findMany({ where: { photo: { startsWith: '/uploads/seed/' } }, select: { photo: true } })
    const courses = await prisma.course.findMany({ where: { cover: { startsWith: '/uploads/seed/' } }, select: { cover: true } })
    const paths = [...new Set([...teachers.map((row) => row.photo), ...courses.map((row) => row.cover)])].map((url) =>
      url.slice('/uploads/'.length),
    )
    expect(paths.length).toBeGreaterThan(100)
    expect(await prisma.upload.count({ where: { path: { in: paths }, isPublic: true } })).toBe(paths.length)
    expect(await prisma.upload.count({ where: { path: { startsWith: 'seed/' }, originalName: '' } })).toBe(0)
  })

  test('the start-up backfill records a used site file that has no row, once', async () => {
    const course = await prisma.course.findFirstOrThrow({ where: { cover: { startsWith: '/uploads/seed/' } }, orderBy: { id: 'desc' } })
    const path = course.cover.slice('/uploads/'.length)
    await prisma.upload.delete({ where: { path } })

    expect(await recordUsedFiles()).toBe(1)
    expect(await prisma.upload.findUnique({ where: { path } })).toMatchObject({
      originalName: course.title,
      folder: '课程',
      kind: 'image',
      mime: 'image/png',
      isPublic: true,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(await recordUsedFiles()).toBe(0)
  })
})

describe('POST /api/Admin/mediaUpload: the same bytes again', () => {
  test('answers the file already in the library instead of a second entry, with nothing stored or audited', async () => {
    const bytes = freshPng()
    const first = (await uploadMedia(bytes, '重复海报.png')).body.data as Item
    const before = await prisma.upload.count()

    const again = await uploadMedia(bytes, '重复海报-副本.png', { kind: 'image' })

    expect(again.body).toMatchObject({ code: Code.OK, data: { id: first.id, url: first.url, name: '重复海报.png', isExisting: true } })
    expect(await prisma.upload.count()).toBe(before)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaUpload', entityId: String(first.id) } })).toBe(1)
    expect((await admin('mediaList', editor.auth, { keyword: '重复海报' })).body.data.total).toBe(1)
  })
})

describe('POST /api/Admin/mediaSave', () => {
  test('saves alt text and folder, shown in the library and filtered by folder, audited', async () => {
    const item = (await uploadMedia(freshPng(), '授课照片.png')).body.data as Item

    const saved = await admin('mediaSave', editor.auth, { id: item.id, alt: '  张老师在讲台上授课 ', folder: '讲座现场' })

    expect(saved.body).toMatchObject({ code: Code.OK, data: { id: item.id, alt: '张老师在讲台上授课', folder: '讲座现场' } })
    expect((await admin('mediaGet', editor.auth, { id: item.id })).body.data).toMatchObject({
      alt: '张老师在讲台上授课',
      folder: '讲座现场',
    })
    const inFolder = await admin('mediaList', editor.auth, { folder: '讲座现场' })
    expect(inFolder.body.data).toMatchObject({ total: 1, list: [{ id: item.id }] })
    expect(inFolder.body.data.folders).toContainEqual({ name: '讲座现场', count: 1 })
    expect((await admin('mediaList', editor.auth, { keyword: '讲台上授课' })).body.data.list).toEqual([
      expect.objectContaining({ id: item.id }),
    ])
    expect(await prisma.auditLog.findMany({ where: { action: 'Admin/mediaSave', entityId: String(item.id) } })).toEqual([
      expect.objectContaining({ staffId: editor.member.id, entity: 'media', summary: '编辑文件「授课照片.png」的替代文字和文件夹' }),
    ])

    // A field left out stays as it is.
    await admin('mediaSave', editor.auth, { id: item.id, folder: '' })
    expect(await prisma.upload.findUnique({ where: { id: item.id }, select: { alt: true, folder: true } })).toEqual({
      alt: '张老师在讲台上授课',
      folder: '',
    })
  })

  test('a seeded photo gets its alt text too', async () => {
    const teacher = await seededTeacher()
    const row = await prisma.upload.findUniqueOrThrow({ where: { path: teacher.photo.slice('/uploads/'.length) } })

    const saved = await admin('mediaSave', editor.auth, { id: row.id, alt: `${teacher.name}的正面照` })

    expect(saved.body.data).toMatchObject({ id: row.id, alt: `${teacher.name}的正面照`, usedBy: [{ entity: 'teacher', id: teacher.id }] })
  })

  test('refuses an unknown id, too long alt text, a bad folder, a private file and a caller who is not staff, changing nothing', async () => {
    const item = (await uploadMedia(freshPng(), '不改的图.png')).body.data as Item
    const author = await createSignedInMember()
    const own = await request(app).post('/api/Member/uploads').set('Authorization', author.auth).attach('file', freshPng(), '私有2.png')

    expect((await admin('mediaSave', editor.auth, { id: 999999, alt: '无' })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
    expect((await admin('mediaSave', editor.auth, { id: own.body.data.id, alt: '无' })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
    expect((await admin('mediaSave', editor.auth, { id: item.id, alt: '字'.repeat(121) })).body).toEqual(
      failure(Code.BAD_PARAMS, '替代文字不能超过 120 个字'),
    )
    expect((await admin('mediaSave', editor.auth, { id: item.id, folder: '名师/照片' })).body).toEqual(
      failure(Code.BAD_PARAMS, '文件夹名称不能包含斜杠'),
    )
    expect((await admin('mediaSave', editor.auth, { id: 'abc' })).body).toEqual(failure(Code.BAD_PARAMS, '文件 ID格式不正确'))
    expect((await admin('mediaSave', author.auth, { id: item.id, alt: '会员改的' })).body.code).toBe(Code.FORBIDDEN)
    expect((await request(app).post('/api/Admin/mediaSave').send({ id: item.id, alt: '未登录' })).body.code).toBe(Code.NEED_LOGIN)

    expect(await prisma.upload.findUnique({ where: { id: item.id }, select: { alt: true, folder: true } })).toEqual({ alt: '', folder: '' })
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaSave', entityId: String(item.id) } })).toBe(0)
  })
})

describe('POST /api/Admin/mediaDelete: seeded files', () => {
  test('a seeded photo in use is refused naming its teacher, changing nothing; unused, it goes, audited', async () => {
    // A copy of a seeded photo under a name of its own, recorded as the start-up backfill records
    // seeded files: the test files of a run share the upload folder, and others show the original.
    const seeded = await seededTeacher()
    const copy = `seed/teacher/${crypto.randomBytes(6).toString('hex')}.png`
    fs.copyFileSync(path.join(env.UPLOAD_DIR, seeded.photo.slice('/uploads/'.length)), path.join(env.UPLOAD_DIR, copy))
    const teacher = await createTeacher({ name: '删除测试名师', photo: `/uploads/${copy}` })
    expect(await recordUsedFiles()).toBe(1)
    const row = await prisma.upload.findUniqueOrThrow({ where: { path: copy } })

    const refused = await admin('mediaDelete', chief.auth, { id: row.id })

    expect(refused.body).toEqual(failure(Code.EXISTS, `该文件仍在使用：名师「${teacher.name}」，请先替换或删除这些引用`))
    expect(await prisma.upload.count({ where: { id: row.id } })).toBe(1)
    expect((await request(app).get(teacher.photo)).status).toBe(200)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaDelete', entityId: String(row.id) } })).toBe(0)

    await prisma.teacher.update({ where: { id: teacher.id }, data: { photo: '' } })
    expect((await admin('mediaDelete', chief.auth, { id: row.id })).body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: row.id } })
    expect(await prisma.upload.count({ where: { id: row.id } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaDelete', entityId: String(row.id) } })).toBe(1)
  })
})
