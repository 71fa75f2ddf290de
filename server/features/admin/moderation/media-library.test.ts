import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { Code } from '../../../lib/api-error'
import { createBanner, createCourse, createTeacher } from '../../../test/factories'
import { createSignedInMember, pdfBytes, pngBytes } from '../../../test/member-factories'

const app = createApp()
const admin = (action: string, auth: string, body: object = {}) =>
  request(app).post(`/api/Admin/${action}`).set('Authorization', auth).send(body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let editor: Signed
beforeAll(async () => {
  editor = await createSignedInMember({ role: 'editor', nickname: '图库编辑' })
})

type Item = { id: number; url: string; kind: string; name: string; usedBy: { entity: string; id: number | string; label: string }[] }
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
        createdAt: expect.any(String),
        uploader: { id: editor.member.id, nickname: '图库编辑', role: 'editor' },
        usedBy: [],
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
    const photo = (await uploadMedia(pngBytes(), '用处图甲.png')).body.data as Item
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
    const own = await request(app).post('/api/Member/uploads').set('Authorization', author.auth).attach('file', pngBytes(), '私有.png')

    expect((await admin('mediaGet', editor.auth, { id: own.body.data.id })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
    expect((await admin('mediaList', editor.auth, { keyword: '私有' })).body.data.total).toBe(0)
    expect((await admin('mediaList', editor.auth, { kind: 'archive' })).body).toEqual(
      failure(Code.BAD_PARAMS, '文件类型应为 image、document 或 video'),
    )
  })
})

describe('POST /api/Admin/mediaDelete', () => {
  test('a file in use is refused, naming where; once unused, its row and bytes go, audited', async () => {
    const item = (await uploadMedia(pngBytes(), '待删图片.png')).body.data as Item
    const teacher = await createTeacher({ name: '仍在用图', photo: item.url })

    const refused = await admin('mediaDelete', editor.auth, { id: item.id })

    expect(refused.body).toEqual(failure(Code.EXISTS, '该文件仍在使用：名师「仍在用图」，请先替换或删除这些引用'))
    expect((await request(app).get(item.url)).status).toBe(200)

    await prisma.teacher.update({ where: { id: teacher.id }, data: { photo: '' } })
    const done = await admin('mediaDelete', editor.auth, { id: item.id })

    expect(done.body).toEqual({ code: Code.OK, msg: '操作成功', data: { id: item.id } })
    expect(await prisma.upload.count({ where: { id: item.id } })).toBe(0)
    expect((await request(app).get(item.url)).status).toBe(404)
    expect(await prisma.auditLog.count({ where: { action: 'Admin/mediaDelete', entityId: String(item.id) } })).toBe(1)
    expect((await admin('mediaDelete', editor.auth, { id: item.id })).body).toEqual(failure(Code.NOT_FOUND, '文件不存在'))
  })
})
