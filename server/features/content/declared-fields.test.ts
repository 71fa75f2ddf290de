// The write path treats a field as a picture, a video, rich text or a reference exactly when its
// declaration (common/content-types/) says so: every field of one record of each type is given a
// value that each of those steps would act on, and only the declared fields are acted on.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SeedData, SeedKind } from '../../../common/content-schemas'
import type { ContentType } from '../../../common/content-types/define-content-type'
import { contentTypes, mediaOf, picturesOf, referencesOf, richTextsOf } from '../../../common/content-types/registry'
import { prisma, RICH_TEXT } from '../../db'
import { contentEntities } from '../admin/content-entities'
import { PICTURE_FIELDS } from './import.service'
import { resolveAllMedia } from './media-fields'
import { fileLabel, type Row } from './problems'
import { checkReferences, type Db } from './references'
import { withCleanRichText } from './rich-text'

const types: ContentType[] = [...contentTypes]

/** One record per type whose every field holds `value`. */
const everyField = (value: unknown) =>
  Object.fromEntries(
    types.map((type) => [type.kind, [Object.fromEntries(Object.keys(type.fields).map((name) => [name, value]))]]),
  ) as Partial<SeedData>

/** "teachers.photo" for each field of the first record of `data` whose value is no longer `value`. */
const changedFields = (data: Partial<SeedData>, value: unknown) =>
  types
    .flatMap((type) =>
      Object.entries(data[type.kind as SeedKind]![0] as Row).flatMap(([field, now]) => (now === value ? [] : [`${type.kind}.${field}`])),
    )
    .sort()

/** "teachers.photo" for each problem, which names file and field. */
const fieldsOfProblems = (problems: string[]) =>
  problems.map((problem) => /^(\S+)\.json .* 字段 (\S+):/.exec(problem)!.slice(1, 3).join('.')).sort()

const declared = (of: (type: ContentType) => string[]) => types.flatMap((type) => of(type).map((field) => `${type.kind}.${field}`)).sort()

let emptyDir: string
beforeAll(() => {
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'declared-fields-'))
})
afterAll(() => fs.rmSync(emptyDir, { recursive: true, force: true }))

test('the importer resolves exactly the declared pictures and videos, and leaves every other field as it is', async () => {
  const data = everyField('missing.png')
  const problems: string[] = []

  await resolveAllMedia(data, problems, { dir: emptyDir, label: fileLabel })

  // A picture names a file the folder lacks; a video cannot be a .png.
  expect(fieldsOfProblems(problems)).toEqual(declared((type) => mediaOf(type).map(({ field }) => field)))
  for (const problem of problems) expect(problem).toMatch(/找不到文件 missing\.png|不支持的视频格式/)
  expect(data).toEqual(everyField('missing.png'))
})

test('a folder record without a picture gets one drawn for exactly the declared pictures, which the export writes as null', async () => {
  const data = everyField('')

  const plan = await resolveAllMedia(data, [], { dir: emptyDir, label: fileLabel })

  expect(changedFields(data, '')).toEqual(declared(picturesOf))
  expect(plan.jobs.map((job) => job.url).sort()).toEqual(
    changedFields(data, '').map(() => expect.stringMatching(/^\/uploads\/seed\/.+\.png$/)),
  )
  expect(declared((type) => PICTURE_FIELDS[type.kind as SeedKind] ?? [])).toEqual(declared(picturesOf))
})

test('exactly the declared rich text is cleaned as it is written', async () => {
  const html = '<p class="mask">文字</p>'
  const data = everyField(html)

  const clean = await withCleanRichText(data)

  expect(changedFields(clean, html)).toEqual(declared(richTextsOf))
  expect(clean.teachers?.[0].content).toBe('<p>文字</p>')
})

test('exactly the declared references are checked, each against the type it names', async () => {
  const data = everyField('unknown')
  const problems: string[] = []
  const nothingStored = new Proxy({}, { get: () => ({ findMany: async () => [] }) }) as Db

  await checkReferences({ data, keys: {} }, problems, nothingStored)

  expect(fieldsOfProblems(problems)).toEqual(declared((type) => referencesOf(type).map(({ field }) => field)))
  for (const type of types) {
    for (const { field, target } of referencesOf(type)) {
      const problem = problems.find((line) => line.startsWith(`${type.kind}.json `) && line.includes(` 字段 ${field}: `))
      expect(problem).toMatch(new RegExp(`: 未知的${target.label} "unknown"$`))
    }
  }
})

test("a referenced type's rows are found through the Prisma delegate named by its word", async () => {
  const targets = new Set(types.flatMap((type) => referencesOf(type).map(({ target }) => target)))
  for (const target of targets) {
    expect(contentEntities.find((entity) => entity.word === target.word)?.model, target.word).toBe(target.word)
    expect(typeof (prisma as unknown as Record<string, { findMany?: unknown }>)[target.word].findMany).toBe('function')
  }
})

test('every declared rich-text column is sanitized on every write, whoever writes it (server/db.ts)', () => {
  for (const entity of contentEntities) {
    const type = types.find((candidate) => candidate.word === entity.word)!
    const model = entity.model[0].toUpperCase() + entity.model.slice(1)
    expect(RICH_TEXT[model], entity.word).toBe(richTextsOf(type)[0])
  }
})
