import request, { type Response } from '../../test/request'
import { createApp } from '../../app'
import { prisma } from '../../db'
import { Code } from '../../lib/api-error'
import { invalidateContentCache } from '../../data/cache'
import { createCourse, createSpecial, createTag, createTeacher, tagCourse, tagSpecial, tagTeacher } from '../../test/factories'

const app = createApp()
const search = (body: object) => request(app).post('/api/Index/search').send(body)
const badParams = (msg: string) => ({ code: Code.BAD_PARAMS, msg, data: null })
type Item = { type: string; id: number; matched: string[] }
const keys = (res: Response) => res.body.data.list.map((item: Item) => `${item.type}:${item.id}`)

// Rare characters keep these rows apart from the seeded demo content.
describe('POST /api/Index/search by keyWord', () => {
  test('ranks title matches above body matches: teachers, specials, then courses, newest first', async () => {
    const courseInBody = await createCourse({ title: '普通课程', intro: '介绍犇骉的方法' })
    const teacher = await createTeacher({ name: '犇骉老师', title: '教授' })
    const special = await createSpecial({ title: '犇骉专题', intro: '也提到犇骉' })
    const olderCourse = await createCourse({ title: '犇骉入门' })
    const newerCourse = await createCourse({ title: '进阶犇骉' })
    await createCourse({ title: '犇骉未发布', isPublished: false })

    const res = await search({ type: 'all', keyWord: '犇骉' })

    expect(res.body).toMatchObject({
      code: Code.OK,
      data: { total: 5, page: 1, limit: 10, type: 'all', keyWord: '犇骉', label: null, isCapped: false },
    })
    expect(keys(res)).toEqual([
      `teacher:${teacher.id}`,
      `special:${special.id}`,
      `course:${newerCourse.id}`,
      `course:${olderCourse.id}`,
      `course:${courseInBody.id}`,
    ])
    const [t, s, , , body] = res.body.data.list
    expect(t).toEqual({
      type: 'teacher',
      id: teacher.id,
      name: '犇骉老师',
      img: teacher.photo,
      title: '教授',
      intro: '',
      matched: ['name'],
    })
    expect(s).toMatchObject({ type: 'special', title: '犇骉专题', cover_img: special.cover, special_url: '', matched: ['title', 'intro'] })
    expect(body).toMatchObject({ type: 'course', title: '普通课程', intro: '介绍犇骉的方法', matched: ['intro'], teacher: null })
  })

  test.each([
    ['teacher', '猋羴'],
    ['course', '氿氽'],
    ['special', '乂乇'],
  ])('limits results to type %s', async (type, keyWord) => {
    await createTeacher({ name: `${keyWord}名师` })
    await createCourse({ title: `${keyWord}课程` })
    await createSpecial({ title: `${keyWord}专题` })

    const res = await search({ type, keyWord })

    expect(res.body.data.total).toBe(1)
    expect(res.body.data.list[0].type).toBe(type)
  })

  test('matches a single character anywhere, including the last one', async () => {
    const last = await createCourse({ title: '结尾是鱻' })
    const middle = await createSpecial({ title: '中鱻间' })

    const res = await search({ keyWord: '鱻' })

    expect(keys(res).sort()).toEqual([`course:${last.id}`, `special:${middle.id}`].sort())
  })

  test('matches longer keywords as substrings only', async () => {
    const hit = await createCourse({ title: '麤厵龘课程' })
    await createCourse({ title: '麤厵和龘' })

    const res = await search({ type: 'course', keyWord: '麤厵龘' })

    expect(keys(res)).toEqual([`course:${hit.id}`])
  })

  test('ignores case and needs every space-separated term', async () => {
    const both = await createCourse({ title: '灥MBA实务', intro: '含有 Zyxw 字样' })
    await createCourse({ title: '灥MBA基础' })

    const res = await search({ type: 'course', keyWord: '  mba  zyxw 灥 ' })

    expect(keys(res)).toEqual([`course:${both.id}`])
    expect(res.body.data.list[0].matched).toEqual(['title', 'intro'])
  })

  test('follows edits, unpublishing and deletion through the index triggers', async () => {
    const course = await createCourse({ title: '爨爩课程' })
    const teacher = await createTeacher({ name: '爨爩' })
    expect((await search({ keyWord: '爨爩' })).body.data.total).toBe(2)

    // An unpublished row leaves the page at once; the cached ranking is redone on invalidation.
    await prisma.course.update({ where: { id: course.id }, data: { isPublished: false } })
    expect(keys(await search({ keyWord: '爨爩' }))).toEqual([`teacher:${teacher.id}`])

    await prisma.course.update({ where: { id: course.id }, data: { views: { increment: 5 } } })
    await prisma.teacher.update({ where: { id: teacher.id }, data: { name: '另一个名字' } })
    invalidateContentCache()
    expect((await search({ keyWord: '爨爩' })).body.data.total).toBe(0)

    await prisma.course.update({ where: { id: course.id }, data: { isPublished: true } })
    invalidateContentCache()
    expect(keys(await search({ keyWord: '爨爩' }))).toEqual([`course:${course.id}`])

    await prisma.course.delete({ where: { id: course.id } })
    invalidateContentCache()
    expect((await search({ keyWord: '爨爩' })).body.data.total).toBe(0)
  })

  test('follows teachers and specials, and matches moving between title and intro, through the triggers', async () => {
    const teacher = await createTeacher({ name: '王老师', title: '教授', intro: '讲授夔夔的课' })
    const special = await createSpecial({ title: '专题', intro: '无关' })
    const course = await createCourse({ title: '夔夔课程', intro: '简介' })
    expect(keys(await search({ keyWord: '夔夔' }))).toEqual([`course:${course.id}`, `teacher:${teacher.id}`])

    // The course's match moves from its title to its intro: it now ranks as a body match, after the
    // special whose title gained it; the teacher's moves from its intro to its name.
    await prisma.course.update({ where: { id: course.id }, data: { title: '课程', intro: '简介里有夔夔' } })
    await prisma.special.update({ where: { id: special.id }, data: { title: '夔夔专题' } })
    await prisma.teacher.update({ where: { id: teacher.id }, data: { name: '夔夔', intro: '讲课' } })
    invalidateContentCache()
    expect(keys(await search({ keyWord: '夔夔' }))).toEqual([`teacher:${teacher.id}`, `special:${special.id}`, `course:${course.id}`])

    await prisma.teacher.update({ where: { id: teacher.id }, data: { isPublished: false } })
    await prisma.special.delete({ where: { id: special.id } })
    invalidateContentCache()
    expect(keys(await search({ keyWord: '夔夔' }))).toEqual([`course:${course.id}`])

    await prisma.teacher.update({ where: { id: teacher.id }, data: { isPublished: true } })
    await prisma.teacher.update({ where: { id: teacher.id }, data: { name: '王老师', title: '夔夔研究员' } })
    await prisma.course.delete({ where: { id: course.id } })
    invalidateContentCache()
    const res = await search({ keyWord: '夔夔' })
    expect(keys(res)).toEqual([`teacher:${teacher.id}`])
    expect(res.body.data.list[0].matched).toEqual(['title'])
  })

  test('needs every one of five long terms, including the ones the index lookup leaves to the text check', async () => {
    const all = await createCourse({ title: '甲乙丙丁戊课程', intro: '己庚辛壬癸 子丑寅卯 辰巳午未 申酉戌亥' })
    await createCourse({ title: '甲乙丙丁戊课程', intro: '己庚辛壬癸 子丑寅卯 辰巳午未 申酉戌' })
    await createCourse({ title: '甲乙丙丁戊课程', intro: '己庚辛壬癸 子丑寅卯 辰巳未午 申酉戌亥' })

    const res = await search({ type: 'course', keyWord: '甲乙丙丁戊 己庚辛壬癸 子丑寅卯 辰巳午未 申酉戌亥' })

    expect(keys(res)).toEqual([`course:${all.id}`])
  })

  test('sees writes from elsewhere within about a second without invalidation', async () => {
    await createCourse({ title: '亍亓课程' })
    expect((await search({ keyWord: '亍亓' })).body.data.total).toBe(1)

    await createCourse({ title: '亍亓进阶' })
    await new Promise((resolve) => setTimeout(resolve, 1100))

    expect((await search({ keyWord: '亍亓' })).body.data.total).toBe(2)
  })

  test('shows the part of a long intro that holds the match', async () => {
    await createCourse({ title: '长简介', intro: `${'前文'.repeat(100)}关键的齉字在这里${'后文'.repeat(100)}` })

    const res = await search({ keyWord: '齉' })

    const intro: string = res.body.data.list[0].intro
    expect(intro.startsWith('…')).toBe(true)
    expect(intro).toContain('关键的齉字在这里')
    expect(Array.from(intro).length).toBeLessThanOrEqual(102)
  })

  test('pages results with lenient page numbers and a capped limit', async () => {
    const created = []
    for (let i = 0; i < 5; i++) created.push(await createCourse({ title: `嬲嫐第${i}课` }))
    const newestFirst = created.reverse().map((c) => `course:${c.id}`)

    const zero = await search({ keyWord: '嬲嫐', page: 0, limit: 2 })
    const second = await search({ keyWord: '嬲嫐', page: 2, limit: 2 })
    const negative = await search({ keyWord: '嬲嫐', page: -1, limit: 2 })
    const huge = await search({ keyWord: '嬲嫐', limit: 1000 })

    expect(zero.body.data).toMatchObject({ page: 1, limit: 2, total: 5 })
    expect(keys(zero)).toEqual(newestFirst.slice(0, 2))
    expect(keys(second)).toEqual(newestFirst.slice(2, 4))
    expect(keys(negative)).toEqual(keys(zero))
    expect(huge.body.data.limit).toBe(50)
    expect(keys(huge)).toEqual(newestFirst)
  })

  test('finds nothing for a keyword without letters or digits, and ignores such a term beside others', async () => {
    const course = await createCourse({ title: '丌丐课程' })

    expect((await search({ keyWord: '+++' })).body).toMatchObject({ code: Code.OK, data: { list: [], total: 0 } })
    expect(keys(await search({ keyWord: '丌丐 +++' }))).toEqual([`course:${course.id}`])
  })
})

describe('POST /api/Index/search by label', () => {
  test('finds published teachers, specials and courses with the tag, for all and for each type', async () => {
    const tag = await createTag({ name: '标签测试甲' })
    const teacher = await createTeacher()
    const special = await createSpecial()
    const course = await createCourse()
    const hidden = await createCourse({ isPublished: false })
    await tagTeacher(teacher.id, tag.id)
    await tagSpecial(special.id, tag.id)
    await tagCourse(course.id, tag.id)
    await tagCourse(hidden.id, tag.id)

    const all = await search({ type: 'all', label: '标签测试甲' })

    expect(all.body.data).toMatchObject({ total: 3, label: '标签测试甲', keyWord: null })
    expect(keys(all)).toEqual([`teacher:${teacher.id}`, `special:${special.id}`, `course:${course.id}`])
    expect(all.body.data.list[0].matched).toEqual(['tags'])
    expect(keys(await search({ type: 'teacher', label: '标签测试甲' }))).toEqual([`teacher:${teacher.id}`])
    expect(keys(await search({ type: 'special', label: '标签测试甲' }))).toEqual([`special:${special.id}`])
    expect(keys(await search({ type: 'course', label: '标签测试甲' }))).toEqual([`course:${course.id}`])
  })

  test('finds nothing for an unknown tag', async () => {
    const res = await search({ label: '没有这个标签' })
    expect(res.body).toMatchObject({ code: Code.OK, data: { list: [], total: 0 } })
  })
})

describe('POST /api/Index/search errors', () => {
  test('asks for a keyword when neither keyWord nor label is given', async () => {
    for (const body of [{}, { keyWord: '' }, { keyWord: '   ' }, { type: 'course', label: ' ' }]) {
      const res = await search(body)
      expect(res.status).toBe(400)
      expect(res.body).toEqual(badParams('请输入搜索关键词'))
    }
  })

  test('rejects both keyWord and label, an unknown type and an overlong keyword', async () => {
    expect((await search({ keyWord: '课程', label: '经济' })).body).toEqual(badParams('关键词和标签只能选择一个'))
    expect((await search({ type: 'video', keyWord: '课程' })).body).toEqual(badParams('搜索类型应为 all、teacher、course 或 special'))
    expect((await search({ keyWord: '长'.repeat(51) })).body).toEqual(badParams('搜索关键词不能超过 50 个字符'))
    expect((await search({ keyWord: 42 })).body).toEqual(badParams('搜索内容格式不正确'))
  })
})
