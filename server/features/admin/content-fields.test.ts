// The Admin answers and the export hold exactly the fields each content type declares
// (common/content-types/): a field added to a select, a record or a seed file by hand, without its
// declaration, fails here; so does a declared field that an answer leaves out.
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

const types: ContentType[] = [...contentTypes]
// A record that can be published also carries its lifecycle state (features/lifecycle), read-only.
const STATE_KEYS = ['state', 'publishAt', 'unpublishAt', 'draftAt']
const fieldsOf = (type: ContentType) => Object.keys(type.fields).sort()
const answerFieldsOf = (type: ContentType) => [...Object.keys(type.fields), ...(type.publish ? STATE_KEYS : [])].sort()
const keysOf = (record: Row) => Object.keys(record).sort()

/** The type's example Save payload, unique where its key must be. */
function freshRecord(type: ContentType): Row {
  const record: Row = { ...entityByWord.get(type.word)!.example }
  if (type.key === 'slug') record.slug = unique(type.word.toLowerCase().slice(0, 8))
  if (type.key === 'name') record.name = `字段${Math.random().toString(36).slice(2, 8)}`
  return record
}

describe.each(types.map((type) => [type.word, type] as const))('Admin/%s…', (word, type) => {
  test(`${word}Save and ${word}Get answer the declared fields (and the state, if publishable), ${word}List the same without the rich text`, async () => {
    const saved = await staff(`${word}Save`, freshRecord(type))
    expect(saved.body.code).toBe(Code.OK)
    expect(keysOf(saved.body.data)).toEqual(answerFieldsOf(type))

    const ref = type.fixedKeys ? { [type.key]: saved.body.data[type.key] } : { id: saved.body.data.id }
    const got = await staff(`${word}Get`, ref)
    expect(keysOf(got.body.data)).toEqual(answerFieldsOf(type))

    const listed = await staff(`${word}List`, { limit: 100 })
    for (const row of listed.body.data.list as Row[]) {
      expect(keysOf(row)).toEqual(answerFieldsOf(type).filter((name) => name !== type.richField))
    }
  })
})

/** Name -> text of every JSON file in a zip. */
async function seedFilesOf(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const files = new Map<string, string>()
  for await (const entry of zip.eachEntry()) {
    if (!entry.fileName.endsWith('.json')) continue
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    files.set(entry.fileName.split('/').at(-1)!, Buffer.concat(chunks).toString('utf8'))
  }
  return files
}

describe('POST /api/Admin/export', () => {
  test("every record of every seed file holds exactly its type's declared fields", async () => {
    const exported = await staff('export')
    expect(exported.body.code).toBe(Code.OK)
    const download = await request(app)
      .get(exported.body.data.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    const files = await seedFilesOf(download.body as Buffer)

    for (const type of types) {
      const records = JSON.parse(files.get(`${type.kind}.json`) ?? '[]') as Row[]
      for (const record of records) expect([type.kind, keysOf(record)]).toEqual([type.kind, fieldsOf(type)])
    }
  })
})
