// Writing one kind's rows into its table, matched by a stable key (slug, key, menu, id, name):
// missing rows are created, changed rows updated, unchanged rows left alone, none deleted.
import { continueIdSequence } from '../../data/sql'
import type { Tx } from '../../db'
import { createPacer, eachPaced } from '../../lib/pacer'
import type { Row } from './problems'
import { findInSlices, writeInSlices } from './slices'

// The slice of a Prisma model delegate the writing uses; models differ in their types only.
export type Table = {
  /** The model's name, which is its table's (Prisma gives every delegate one). */
  $name: string
  findMany(args: { where?: Row; select?: Row }): Promise<Row[]>
  createMany(args: { data: Row[] }): Promise<unknown>
  update(args: { where: Row; data: Row }): Promise<unknown>
}
export const table = (delegate: unknown) => delegate as Table

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b)

/** The row without fields left undefined, which would otherwise read as "changed" on every import. */
const defined = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined))

/**
 * New rows keep the id they ask for (an export keeps addresses that way) when it is free; the
 * others get fresh ids. Asked-for ids go in first, so a fresh id can never take one of them.
 */
async function createWithIds(tx: Tx, model: Table, key: string, rows: Row[]) {
  const insert = (slice: Row[]) => model.createMany({ data: slice })
  if (key === 'id') {
    await writeInSlices(rows, insert)
    return continueIdSequence(tx, model.$name)
  }
  const wished = rows.map((row) => row.id).filter((id): id is number => typeof id === 'number')
  const taken = new Set(
    (await findInSlices(wished, (slice) => model.findMany({ where: { id: { in: slice } }, select: { id: true } }))).map((row) => row.id),
  )
  const withId: Row[] = []
  const without: Row[] = []
  for (const { id, ...row } of rows) {
    if (typeof id === 'number' && !taken.has(id)) {
      taken.add(id)
      withId.push({ id, ...row })
    } else without.push(row)
  }
  if (withId.length) {
    await writeInSlices(withId, insert)
    // PostgreSQL hands out ids from a sequence that given ids do not move: move it, or the rows
    // below (and every later insert) could draw an id just taken.
    await continueIdSequence(tx, model.$name)
  }
  await writeInSlices(without, insert)
}

/**
 * Upserts rows matched by `key`: missing rows are created and existing rows are updated only when
 * a field differs, so re-importing an unchanged folder writes almost nothing.
 */
export async function sync(tx: Tx, model: Table, key: string, records: Row[]) {
  if (records.length === 0) return
  const pacer = createPacer()
  const rows: Row[] = []
  await eachPaced(records, pacer, (record) => rows.push(defined(record)))
  const existing = await findInSlices(
    rows.map((row) => row[key]),
    (slice) => model.findMany({ where: { [key]: { in: slice } } }),
  )
  const byKey = new Map(existing.map((row) => [row[key], row]))
  const missing = rows.filter((row) => !byKey.has(row[key]))
  if (missing.length) await createWithIds(tx, model, key, missing)
  for (const row of rows) {
    if (pacer.isDue) await pacer.pause()
    const old = byKey.get(row[key])
    if (!old) continue
    // View counters belong to the live site once a row exists; the file only gives the start
    // value. An existing row keeps its id: the key found it.
    const { views: _views, ...data } = row
    if (key !== 'id') delete data.id
    if (Object.keys(data).some((field) => !same(old[field], data[field]))) await model.update({ where: { [key]: row[key] }, data })
  }
}

/** slug -> id for the given slugs, covering rows of this import and earlier ones. */
export async function idsBySlug(model: Table, slugs: Iterable<string | null | undefined>): Promise<Map<string, number>> {
  const wanted = [...new Set([...slugs].filter((slug): slug is string => Boolean(slug)))]
  if (!wanted.length) return new Map()
  const rows = await findInSlices(wanted, (slice) => model.findMany({ where: { slug: { in: slice } }, select: { id: true, slug: true } }))
  return new Map(rows.map((row) => [row.slug as string, row.id as number]))
}
