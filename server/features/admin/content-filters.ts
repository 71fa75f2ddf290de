// The list filters of a content type, derived from the fields its declaration marks `filter`
// (common/content-types/): the payload's schema and the condition each adds, by how the field is
// stored. On/off fields filter by their value, references by the other row's key, tags by name.
import { z } from 'zod'
import type { ContentType, Field } from '../../../common/content-types/define-content-type'
import { contentTypes } from '../../../common/content-types/registry'
import { idField } from '../../lib/schemas'

type Row = Record<string, unknown>

/** A list filter: its payload schema and the condition it adds. */
export type Filter = { schema: z.ZodType; where: (value: never) => Row }

function filterOf(name: string, field: Field): [string, Filter] {
  const { store, ref } = field
  if (store.as === 'tags') {
    return [
      'tag',
      {
        schema: z.string({ error: '标签应为名称' }).trim().min(1, { error: '标签应为名称' }).max(20),
        where: (value: string) => ({ [name]: { some: { tag: { name: value } } } }),
      },
    ]
  }
  if (store.as === 'relation') {
    const message = `${ref!.label}应为 ${ref!.key}`
    return [
      name,
      {
        schema: z.string({ error: message }).trim().min(1, { error: message }).max(80),
        where: (value: string) => ({ [store.relation]: { [ref!.key]: value } }),
      },
    ]
  }
  const column = store.as === 'column' ? (store.column ?? name) : name
  const where = (value: unknown) => ({ [column]: value })
  if (ref) return [name, { schema: idField(ref.label), where }]
  if (field.input === 'switch') return [name, { schema: z.boolean({ error: `${name} 应为 true 或 false` }), where }]
  if (field.options) return [name, { schema: field.rule, where }]
  throw new Error(`no list filter for field ${name} stored as ${store.as}`)
}

/** The most keys one `keys` filter names: a list page's worth (the console's largest page). */
export const MAX_KEYS = 100

/**
 * `keys`: only the rows of these keys (slugs, tag names, type ids). The console reads the names of
 * the records a list page refers to with one such call per referenced type, not one per row.
 */
function keysFilter(type: ContentType): Filter {
  const message = `keys 应为最多 ${MAX_KEYS} 个${type.label}的 ${type.key}`
  const key = type.key === 'id' ? idField(`${type.label} ID`) : z.string({ error: message }).trim().min(1, { error: message }).max(80)
  return {
    schema: z.array(key, { error: message }).min(1, { error: message }).max(MAX_KEYS, { error: message }),
    where: (values: unknown[]) => ({ [type.key]: { in: values } }),
  }
}

/** The type's filters by payload name (`tag` for tags), in field order, then `keys`. */
export const filtersOf = (type: ContentType): Record<string, Filter> => ({
  ...Object.fromEntries(
    Object.entries(type.fields)
      .filter(([, field]) => field.filter)
      .map(([name, field]) => filterOf(name, field)),
  ),
  keys: keysFilter(type),
})

/** A list order a payload may ask for: one of the type's orderable fields, up or down. */
export type ListSort = { field: string; order: 'asc' | 'desc' }

/**
 * The columns a list may be ordered by (`sort`), by field name: the declaration's `orderFields`
 * (the label field and those marked `isOrderable`), each by the column that holds it.
 */
export const sortColumnsOf = (type: ContentType): Record<string, string> =>
  Object.fromEntries(
    type.orderFields.map((name) => {
      const { store } = type.fields[name]
      return [name, store.as === 'column' ? (store.column ?? name) : name]
    }),
  )

/** Each content type's `sortColumnsOf`, by its word. */
export const sortColumnsByWord = new Map<string, Record<string, string>>(contentTypes.map((type) => [type.word, sortColumnsOf(type)]))

/** Prisma's orderBy for a sort: the column, then the id the same way, so pages never share or skip a row. */
export const orderByOf = (columns: Record<string, string>, { field, order }: ListSort) => [{ [columns[field]]: order }, { id: order }]
