// Each content type is declared once (common/content-types/<type>.ts): whatever else the declaration
// says about the type names one of its own fields, and the seed format is exactly those fields.
import { keyField, seedKinds, seedSchemas } from '../content-schemas'
import type { ContentType } from './define-content-type'
import { contentTypes } from './registry'

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
    for (const field of Object.values(type.fields)) {
      const target = field.ref && types.find((other) => other.word === field.ref!.word)
      if (target) expect(seedKinds.indexOf(target.kind as never)).toBeLessThan(seedKinds.indexOf(type.kind as never))
    }
  }
})

test('entity words and seed kinds are each used once', () => {
  expect(new Set(types.map((type) => type.word)).size).toBe(types.length)
  expect(new Set(types.map((type) => type.kind)).size).toBe(types.length)
})
