// Fields that name another record (a teacher's category, a course's teacher, tags...): each must
// name a record of the same folder or a row already in the database.
import type { SeedKind } from '../../../common/content-schemas'
import { prisma, type Tx } from '../../db'
import { createPacer, eachPaced } from '../../lib/pacer'
import { fileLabel, MAX_PROBLEMS, problemOf, type Row } from './problems'
import type { SeedFolder } from './seed-folder'
import { findInSlices } from './slices'

/** The database the checks read: the transaction when called inside one. */
export type Db = Tx | typeof prisma

type Target = 'teacherCategories' | 'teachers' | 'courseCategories' | 'courses' | 'specialCategories' | 'tags' | 'cooperationTypes'

/** The kind a target's keys come from in a folder, and how to find given keys in the database. */
const TARGETS: Record<Target, { kind: SeedKind; find: (db: Db, values: unknown[]) => Promise<unknown[]> }> = {
  teacherCategories: {
    kind: 'teacher-categories',
    find: async (db, values) =>
      (await db.teacherCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  teachers: {
    kind: 'teachers',
    find: async (db, values) =>
      (await db.teacher.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  courseCategories: {
    kind: 'course-categories',
    find: async (db, values) =>
      (await db.courseCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  courses: {
    kind: 'courses',
    find: async (db, values) =>
      (await db.course.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  specialCategories: {
    kind: 'special-categories',
    find: async (db, values) =>
      (await db.specialCategory.findMany({ where: { slug: { in: values as string[] } }, select: { slug: true } })).map((r) => r.slug),
  },
  tags: {
    kind: 'tags',
    find: async (db, values) =>
      (await db.tag.findMany({ where: { name: { in: values as string[] } }, select: { name: true } })).map((r) => r.name),
  },
  cooperationTypes: {
    kind: 'cooperation-types',
    find: async (db, values) =>
      (await db.cooperationType.findMany({ where: { id: { in: values.filter(Number.isInteger) as number[] } }, select: { id: true } })).map(
        (r) => r.id,
      ),
  },
}

/** Every field that names another record: its kind, field, what it names, and the word for it. */
const REFERENCES: { kind: SeedKind; field: string; target: Target; what: string }[] = [
  { kind: 'teachers', field: 'category', target: 'teacherCategories', what: '名师分类' },
  { kind: 'teachers', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'teacher-videos', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'courses', field: 'category', target: 'courseCategories', what: '课程分类' },
  { kind: 'courses', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'courses', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'specials', field: 'category', target: 'specialCategories', what: '专题分类' },
  { kind: 'specials', field: 'tags', target: 'tags', what: '标签' },
  { kind: 'specials', field: 'courses', target: 'courses', what: '课程' },
  { kind: 'notices', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'activities', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'viewpoints', field: 'teacher', target: 'teachers', what: '名师' },
  { kind: 'cooperations', field: 'type', target: 'cooperationTypes', what: '合作类型' },
]

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])

/**
 * Checks that every reference names a record of the folder or a row of the database (`db`, the
 * transaction when called inside one). Only the names actually referred to are looked up.
 */
export async function checkReferences({ data, keys }: SeedFolder, problems: string[], db: Db = prisma, label = fileLabel) {
  const pacer = createPacer()
  const wanted = new Map<Target, Set<unknown>>()
  for (const { kind, field, target } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record) => {
      for (const value of valuesOf(record[field])) {
        if (!wanted.has(target)) wanted.set(target, new Set())
        wanted.get(target)!.add(value)
      }
    })
  }
  const known = new Map<Target, Set<unknown>>()
  for (const [target, values] of wanted) {
    const { kind, find } = TARGETS[target]
    known.set(target, new Set([...(keys[kind] ?? []), ...(await findInSlices([...values], (slice) => find(db, slice)))]))
  }
  for (const { kind, field, target, what } of REFERENCES) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      for (const item of valuesOf(record[field])) {
        if (!known.get(target)?.has(item) && problems.length < MAX_PROBLEMS)
          problems.push(problemOf(label(kind, index, record), field, `未知的${what} ${JSON.stringify(item)}`))
      }
    })
  }
}
