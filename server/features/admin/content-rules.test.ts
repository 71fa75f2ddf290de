// The console's content rules beyond the generated checks: references by slug, media, renames,
// delete refusals, order and publishing as the public pages show them, topics with their courses,
// about pages, menu SEO and the site configuration.
import fs from 'node:fs'
import path from 'node:path'
import request from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { env } from '../../env'
import { Code } from '../../lib/api-error'
import {
  createCourse,
  createMember,
  createPartner,
  createTag,
  createTeacher,
  createTeacherCategory,
  createTeacherVideo,
  tagTeacher,
  unique,
} from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'

const app = createApp()
const failure = (code: number, msg: string) => ({ code, msg, data: null })
const publicCall = (action: string, body: object = {}) => request(app).post(`/api/${action}`).send(body)

let publisher: string
let admin: string
beforeAll(async () => {
  // A publisher: these rules are checked on saves, deletes and publishing, which editors may not all do.
  publisher = (await createSignedInMember({ role: 'publisher' })).auth
  admin = (await createSignedInMember({ role: 'admin' })).auth
})
const staff = (action: string, body: object, auth = publisher) =>
  request(app).post(`/api/Admin/${action}`).set('Authorization', auth).send(body)

const SEED_PHOTO = '/uploads/seed/teacher/t-001.png'
const teacherRecord = (extra: object = {}) => ({ slug: unique('teacher'), name: '测试名师', category: 'economy', ...extra })

describe('Admin/teacherSave', () => {
  test('a new teacher with a photo from the uploads is a draft, on the public pages at once when published', async () => {
    const res = await staff('teacherSave', teacherRecord({ name: '新名师', photo: SEED_PHOTO, tags: ['高质量发展'], isRecommended: true }))

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { name: '新名师', photo: SEED_PHOTO, tags: ['高质量发展'], category: 'economy', isPublished: false, state: 'draft' },
    })
    expect((await publicCall('Teacher/teacherDetails', { id: res.body.data.id })).body.code).toBe(Code.NOT_FOUND)
    await staff('teacherPublish', { id: res.body.data.id, isPublished: true })
    const details = await publicCall('Teacher/teacherDetails', { id: res.body.data.id })
    expect(details.body).toMatchObject({ code: Code.OK, data: { id: res.body.data.id, name: '新名师', img: SEED_PHOTO } })
  })

  test('unknown references are refused naming field and value, and nothing is written', async () => {
    const before = { teachers: await prisma.teacher.count(), courses: await prisma.course.count(), audits: await prisma.auditLog.count() }

    expect((await staff('teacherSave', teacherRecord({ category: 'no-such' }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 category: 未知的名师分类 "no-such"'),
    )
    expect((await staff('teacherSave', teacherRecord({ tags: ['不存在的标签'] }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 tags: 未知的标签 "不存在的标签"'),
    )
    const course = { slug: unique('course'), title: '测试课程', category: 'leadership', teacher: 't-999', courses: undefined }
    expect((await staff('courseSave', course)).body).toEqual(failure(Code.BAD_PARAMS, '字段 teacher: 未知的名师 "t-999"'))
    const special = { slug: unique('special'), title: '测试专题', category: 'policy', courses: ['c-001', 'no-course'] }
    expect((await staff('specialSave', special)).body).toEqual(failure(Code.BAD_PARAMS, '字段 courses: 未知的课程 "no-course"'))

    expect({ teachers: await prisma.teacher.count(), courses: await prisma.course.count(), audits: await prisma.auditLog.count() }).toEqual(
      before,
    )
  })

  test('an empty picture stays empty (the console draws nothing); a folder path or a missing upload is refused', async () => {
    const slug = unique('teacher')
    const saved = await staff('teacherSave', teacherRecord({ slug, photo: '' }))
    expect(saved.body.data.photo).toBe('')
    expect(fs.existsSync(path.join(env.UPLOAD_DIR, 'seed', 'teacher', `${slug}.png`))).toBe(false)

    expect((await staff('teacherSave', teacherRecord({ photo: 'images/zhang.png' }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 photo: 应为已上传文件的地址（/uploads/…）或 http(s):// 链接'),
    )
    expect((await staff('teacherSave', teacherRecord({ photo: '/uploads/nowhere/zhang.png' }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 photo: 上传目录中没有文件 /uploads/nowhere/zhang.png'),
    )
  })

  test('a changed slug renames the row: same id, no second row, the old slug is free again', async () => {
    const created = (await staff('teacherSave', teacherRecord({ tags: ['高质量发展'] }))).body.data
    const count = await prisma.teacher.count()
    const renamed = unique('renamed')

    const res = await staff('teacherSave', { ...created, slug: renamed, name: '改名后' })

    expect(res.body).toMatchObject({ code: Code.OK, data: { id: created.id, slug: renamed, name: '改名后', tags: ['高质量发展'] } })
    expect(await prisma.teacher.count()).toBe(count)
    expect(await prisma.teacher.findUnique({ where: { slug: created.slug } })).toBeNull()
  })

  test('a slug another row holds is refused with 409 and changes nothing', async () => {
    const first = (await staff('teacherSave', teacherRecord())).body.data
    const second = (await staff('teacherSave', teacherRecord())).body.data

    const res = await staff('teacherSave', { ...second, slug: first.slug })

    expect(res.status).toBe(409)
    expect(res.body).toEqual(failure(Code.EXISTS, `slug "${first.slug}" 已被其他名师使用`))
    expect((await staff('teacherSave', teacherRecord({ slug: first.slug }))).body.code).toBe(Code.EXISTS)
    expect(await prisma.teacher.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ slug: second.slug })
  })

  test("rich text is sanitized on save, with the contributions' allow-list", async () => {
    const res = await staff(
      'teacherSave',
      teacherRecord({ content: '<p onclick="x()">简介<script>alert(1)</script></p><a href="javascript:x()">链接</a>' }),
    )
    expect(res.body.data.content).toBe('<p>简介</p><a rel="noopener noreferrer nofollow">链接</a>')
  })

  test('an id the console does not manage is not found', async () => {
    expect((await staff('teacherSave', { ...teacherRecord(), id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '名师不存在'))
  })
})

describe('deleting what other rows point at', () => {
  test('a category with teachers, a teacher with a course, a tag in use and a course in a topic are refused, naming them', async () => {
    const category = await createTeacherCategory()
    const [zhang, li] = [
      await createTeacher({ categoryId: category.id, name: '张三' }),
      await createTeacher({ categoryId: category.id, name: '李四' }),
    ]
    const course = await createCourse({ teacherId: zhang.id, title: '宏观经济形势' })
    const tag = await createTag()
    await tagTeacher(li.id, tag.id)
    const special = (
      await staff('specialSave', { slug: unique('special'), title: '收录课程的专题', category: 'policy', courses: [course.slug] })
    ).body.data

    expect((await staff('teacherCategoryDelete', { id: category.id })).body).toEqual(
      failure(Code.EXISTS, '该分类下还有 2 位名师（张三、李四），请先移走或删除'),
    )
    expect((await staff('teacherDelete', { id: zhang.id })).body).toEqual(
      failure(Code.EXISTS, '该名师还有 1 门课程（宏观经济形势），请先移走或删除'),
    )
    expect((await staff('tagDelete', { id: tag.id })).body).toEqual(failure(Code.EXISTS, '该标签仍被 1 位名师（李四）使用，请先取消关联'))
    expect((await staff('courseDelete', { id: course.id })).body).toEqual(
      failure(Code.EXISTS, '该课程还被 1 个专题收录（收录课程的专题），请先从专题中移除'),
    )
    expect(await prisma.teacher.count({ where: { categoryId: category.id } })).toBe(2)
    expect(await prisma.course.findUnique({ where: { id: course.id } })).not.toBeNull()

    // Once nothing points at them, they go.
    await staff('specialSave', { ...special, courses: [] })
    expect((await staff('courseDelete', { id: course.id })).body.code).toBe(Code.OK)
    expect((await staff('teacherDelete', { id: zhang.id })).body.code).toBe(Code.OK)
    await prisma.teacherTag.deleteMany({ where: { tagId: tag.id } })
    expect((await staff('tagDelete', { id: tag.id })).body.code).toBe(Code.OK)
  })

  test('a refusal lists three names and says there are more', async () => {
    const category = await createTeacherCategory()
    for (const name of ['甲', '乙', '丙', '丁']) await createTeacher({ categoryId: category.id, name })
    expect((await staff('teacherCategoryDelete', { id: category.id })).body.msg).toBe(
      '该分类下还有 4 位名师（甲、乙、丙 等），请先移走或删除',
    )
  })
})

describe('publishing and ordering show on the public pages at once', () => {
  test('teacherPublish hides a teacher from its public page and brings it back', async () => {
    const teacher = (await staff('teacherSave', teacherRecord())).body.data
    await staff('teacherPublish', { id: teacher.id, isPublished: true })
    expect((await publicCall('Teacher/teacherDetails', { id: teacher.id })).body.code).toBe(Code.OK)

    await staff('teacherPublish', { id: teacher.id, isPublished: false })
    expect((await publicCall('Teacher/teacherDetails', { id: teacher.id })).body).toEqual(failure(Code.NOT_FOUND, '名师不存在或已下架'))

    await staff('teacherPublish', { id: teacher.id, isPublished: true })
    expect((await publicCall('Teacher/teacherDetails', { id: teacher.id })).body.code).toBe(Code.OK)
  })

  test("a banner switched off leaves its position's carousel, and a Save does not switch it back on", async () => {
    const banner = (await staff('bannerSave', { slug: unique('banner'), position: 'ad', title: '活动横幅', image: SEED_PHOTO })).body.data
    await staff('bannerPublish', { id: banner.id, isPublished: true })
    const shown = await publicCall('Special/getBanner', { position: 'ad' })
    expect(shown.body.data.map((b: { id: number }) => b.id)).toContain(banner.id)

    await staff('bannerPublish', { id: banner.id, isPublished: false })
    await staff('bannerSave', { ...banner, isActive: true })

    const hidden = await publicCall('Special/getBanner', { position: 'ad' })
    expect(hidden.body.data.map((b: { id: number }) => b.id)).not.toContain(banner.id)
  })

  test('partnerSort puts the partners in the given order on the home page list', async () => {
    const partners = [await createPartner(), await createPartner(), await createPartner()]
    const order = [partners[2].id, partners[0].id, partners[1].id]
    await staff('partnerSort', { ids: order })

    const listed = (await publicCall('Course/cooperative')).body.data as { id: number }[]
    expect(listed.map((p) => p.id).filter((id) => order.includes(id))).toEqual(order)
  })
})

describe('topics with their courses', () => {
  test('specialSave keeps the courses in the given order, and the topic page lists them', async () => {
    const [a, b] = [await createCourse({ title: '课程甲' }), await createCourse({ title: '课程乙' })]
    const res = await staff('specialSave', {
      slug: unique('special'),
      title: '带课程的专题',
      category: 'policy',
      courses: [b.slug, a.slug],
    })

    expect(res.body.data.courses).toEqual([b.slug, a.slug])
    await staff('specialPublish', { id: res.body.data.id, isPublished: true })
    const page = await publicCall('Special/specialDetails', { id: res.body.data.id })
    expect(page.body.data.courses.map((c: { title: string }) => c.title)).toEqual(['课程乙', '课程甲'])
    expect(res.body.data.specialUrl).toBe(`/subject/detail/${res.body.data.id}`)
  })
})

describe('teacher videos', () => {
  test("the console keeps the staff's videos; a member's upload is reviewed elsewhere", async () => {
    const teacher = await createTeacher()
    const own = await createTeacherVideo({ teacherId: teacher.id, title: '讲座实录' })
    const uploaded = await createTeacherVideo({ teacherId: teacher.id, slug: null, memberId: (await createMember()).id, status: 'pending' })

    const listed = await staff('teacherVideoList', { teacher: teacher.slug })
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ id: own.id, title: '讲座实录', teacher: teacher.slug }] })
    expect((await staff('teacherVideoGet', { id: uploaded.id })).body).toEqual(failure(Code.NOT_FOUND, '名师视频不存在'))
  })
})

describe('about pages, menu SEO and the site configuration', () => {
  test('changing the terms moves their version on; a version typed by the editor is kept', async () => {
    const before = (await staff('pageGet', { key: 'terms' })).body.data
    // The demo's terms carry a dated version ("2026-11"): a change dates them today, China time.
    const today = new Date(Date.now() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const next = /^\d+$/.test(before.version) ? String(Number(before.version) + 1) : today

    const saved = await staff('pageSave', { ...before, content: '<p>新的服务条款</p>' })
    expect(saved.body.data).toMatchObject({ key: 'terms', version: next, content: '<p>新的服务条款</p>' })
    const page = await publicCall('Course/getClause')
    expect(page.body.data).toMatchObject({ content: '<p>新的服务条款</p>', version: next })

    const again = await staff('pageSave', { ...saved.body.data, content: '<p>又改了</p>' })
    expect(again.body.data.version).toBe(/^\d+$/.test(next) ? String(Number(next) + 1) : `${today}.2`)
    expect((await staff('pageSave', { ...saved.body.data, content: '<p>再改一次</p>', version: '2027-01' })).body.data.version).toBe(
      '2027-01',
    )
    const statement = (await staff('pageGet', { key: 'statement' })).body.data
    expect((await staff('pageSave', { ...statement, content: '<p>声明</p>' })).body.data.version).toBe(statement.version)
  })

  test('menu SEO saved by an admin is what Index/getMenuseo answers', async () => {
    const res = await staff(
      'menuSeoSave',
      { menu: 'course', name: '课程', title: '精品课程 - 名师网', keywords: '课程', description: '' },
      admin,
    )
    expect(res.body.code).toBe(Code.OK)
    expect((await publicCall('Index/getMenuseo', { menu: 'course' })).body.data).toMatchObject({ title: '精品课程 - 名师网' })
    expect((await staff('menuSeoSave', { menu: 'course', name: '课程', title: '' }, admin)).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 title: 不能为空'),
    )
  })

  test('configGet holds every setting; configSave changes the footer at once, with an audit entry', async () => {
    const config = (await staff('configGet', {}, admin)).body.data
    expect(Object.keys(config).sort()).toEqual(
      [
        'address',
        'btlogo',
        'company_name',
        'description',
        'fax',
        'icon',
        'icp',
        'keywords',
        'logo',
        'mailbox',
        'phone',
        'title',
        'wx',
      ].sort(),
    )
    await publicCall('Index/getConfig')

    const res = await staff('configSave', { icp: '京ICP备20260001号-1' }, admin)

    expect(res.body).toEqual({ code: Code.OK, msg: '操作成功', data: { ...config, icp: '京ICP备20260001号-1' } })
    expect((await publicCall('Index/getConfig')).body.data.icp).toBe('京ICP备20260001号-1')
    const audit = await prisma.auditLog.findFirst({ where: { action: 'Admin/configSave' }, orderBy: { id: 'desc' } })
    expect(audit).toMatchObject({ entity: 'config', summary: '修改网站配置：icp' })
    expect(JSON.parse(audit!.before)).toEqual({ icp: config.icp })
  })

  test('configSave refuses a picture that is not uploaded and an unknown key, changing nothing', async () => {
    const before = (await staff('configGet', {}, admin)).body.data
    expect((await staff('configSave', { icp: '改了', logo: 'images/logo.png' }, admin)).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 logo: 应为已上传文件的地址（/uploads/…）或 http(s):// 链接'),
    )
    expect((await staff('configSave', { footer: 'x' }, admin)).body).toEqual(failure(Code.BAD_PARAMS, '不支持的参数 footer'))
    expect((await staff('configGet', {}, admin)).body.data).toEqual(before)
  })
})
