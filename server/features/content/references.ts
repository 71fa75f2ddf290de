// Fields that name another record (a teacher's category, a course's teacher, tags...), as the
// declarations say (common/content-types/): each must name a record of the same folder or a row
// already in the database.
import type { SeedKind } from '../../../common/content-schemas'
import type { ContentType } from '../../../common/content-types/define-content-type'
import { contentTypes, referencesOf } from '../../../common/content-types/registry'
import { prisma, type Tx } from '../../db'
import { createPacer, eachPaced } from '../../lib/pacer'
import { fileLabel, MAX_PROBLEMS, problemOf, type Row } from './problems'
import type { SeedFolder } from './seed-folder'
import { findInSlices } from './slices'

/** The database the checks read: the transaction when called inside one. */
export type Db = Tx | typeof prisma

/** Every field that names another record: its kind, field, and the type it names. */
export const REFERENCES: { kind: SeedKind; field: string; target: ContentType }[] = contentTypes.flatMap((type) =>
  referencesOf(type).map(({ field, target }) => ({ kind: type.kind as SeedKind, field, target })),
)

type Finder = { findMany(args: { where: Row; select: Row }): Promise<Row[]> }

/**
 * Which of `values` name a row of `target`, by its key. A named type's Prisma delegate has the type's
 * word for its name (teacher, courseCategory, tag...); declared-fields.test.ts checks that it does.
 */
async function findKeys(db: Db, target: ContentType, values: unknown[]): Promise<unknown[]> {
  const key = target.key
  // Only values of the key's type can match (ids are whole numbers, other keys text); others would fail the query.
  const wanted = values.filter((value) => (key === 'id' ? Number.isInteger(value) : typeof value === 'string'))
  const table = (db as unknown as Record<string, Finder>)[target.word]
  return (await table.findMany({ where: { [key]: { in: wanted } }, select: { [key]: true } })).map((row) => row[key])
}

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])

/**
 * Checks that every reference names a record of the folder or a row of the database (`db`, the
 * transaction when called inside one). Only the names actually referred to are looked up.
 */
export async function checkReferences({ data, keys }: SeedFolder, problems: string[], db: Db = prisma, label = fileLabel) {
  const pacer = createPacer()
  const wanted = new Map<ContentType, Set<unknown>>()
  for (const { kind, field, target } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record) => {
      for (const value of valuesOf(record[field])) {
        if (!wanted.has(target)) wanted.set(target, new Set())
        wanted.get(target)!.add(value)
      }
    })
  }
  const known = new Map<ContentType, Set<unknown>>()
  for (const [target, values] of wanted) {
    const found = await findInSlices([...values], (slice) => findKeys(db, target, slice))
    known.set(target, new Set([...(keys[target.kind as SeedKind] ?? []), ...found]))
  }
  for (const { kind, field, target } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      for (const item of valuesOf(record[field])) {
        if (!known.get(target)?.has(item) && problems.length < MAX_PROBLEMS)
          problems.push(problemOf(label(kind, index, record), field, `未知的${target.label} ${JSON.stringify(item)}`))
      }
    })
  }
}
