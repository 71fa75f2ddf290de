// A content type's console configuration, derived from its declaration in common/content-types/:
// the form shows the fields that have an input, the list the fields that have a column (on/off
// fields with a flag together in one 标记 column) and the filters the declaration offers the console.
import type { ContentType, Field, RefTarget } from '../../../../common/content-types/define-content-type'
import type { SeedKind } from '../../../../common/content-schemas'
import type { ColumnSpec, EntityConfig, FieldSpec, FilterSpec, RefSpec } from '../crud/entity-config'

type Entry = [name: string, field: Field]

/** `teacherCategory` -> `teacher-category`: console paths and suggested slugs. */
export const kebabCase = (word: string) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const refSpecOf = (target: RefTarget): RefSpec => ({
  entity: target.word,
  valueField: target.key,
  labelField: target.labelField,
  search: target.isLarge,
})

/** The most characters a text rule allows, looking through optional, nullable and default. */
function maxLengthOf(rule: Field['rule']): number | undefined {
  let schema = rule as unknown as { def: { type: string; innerType?: unknown }; maxLength?: number | null }
  while (schema.def.innerType) schema = schema.def.innerType as typeof schema
  return schema.def.type === 'string' ? (schema.maxLength ?? undefined) : undefined
}

const COLUMN_RENDERS: Partial<Record<NonNullable<Field['input']>, ColumnSpec['render']>> = {
  image: 'image',
  tags: 'tags',
  ref: 'ref',
  date: 'date',
  link: 'link',
  select: 'option',
  switch: 'bool',
}

// The form opens with what names the record: a fixed record's key (read-only), then its label field.
function leadRank(type: ContentType, name: string) {
  if (type.fixedKeys && name === type.key) return 0
  return name === type.labelField ? 1 : 2
}

function fieldSpecOf(type: ContentType, [name, field]: Entry): FieldSpec {
  const base = {
    name,
    label: field.label,
    help: field.help,
    half: field.half,
    placeholder: field.placeholder,
    group: field.group,
    maxLength: maxLengthOf(field.rule),
    isReadOnly: Boolean(type.fixedKeys) && name === type.key,
  }
  if (field.input === 'select') return { ...base, kind: 'select', options: [...(field.options ?? [])] }
  if (field.input === 'ref' || field.input === 'refList') return { ...base, kind: field.input, ...refSpecOf(field.ref!) }
  return { ...base, kind: field.input } as FieldSpec
}

function columnOf(type: ContentType, [name, field]: Entry): ColumnSpec {
  return {
    field: name,
    isSortable: type.orderFields.includes(name),
    title: field.column?.title ?? field.label,
    width: field.column?.width,
    render: field.input && COLUMN_RENDERS[field.input],
    ref: field.ref && refSpecOf(field.ref),
    options: field.options && [...field.options],
  }
}

/** The list's columns: pictures first, then what names the record, then the rest in field order. */
function columnsOf(type: ContentType, entries: Entry[]): ColumnSpec[] {
  const flagged = entries.filter(([, field]) => field.flag)
  const columns: { rank: number; column: ColumnSpec }[] = []
  for (const entry of entries) {
    const [name, field] = entry
    if (field.flag && entry === flagged[0]) {
      const flags = flagged.map(([flagName, { flag }]) => ({ field: flagName, ...flag! }))
      columns.push({ rank: 3, column: { field: 'flags', title: '标记', render: 'flags', width: Math.max(90, flags.length * 50), flags } })
    } else if (field.column && !field.flag) {
      const rank = field.input === 'image' ? 0 : type.fixedKeys && name === type.key ? 1 : name === type.labelField ? 2 : 3
      columns.push({ rank, column: columnOf(type, entry) })
    }
  }
  return columns.sort((a, b) => a.rank - b.rank).map(({ column }) => column)
}

function filterOf([name, field]: Entry): FilterSpec | [] {
  if (!field.filter || field.filter === 'api') return []
  const { label = field.label, choices } = field.filter === 'console' ? {} : field.filter
  if (field.ref) return { name, label, kind: 'ref', ...refSpecOf(field.ref) }
  if (choices) {
    const [yes, no] = choices
    return {
      name,
      label,
      kind: 'select',
      options: [
        { value: true, label: yes },
        { value: false, label: no },
      ],
    }
  }
  return { name, label, kind: 'select', options: [...(field.options ?? [])] }
}

/** "姓名、头衔或简介": the labels of the fields a keyword is looked for in. */
function searchHintOf(type: ContentType) {
  const labels = type.search.map((name) => type.fields[name].label)
  return labels.length > 1 ? `${labels.slice(0, -1).join('、')}或${labels.at(-1)}` : labels.join('')
}

export function entityConfigOf(type: ContentType): EntityConfig {
  const entries = Object.entries(type.fields)
  const tabs = entries.find(([, field]) => field.isTabs)
  const { publicPath } = type
  return {
    word: type.word,
    title: type.menuLabel ?? type.label,
    kind: type.kind as SeedKind,
    labelField: type.labelField,
    searchHint: searchHintOf(type),
    columns: columnsOf(type, entries),
    fields: entries
      .filter(([, field]) => field.input)
      .sort(([a], [b]) => leadRank(type, a) - leadRank(type, b))
      .map((entry) => fieldSpecOf(type, entry)),
    filters: entries.flatMap(filterOf),
    tabs: tabs && { name: tabs[0], options: (tabs[1].options ?? []).map(({ value, label }) => ({ value: String(value), label })) },
    publishField: type.publish,
    isSortable: type.isSortable,
    sortFields: type.orderFields.map((name) => ({ field: name, label: type.fields[name].column?.title ?? type.fields[name].label })),
    isFixedSet: Boolean(type.fixedKeys),
    keyField: type.fixedKeys ? type.key : undefined,
    slugPrefix: type.key === 'slug' ? kebabCase(type.word) : undefined,
    publicPath: publicPath ? (row) => `${publicPath}/${String(row.id)}` : undefined,
  }
}
