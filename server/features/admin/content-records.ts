// Rows as seed records, derived from a content type's fields (common/content-types/): the Prisma
// `select` that reads every field, and the record built from such a row (dates as ISO strings,
// relations as the other row's key, tags as names, a topic's courses as slugs in order).
import type { ContentType, Field } from '../../../common/content-types/define-content-type'

type Row = Record<string, unknown>

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
const keyOf = (relation: unknown, key: string) => (relation as Row | null)?.[key] ?? null

function selectOfField(name: string, { store, ref }: Field): Row {
  switch (store.as) {
    case 'column':
      return { [store.column ?? name]: true }
    case 'date':
      return { [name]: true }
    case 'relation':
      return { [store.relation]: { select: { [ref!.key]: true } } }
    case 'tags':
      return { [name]: { select: { tag: { select: { name: true } } }, orderBy: { tagId: 'asc' } } }
    case 'list':
      return { [store.relation]: { select: { [store.item]: { select: { [ref!.key]: true } } }, orderBy: { [store.position]: 'asc' } } }
  }
}

function readField(row: Row, name: string, { store, ref }: Field): unknown {
  switch (store.as) {
    case 'column':
      return row[store.column ?? name]
    case 'date':
      return iso(row[name])
    case 'relation':
      return keyOf(row[store.relation], ref!.key)
    case 'tags':
      return (row[name] as { tag: { name: string } }[]).map((link) => link.tag.name)
    case 'list':
      return (row[store.relation] as Row[]).map((link) => keyOf(link[store.item], ref!.key))
  }
}

/** The Prisma `select` that reads every field of the type. */
export const selectOf = (type: ContentType): Row =>
  Object.assign({}, ...Object.entries(type.fields).map(([name, field]) => selectOfField(name, field)))

/** Reads a row selected with `selectOf` as the type's seed record, its fields in declaration order. */
export const recordReader =
  (type: ContentType) =>
  (row: Row): Row =>
    Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, readField(row, name, field)]))

/**
 * The record of a fixed set's key that has no row yet: the key, every default the rules declare,
 * no date, and "" for the rest, so the console can fill it in.
 */
export const blankRecord = (type: ContentType, key: string | number): Row =>
  Object.fromEntries(
    Object.entries(type.fields).map(([name, field]) => {
      if (name === type.key) return [name, key]
      const fallback = field.rule.safeParse(undefined)
      if (fallback.success && fallback.data !== undefined) return [name, fallback.data]
      return [name, field.store.as === 'date' ? null : '']
    }),
  )
