// Each content type is declared once (common/content-types/<type>.ts): whatever else the declaration
// says about the type names one of its own fields, and the seed format is exactly those fields.
import { z } from '../validation/z'
import { keyField, seedKinds, seedSchemas } from '../content-schemas'
import { defineContentType, type ContentType } from './define-content-type'
import { contentTypes, mediaOf, picturesOf, referencesOf, richTextsOf } from './registry'
import { bySort, picture, rich, rowId, slug, tags, teacherRef, video } from './shared-fields'
import { teacher } from './teacher'

const types: ContentType[] = [...contentTypes]

describe.each(types.map((type) => [type.kind, type] as const))('%s', (_kind, type) => {
  const declared = Object.keys(type.fields)

  test('its seed schema holds exactly its declared fields, in their order', () => {
    expect(Object.keys(seedSchemas[type.kind as keyof typeof seedSchemas].shape)).toEqual(declared)
    expect(keyField[type.kind as keyof typeof keyField]).toBe(type.key)
  })

  test('key, label field, searched fields, publish flag and rich field are declared fields', () => {
    const named = [type.key, type.labelField, ...type.search, type.publish, type.richField].filter((name) => name !== undefined)
    expect(named.filter((name) => !declared.includes(name))).toEqual([])
    if (type.publish) expect(type.fields[type.publish].input).toBe('switch')
    expect(declared.filter((name) => type.fields[name].isRich).length).toBeLessThanOrEqual(1)
  })

  test('every reference points at a declared type by its key', () => {
    for (const field of Object.values(type.fields)) {
      if (!field.ref) continue
      expect(types.find((other) => other.word === field.ref!.word)).toMatchObject({ key: field.ref.key, labelField: field.ref.labelField })
    }
  })

  // The content write path (server/features/content/) draws, copies and checks media, cleans rich text
  // and checks references by what these say, so the console's widget and the declaration must agree.
  test('its pictures, videos and rich text are edited as such, and every field naming another type is a reference', () => {
    for (const [name, field] of Object.entries(type.fields)) {
      expect(field.input === 'image', name).toBe(field.media?.as === 'picture')
      expect(field.input === 'video', name).toBe(field.media?.as === 'video')
      expect(field.input === 'rich', name).toBe(Boolean(field.isRich))
    }
    const namesOthers = Object.entries(type.fields).filter(([, { store, ref }]) => ref || (store.as !== 'column' && store.as !== 'date'))
    expect(referencesOf(type).map(({ field }) => field)).toEqual(namesOthers.map(([name]) => name))
  })

  test('every filter, column and group is a field the console can show', () => {
    for (const [name, field] of Object.entries(type.fields)) {
      if (field.filter)
        expect([field.ref, field.store.as === 'tags', field.input === 'switch', field.options].some(Boolean), name).toBe(true)
      if (field.group || field.flag || field.isTabs) expect(field.input, name).toBeDefined()
      if (field.input === 'select' || field.isTabs) expect(field.options?.length, name).toBeGreaterThan(0)
      if (field.input === 'ref' || field.input === 'refList') expect(field.ref, name).toBeDefined()
    }
  })
})

test('every declared type is a seed file, imported after the types it refers to', () => {
  expect([...seedKinds].sort()).toEqual(['settings', ...types.map((type) => type.kind)].sort())
  for (const type of types) {
    for (const { target } of referencesOf(type)) {
      expect(seedKinds.indexOf(target.kind as never)).toBeLessThan(seedKinds.indexOf(type.kind as never))
    }
  }
})

test('entity words and seed kinds are each used once', () => {
  expect(new Set(types.map((type) => type.word)).size).toBe(types.length)
  expect(new Set(types.map((type) => type.kind)).size).toBe(types.length)
})

test('a field declared as a picture, video, rich text or reference is one to the write path', () => {
  // A type of this test only: nothing else declares these fields, so only the declaration can say what they are.
  const gadget = defineContentType({
    kind: 'gadgets',
    word: 'gadget',
    label: '测试类型',
    key: 'slug',
    labelField: 'slug',
    access: 'content',
    isSortable: true,
    search: ['slug'],
    order: bySort,
    fields: {
      id: rowId,
      slug,
      poster: picture('海报', { shape: 'banner' }),
      clip: video(z.string().default(''), '片段'),
      owner: teacherRef(teacher, 'api'),
      notes: rich('说明'),
      tags,
      caption: picture(),
    },
  })

  expect(picturesOf(gadget)).toEqual(['poster', 'caption'])
  expect(mediaOf(gadget)).toEqual([
    { field: 'poster', media: { as: 'picture', shape: 'banner' } },
    { field: 'clip', media: { as: 'video' } },
    { field: 'caption', media: { as: 'picture', shape: 'cover' } },
  ])
  expect(richTextsOf(gadget)).toEqual(['notes'])
  expect(referencesOf(gadget).map(({ field, target }) => [field, target.kind])).toEqual([
    ['owner', 'teachers'],
    ['tags', 'tags'],
  ])
})
