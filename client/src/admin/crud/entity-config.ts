// What the list page and the form of a content entity are driven by (crud/entity-list-page.tsx,
// crud/entity-form-drawer.tsx), derived from the entity's declaration in common/content-types/
// (entities/entity-config-of.ts). Field names are the seed format's, so the form validates with the
// very schema the server and `npm run seed` use.
import type { SeedKind } from '../../../../common/content-schemas'

/** Another entity a field points at, by its seed key (a slug, a tag name or a cooperation type id). */
export type RefSpec = { entity: string; valueField?: string; labelField?: string; search?: boolean }

export type FieldSpec = {
  name: string
  label: string
  help?: string
  /** Half the form's width (short fields sit side by side). */
  half?: boolean
  /** Shown but not editable (the key of a fixed record). */
  isReadOnly?: boolean
  placeholder?: string
  /** The most characters a text allows (its counter). */
  maxLength?: number
  /** A secondary part of the form, folded away until opened ("SEO"). */
  group?: string
} & (
  | { kind: 'text' | 'textarea' | 'slug' | 'number' | 'switch' | 'rich' | 'date' | 'link' }
  | { kind: 'image' | 'video' }
  | { kind: 'select'; options: { value: string | number; label: string }[] }
  | ({ kind: 'ref' } & RefSpec)
  /** An ordered list of references (a topic's courses). */
  | ({ kind: 'refList' } & RefSpec)
  | { kind: 'tags' }
)

export type ColumnSpec = {
  field: string
  title: string
  render?: 'image' | 'tags' | 'bool' | 'date' | 'ref' | 'option' | 'link' | 'flags'
  width?: number
  ref?: RefSpec
  options?: { value: string | number; label: string }[]
  /** `flags`: the on/off fields shown together as tags (推荐 热门). */
  flags?: { field: string; label: string; color: string }[]
  /** The list can be ordered by this column on the server (the field is one of the type's `sortFields`). */
  isSortable?: boolean
}

export type FilterSpec = { name: string; label: string } & (
  { kind: 'select'; options: { value: string | number | boolean; label: string }[] } | ({ kind: 'ref' } & RefSpec)
)

export type EntityConfig = {
  /** The contract's entity word: Admin/<word>List, <word>Get, <word>Save, <word>Delete, <word>Sort. */
  word: string
  /** Chinese name: 名师, 课程分类… */
  title: string
  kind: SeedKind
  /** The field that names a record in messages (删除「…」). */
  labelField: string
  searchHint: string
  columns: ColumnSpec[]
  fields: FieldSpec[]
  filters?: FilterSpec[]
  /** Shown as tabs above the table (banners per position); the first option is the default. */
  tabs?: { name: string; options: { value: string; label: string }[] }
  /** The on/off field shown as a switch in the list. */
  publishField?: 'isPublished' | 'isActive'
  /** Rows can be dragged into display order (Admin/<word>Sort). */
  isSortable?: boolean
  /** The fields the list may be ordered by (Admin/<word>List `sort`), with their Chinese names. */
  sortFields?: { field: string; label: string }[]
  /** Records are fixed (about pages, cooperation types): no create or delete. */
  isFixedSet?: boolean
  /** The field a record is asked for by (Get input, table row key): `id` unless the set is keyed otherwise (`key`, `menu`). */
  keyField?: string
  /** A new record's slug is suggested as `<prefix>-<random>`. */
  slugPrefix?: string
  /** The public page of a record, for a 查看 link. */
  publicPath?: (row: Record<string, unknown>) => string | null
}
