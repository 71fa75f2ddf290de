import request from '../../../test/request'
import { createApp } from '../../../app'
import { prisma } from '../../../db'
import { Code } from '../../../lib/api-error'
import { createSignedInMember, requestSmsCode, uniquePhone } from '../../../test/member-factories'
import { SensitiveMatcher } from '../../review/sensitive-matcher'
import { screenText } from '../../review/sensitive-screen.service'

const app = createApp()
const post = (path: string, auth: string | null, body: object = {}) => {
  const call = request(app).post(path)
  if (auth) call.set('Authorization', auth)
  return call.send(body)
}
const admin = (action: string, auth: string, body: object = {}) => post(`/api/Admin/${action}`, auth, body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

type Signed = Awaited<ReturnType<typeof createSignedInMember>>
let boss: Signed
let author: Signed
beforeAll(async () => {
  boss = await createSignedInMember({ role: 'admin' })
})
beforeEach(async () => {
  author = await createSignedInMember({ nickname: '普通作者' })
})

let counter = 0
/** A word no other test uses (the list is shared by the whole file). */
const freshWord = (stem: string) => `${stem}${'甲乙丙丁戊己庚辛壬癸'[counter % 10]}${String.fromCharCode(0x4e00 + ++counter * 7)}`

async function addWord(word: string, mode: 'block' | 'mask') {
  const res = await admin('sensitiveWordSave', boss.auth, { word, mode })
  expect(res.body.code).toBe(Code.OK)
  return res.body.data as { id: number; word: string; mode: string }
}

const contribute = (title: string, content: string) =>
  post('/api/Member/addContribution', author.auth, { title, kind: 'viewpoint', content })

describe('the matcher', () => {
  test('finds every word in one pass, ignoring case, full-width forms and tags between characters', () => {
    const matcher = new SensitiveMatcher(['赌博', 'abc', 'he', 'she', 'hers'])
    const found = (text: string, isHtml = false) => matcher.find(text, isHtml).map((match) => matcher.words[match.word])

    expect(found('网上赌博和ABC以及ａｂｃ')).toEqual(['赌博', 'abc', 'abc'])
    expect(found('ushers')).toEqual(['she', 'he', 'hers'])
    expect(found('<p>赌<b>博</b></p>', true)).toEqual(['赌博'])
    expect(found('<img alt="赌博">', true)).toEqual([])
    expect(matcher.find('<p>赌<b>博</b></p>', true)[0].positions).toEqual([3, 7])
    expect(new SensitiveMatcher([]).find('任何文字')).toEqual([])
  })

  test('screens a 200,000-character contribution against 2,000 words in milliseconds', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `词${String.fromCharCode(0x4e00 + i)}${String.fromCharCode(0x5e00 + i)}`)
    const matcher = new SensitiveMatcher(words)
    const text = `<p>${'这是一段很长的正文，讲课堂提问与思考。'.repeat(10_500)}</p>`.slice(0, 200_000)

    const started = performance.now()
    const matches = matcher.find(`${text}${words[1999]}`, true)
    const elapsed = performance.now() - started

    expect(matches.map((match) => matcher.words[match.word])).toEqual([words[1999]])
    // Measured 4-5 ms warm (tens of ms on a cold first call); the bound leaves room for a busy neighbour.
    expect(elapsed).toBeLessThan(250)
  })
})

describe('POST /api/Admin/sensitiveWordSave, sensitiveWordList and sensitiveWordDelete', () => {
  test('adds, changes and deletes words, each audited; the list shows the hits', async () => {
    const word = freshWord('广告')
    const saved = await addWord(word, 'block')
    expect(saved).toMatchObject({ word, mode: 'block', hits: 0 })

    const changed = await admin('sensitiveWordSave', boss.auth, { id: saved.id, word, mode: 'mask' })
    expect(changed.body.data).toMatchObject({ id: saved.id, mode: 'mask' })
    await contribute(`含${word}的标题`, '<p>正文</p>')
    const list = await admin('sensitiveWordList', boss.auth, { keyword: word })
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: saved.id, word, mode: 'mask', hits: 1 }] })
    expect((await admin('sensitiveWordList', boss.auth, { keyword: word, mode: 'block' })).body.data.total).toBe(0)

    expect((await admin('sensitiveWordDelete', boss.auth, { id: saved.id })).body).toEqual({
      code: Code.OK,
      msg: '操作成功',
      data: { id: saved.id },
    })
    expect(await prisma.sensitiveWord.count({ where: { word } })).toBe(0)
    const audit = await prisma.auditLog.findMany({ where: { entity: 'sensitiveWord', entityId: String(saved.id) }, orderBy: { id: 'asc' } })
    expect(audit.map((row) => row.action)).toEqual(['Admin/sensitiveWordSave', 'Admin/sensitiveWordSave', 'Admin/sensitiveWordDelete'])
    // Deleted, it no longer touches new text.
    const after = await contribute(`再次含${word}`, '<p>正文</p>')
    expect((await prisma.contribution.findUniqueOrThrow({ where: { id: after.body.data.id } })).title).toBe(`再次含${word}`)
  })

  test('bad input is refused in Chinese and nothing is saved', async () => {
    const word = freshWord('重复')
    await addWord(word, 'block')
    const before = await prisma.sensitiveWord.count()

    expect((await admin('sensitiveWordSave', boss.auth, { word, mode: 'mask' })).body).toEqual(
      failure(Code.EXISTS, `敏感词「${word}」已存在`),
    )
    expect((await admin('sensitiveWordSave', boss.auth, { word: '  ' })).body).toEqual(failure(Code.BAD_PARAMS, '请输入敏感词'))
    expect((await admin('sensitiveWordSave', boss.auth, { word: '两个 词' })).body).toEqual(
      failure(Code.BAD_PARAMS, '敏感词不能包含空格或换行'),
    )
    expect((await admin('sensitiveWordSave', boss.auth, { word: '长'.repeat(31) })).body).toEqual(
      failure(Code.BAD_PARAMS, '敏感词最多 30 个字'),
    )
    expect((await admin('sensitiveWordSave', boss.auth, { word: freshWord('方式'), mode: 'hide' })).body).toEqual(
      failure(Code.BAD_PARAMS, '处理方式应为 block（禁止提交）或 mask（替换为＊）'),
    )
    expect((await admin('sensitiveWordSave', boss.auth, { id: 99_999_999, word: freshWord('无') })).body).toEqual(
      failure(Code.NOT_FOUND, '敏感词不存在'),
    )
    expect((await admin('sensitiveWordDelete', boss.auth, { id: 99_999_999 })).body).toEqual(failure(Code.NOT_FOUND, '敏感词不存在'))
    expect(await prisma.sensitiveWord.count()).toBe(before)
  })
})

describe('screening contributions', () => {
  test('a block word refuses the contribution, naming the word; nothing is stored but the hit', async () => {
    const word = freshWord('违禁')
    await addWord(word, 'block')
    const before = await prisma.contribution.count({ where: { memberId: author.member.id } })

    const res = await contribute('正常的标题', `<p>前文${word.slice(0, 1)}<b>${word.slice(1)}</b>后文</p>`)

    expect(res.body).toEqual(failure(Code.BAD_PARAMS, `内容包含敏感词「${word}」，请修改后再提交`))
    expect(await prisma.contribution.count({ where: { memberId: author.member.id } })).toBe(before)
    const hits = await admin('sensitiveHitList', boss.auth, { keyword: word })
    expect(hits.body.data.list).toEqual([
      expect.objectContaining({
        word,
        mode: 'block',
        source: 'contribution',
        memberId: author.member.id,
        member: expect.objectContaining({ nickname: '普通作者' }),
        excerpt: `前文${word}后文`,
      }),
    ])
  })

  test('a mask word is stored as ＊ in the title and the content, markup intact', async () => {
    const word = freshWord('脏话')
    await addWord(word, 'mask')

    const res = await contribute(`标题里有${word}`, `<p>正文<strong>${word}</strong>结尾</p>`)

    expect(res.body.code).toBe(Code.OK)
    const stored = await prisma.contribution.findUniqueOrThrow({ where: { id: res.body.data.id } })
    const stars = '＊'.repeat(word.length)
    expect(stored.title).toBe(`标题里有${stars}`)
    expect(stored.content).toBe(`<p>正文<strong>${stars}</strong>结尾</p>`)
    expect(await prisma.sensitiveHit.count({ where: { word, source: 'contribution', mode: 'mask' } })).toBe(1)
  })
})

describe('screening nicknames', () => {
  test('saveMember refuses a block word and masks a mask word', async () => {
    const blocked = freshWord('冒充')
    const masked = freshWord('粗口')
    await addWord(blocked, 'block')
    await addWord(masked, 'mask')

    expect((await post('/api/Member/saveMember', author.auth, { nickname: `我是${blocked}` })).body).toEqual(
      failure(Code.BAD_PARAMS, `昵称包含敏感词「${blocked}」，请修改后再提交`),
    )
    expect((await prisma.member.findUniqueOrThrow({ where: { id: author.member.id } })).nickname).toBe('普通作者')

    const saved = await post('/api/Member/saveMember', author.auth, { nickname: `小${masked}` })
    expect(saved.body.data.nickname).toBe(`小${'＊'.repeat(masked.length)}`)
    expect(await prisma.sensitiveHit.count({ where: { source: 'nickname', memberId: author.member.id } })).toBe(2)
  })

  test('register refuses a block word before the SMS code is used up', async () => {
    const blocked = freshWord('官方')
    await addWord(blocked, 'block')
    const phone = uniquePhone()
    const code = await requestSmsCode(request(app), phone, 'register')
    const body = { phone, code, password: 'mingshi2026', nickname: `${blocked}客服`, agree: true }

    expect((await post('/api/Member/register', null, body)).body).toEqual(
      failure(Code.BAD_PARAMS, `昵称包含敏感词「${blocked}」，请修改后再提交`),
    )
    expect(await prisma.member.count({ where: { phone } })).toBe(0)
    const hit = await prisma.sensitiveHit.findFirstOrThrow({ where: { word: blocked } })
    expect(hit).toMatchObject({ source: 'nickname', memberId: null })

    const retry = await post('/api/Member/register', null, { ...body, nickname: '新会员' })
    expect(retry.body.code).toBe(Code.OK)
  })
})

describe('the matcher follows the list', () => {
  test('a word added, changed or removed applies to the next text at once', async () => {
    const word = freshWord('临时')
    const screen = () => screenText({ text: { text: `包含${word}的文字` } }, { source: 'inquiry', memberId: null, subject: '内容' })
    expect((await screen()).text).toBe(`包含${word}的文字`)

    const saved = await addWord(word, 'mask')
    expect((await screen()).text).toBe(`包含${'＊'.repeat(word.length)}的文字`)
    await admin('sensitiveWordSave', boss.auth, { id: saved.id, word, mode: 'block' })
    await expect(screen()).rejects.toThrow(`内容包含敏感词「${word}」，请修改后再提交`)
    await admin('sensitiveWordDelete', boss.auth, { id: saved.id })
    expect((await screen()).text).toBe(`包含${word}的文字`)
  })

  test('sensitiveHitList filters by source and refuses unknown ones', async () => {
    const list = await admin('sensitiveHitList', boss.auth, { source: 'nickname', limit: 100 })
    expect(list.body.data.list.every((hit: { source: string }) => hit.source === 'nickname')).toBe(true)
    expect((await admin('sensitiveHitList', boss.auth, { source: 'email' })).body).toEqual(
      failure(Code.BAD_PARAMS, '来源应为 contribution、nickname、inquiry 或 comment'),
    )
  })
})
