// The console shows what the declarations name (common/content-types/) and nothing else: every form
// field, column, filter and tab of a content entity is a field its type declares, and every declared
// field with an input is in the form.
import { describe, expect, test } from 'vitest'
import type { ContentType } from '../../../../common/content-types/define-content-type'
import { contentTypes } from '../../../../common/content-types/registry'
import { contentEntities } from './content-entities'

const types: ContentType[] = [...contentTypes]

describe.each(contentEntities.map(({ path, config }) => [path, config] as const))('/admin/%s', (_path, config) => {
  const type = types.find((candidate) => candidate.word === config.word)!
  const declared = Object.keys(type?.fields ?? {})
  const undeclared = (names: (string | undefined)[]) => names.filter((name) => name !== undefined && !declared.includes(name))

  test('is a declared content type, named as the declaration names it', () => {
    expect(type).toBeDefined()
    expect(config).toMatchObject({ kind: type.kind, title: type.menuLabel ?? type.label, labelField: type.labelField })
  })

  test('its form holds exactly the declared fields that have an input', () => {
    expect(config.fields.map((field) => field.name).sort()).toEqual(declared.filter((name) => type.fields[name].input).sort())
  })

  test('its columns, filters and tabs show declared fields only', () => {
    const columns = config.columns.flatMap((column) =>
      column.render === 'flags' ? (column.flags ?? []).map((flag) => flag.field) : [column.field],
    )
    expect(undeclared(columns)).toEqual([])
    expect(undeclared((config.filters ?? []).map((filter) => filter.name))).toEqual([])
    expect(undeclared([config.tabs?.name, config.publishField, config.keyField])).toEqual([])
  })
})
