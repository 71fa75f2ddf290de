// The vocabulary a content type is declared in (one file per type beside this one): the type's
// facts (seed kind, entity word, label, key, access, publishing, sorting, search, public path) and
// its record's fields, each with its zod rule, how it is stored and how the console shows it. The
// seed schemas (common/content-schemas.ts), the Admin actions' reads (server/features/admin/) and
// the console's lists and forms (client/src/admin/entities/) are derived from these declarations.
import { z } from '../validation/z'

/** How a field is kept in the database. */
export type Storage =
  /** A column of the field's name, or of `column` (a course's `video` is `videoUrl`). */
  | { as: 'column'; column?: string }
  /** A DateTime column, an ISO string in the record. */
  | { as: 'date' }
  /** A relation to another type's row, named in the record by that type's key (`category` is `category.slug`). */
  | { as: 'relation'; relation: string }
  /** The row's tags through its link table, by name: a reference to the `tag` type by its key. */
  | { as: 'tags' }
  /** Rows of another type through a link table, in the order of its `position` (a topic's courses). */
  | { as: 'list'; relation: string; item: string; position: string }

/** The console widget that edits a field. */
export type InputKind =
  'text' | 'textarea' | 'slug' | 'number' | 'switch' | 'rich' | 'date' | 'link' | 'image' | 'video' | 'select' | 'ref' | 'refList' | 'tags'

/**
 * What a picture shows, which fixes its proportions: a person (3:4), a cover (16:9), a wide banner or a
 * square emblem (a logo). A seed record that leaves a picture empty gets one drawn in this shape.
 */
export type PictureShape = 'portrait' | 'cover' | 'banner' | 'emblem'

/** A file the field names by its URL: a picture of a shape, or a video. */
export type Media = { as: 'picture'; shape: PictureShape } | { as: 'video' }

/** Another content type, as a field that names its records (by their key) sees it. */
export type RefTarget = { word: string; label: string; key: string; labelField: string; isLarge?: boolean }

/**
 * A list filter on the field: `api` for the Admin List payload only; otherwise also offered above the
 * console's table, labelled `label` (default: the field's) with `choices` naming true and false.
 */
export type FieldFilter = 'api' | 'console' | { label?: string; choices?: readonly [yes: string, no: string] }

export type Field<R extends z.ZodType = z.ZodType> = {
  /** The seed format's rule, shared by `npm run seed`, Admin Save and the console's form. */
  rule: R
  /** Its Chinese name: form label, column title, search hint. */
  label: string
  store: Storage
  /**
   * The content type whose key the field holds (a category's slug, a cooperation type's id): every
   * value must name a record of it. Tags name the `tag` type by their storage instead (`{ as: 'tags' }`).
   */
  ref?: RefTarget
  /** Long HTML: cleaned as it is stored, its pictures carried by an import, left out of list rows (Get has it). */
  isRich?: boolean
  /** A picture or video by URL: checked, copied or drawn as it is written (server/features/content/media-fields.ts). */
  media?: Media
  /** How the console edits it; without an input it is not in the form. */
  input?: InputKind
  /** Half the form's width (short fields sit side by side). */
  half?: boolean
  help?: string
  placeholder?: string
  /** A secondary part of the form it sits in, folded away until opened ("SEO"). */
  group?: string
  /** The choices of a `select`. */
  options?: readonly { value: string | number; label: string }[]
  /** A column of the console's list. */
  column?: { title?: string; width?: number }
  filter?: FieldFilter
  /** An on/off field shown as a coloured tag in the list's 标记 column. */
  flag?: { label: string; color: string }
  /** The list shows one tab per option of this field (banners per position). */
  isTabs?: boolean
  /**
   * A console list may be ordered by it (a column header, the Admin List's `sort`). The label field
   * always may; only a column or a date can be ordered by.
   */
  isOrderable?: boolean
}

export type Fields = Record<string, Field>

/** A list order as Prisma's orderBy takes it. */
export type OrderBy = Readonly<Record<string, 'asc' | 'desc'>>

export type ContentTypeDeclaration<K extends string, W extends string, F extends Fields> = {
  /** The seed file (`teachers.json`) and the importer's name of the type. */
  kind: K
  /** The contract's entity word: `Admin/${word}List`, `${word}Save`, ... */
  word: W
  /** The Chinese noun in messages, audit summaries and the console. */
  label: string
  /** The console menu's name, when it is not the label. */
  menuLabel?: string
  /** The field a seed record is identified by (slug, name, key, menu or id). */
  key: keyof F & string
  /** Fixed sets (about pages, menu SEO, the five cooperation types): found by key, never created freely or deleted. */
  fixedKeys?: readonly (string | number)[]
  /** Who may edit it: content is for editors too, site settings for admins only. */
  access: 'content' | 'admin'
  /** The field that names a record in lists, messages and audit summaries. */
  labelField: keyof F & string
  /** The flag that shows a row on public pages, switched by `${word}Publish`. */
  publish?: ('isPublished' | 'isActive') & keyof F
  /** Public lists follow its `sort`, which the console sets by dragging (`${word}Sort`). */
  isSortable: boolean
  /** Too many rows to load whole into a picker: pickers search the server as the user types. */
  isLarge?: boolean
  /** The fields a list's keyword is looked for in. */
  search: readonly (keyof F & string)[]
  order: readonly OrderBy[]
  /** The public page of a record is `${publicPath}/${id}`. */
  publicPath?: string
  /** The record's fields, in the order the seed files and the export write them. */
  fields: F
}

type ShapeOf<F extends Fields> = { [N in keyof F]: F[N]['rule'] }

export type ContentType<K extends string = string, W extends string = string, F extends Fields = Fields> = ContentTypeDeclaration<
  K,
  W,
  F
> & {
  /** The rich-text field, if any. */
  richField?: string
  /** The record schema: strict, so a misspelled field name is reported rather than silently ignored. */
  schema: z.ZodObject<ShapeOf<F>, z.core.$strict>
  /** The fields a console list may be ordered by: the label field, then those marked `isOrderable`; none for a fixed set. */
  orderFields: string[]
}

/** The label field and the fields marked orderable, in field order; a fixed set is listed in its keys' order. */
function orderFieldsOf(
  declaration: Pick<ContentTypeDeclaration<string, string, Fields>, 'word' | 'labelField' | 'fixedKeys' | 'fields'>,
): string[] {
  if (declaration.fixedKeys) return []
  const names = Object.entries(declaration.fields)
    .filter(([name, field]) => name === declaration.labelField || field.isOrderable)
    .map(([name]) => name)
  for (const name of names) {
    const { store } = declaration.fields[name]
    if (store.as !== 'column' && store.as !== 'date')
      throw new Error(`${declaration.word}.${name} is stored as ${store.as}: a list cannot be ordered by it`)
  }
  return [declaration.labelField, ...names.filter((name) => name !== declaration.labelField)]
}

export function defineContentType<const K extends string, const W extends string, const F extends Fields>(
  declaration: ContentTypeDeclaration<K, W, F>,
): ContentType<K, W, F> {
  const { fields } = declaration
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.rule])) as ShapeOf<F>
  const richField = Object.keys(fields).find((name) => fields[name].isRich)
  return { ...declaration, richField, schema: z.strictObject(shape), orderFields: orderFieldsOf(declaration) }
}

/** A field kept in a column of its own name, unless `more` says otherwise. */
export function field<R extends z.ZodType>(rule: R, label: string, more: Partial<Omit<Field, 'rule' | 'label'>> = {}): Field<R> {
  return { rule, label, store: { as: 'column' }, ...more }
}
