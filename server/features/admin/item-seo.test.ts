// Per-item SEO (seoTitle, seoDescription, seoKeywords), declared once as a shared field group
// (common/content-types/shared-fields.ts) on teachers, courses, topics, notices, activities and viewpoints:
// Admin Save and Get carry it, and an export imported back restores it.
import request from '../../test/request'
import yauzl from 'yauzl'
import type { ContentType } from '../../../common/content-types/define-content-type'
import { contentTypes } from '../../../common/content-types/registry'
import { createApp } from '../../app'
import { Code } from '../../lib/api-error'
import { unique } from '../../test/factories'
import { createSignedInMember } from '../../test/member-factories'
import { entityByWord, type Row } from './content-entities'

const app = createApp()
let admin: string
beforeAll(async () => {
  admin = (await createSignedInMember({ role: 'admin' })).auth
})
const staff = (action: string, body: object = {}) => request(app).post(`/api/Admin/${action}`).set('Authorization', admin).send(body)
const failure = (code: number, msg: string) => ({ code, msg, data: null })

const withSeo = ([...contentTypes] as ContentType[]).filter((type) => 'seoTitle' in type.fields)
const freshRecord = (type: ContentType, more: Row = {}): Row => ({
  ...entityByWord.get(type.word)!.example,
  slug: unique(type.word.slice(0, 8)),
  ...more,
})

test('teachers, courses, topics, notices, activities and viewpoints have it', () => {
  expect(withSeo.map((type) => type.word).sort()).toEqual(['activity', 'course', 'notice', 'special', 'teacher', 'viewpoint'])
})

describe.each(withSeo.map((type) => [type.word, type] as const))('POST /api/Admin/%sSave', (word, type) => {
  test('stores the SEO title and description, Get reads them back, and a payload without them keeps them', async () => {
    const seo = { seoTitle: '专属标题', seoDescription: '专属描述', seoKeywords: '名师,课程' }
    const created = await staff(`${word}Save`, freshRecord(type, { ...seo, seoTitle: ' 专属标题 ' }))
    expect(created.body).toMatchObject({ code: Code.OK, data: seo })

    const { seoTitle: _title, seoDescription: _description, seoKeywords: _keywords, ...withoutSeo } = created.body.data as Row
    await staff(`${word}Save`, withoutSeo)
    const got = await staff(`${word}Get`, { id: created.body.data.id })
    expect(got.body.data).toMatchObject(seo)
  })

  test('refuses an SEO title over 60 characters and a description over 160, naming the field', async () => {
    expect((await staff(`${word}Save`, freshRecord(type, { seoTitle: '长'.repeat(61) }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 seoTitle: 不能超过 60 个字符'),
    )
    expect((await staff(`${word}Save`, freshRecord(type, { seoDescription: '长'.repeat(161) }))).body).toEqual(
      failure(Code.BAD_PARAMS, '字段 seoDescription: 不能超过 160 个字符'),
    )
  })

  test('a new record without them has them empty', async () => {
    const created = await staff(`${word}Save`, freshRecord(type))
    expect(created.body.data).toMatchObject({ seoTitle: '', seoDescription: '', seoKeywords: '' })
  })
})

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

describe('POST /api/Admin/export and /api/Admin/import', () => {
  test('the export writes the SEO fields, and importing it back restores them', async () => {
    const saved = new Map<ContentType, Row>()
    for (const type of withSeo) {
      const seo = { seoTitle: `${type.label}的标题`, seoDescription: `${type.label}的描述` }
      saved.set(type, (await staff(`${type.word}Save`, freshRecord(type, seo))).body.data)
    }
    const exported = await staff('export')
    const download = await request(app)
      .get(exported.body.data.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    const zip = download.body as Buffer
    const files = await unzip(zip)
    for (const [type, record] of saved) {
      const records = JSON.parse(files.get(`${type.kind}.json`)!.toString('utf8')) as Row[]
      expect(records.find((item) => item.slug === record.slug)).toMatchObject({
        seoTitle: record.seoTitle,
        seoDescription: record.seoDescription,
      })
      await staff(`${type.word}Save`, { ...record, seoTitle: '改过', seoDescription: '' })
    }

    const imported = await request(app).post('/api/Admin/import').set('Authorization', admin).attach('file', zip, 'content.zip')
    expect(imported.body.code).toBe(Code.OK)
    for (const [type, record] of saved) {
      const got = await staff(`${type.word}Get`, { id: record.id })
      expect(got.body.data).toMatchObject({ seoTitle: record.seoTitle, seoDescription: record.seoDescription })
    }
  })
})
