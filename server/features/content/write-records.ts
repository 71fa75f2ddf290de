// Writes validated records (media resolved to URLs, rich text cleaned) inside one transaction, one
// step per group of kinds in seed order: a step finds the rows the earlier ones wrote by slug.
import type { SeedData, SeedRecord } from '../../../common/content-schemas'
import type { Tx } from '../../db'
import { createPacer } from '../../lib/pacer'
import type { PlacedFile } from './carried-files'
import { writeDemoMembers, type DemoMember } from './demo-members'
import type { Row } from './problems'
import { REFERENCES } from './references'
import { KEYS_PER_QUERY, findInSlices, writeInSlices } from './slices'
import { idsBySlug, sync, table } from './table-sync'

type Data = Partial<SeedData>
/** A teacher's id by slug, or null: teachers are written before anything that names one. */
type TeacherOf = (slug: string | null | undefined) => number | null

/** The fields of other kinds that name a teacher (a course's, a video's...): their teachers are looked up once. */
const NAMES_A_TEACHER = REFERENCES.filter(({ target }) => target.word === 'teacher')

const date = (value: string | null | undefined) => (value ? new Date(value) : value === null ? null : undefined)
const stamped = <T extends { createdAt?: string }>(r: T) => ({ ...r, createdAt: date(r.createdAt) })
const omit = <T extends Row, K extends keyof T>(record: T, ...keys: K[]) => {
  const copy: Row = { ...record }
  for (const key of keys) delete copy[key as string]
  return copy as Omit<T, K>
}

type LinkTable = { deleteMany(args: { where: Row }): Promise<unknown>; createMany(args: { data: Row[] }): Promise<unknown> }

/** Replaces the tag links of the imported owners only; other owners keep theirs. */
async function replaceTags(tx: Tx, model: unknown, ownerField: string, owners: { id: number; tags: string[] }[]) {
  if (owners.length === 0) return
  const links = model as LinkTable
  const names = [...new Set(owners.flatMap((owner) => owner.tags))]
  const tagIds = new Map(
    (await findInSlices(names, (slice) => tx.tag.findMany({ where: { name: { in: slice } }, select: { id: true, name: true } }))).map(
      (t) => [t.name, t.id],
    ),
  )
  await writeInSlices(
    owners.map((owner) => owner.id),
    (slice) => links.deleteMany({ where: { [ownerField]: { in: slice } } }),
    KEYS_PER_QUERY,
  )
  const rows = owners.flatMap((owner) =>
    [...new Set(owner.tags)].map((name) => ({ [ownerField]: owner.id, tagId: tagIds.get(name) as number })),
  )
  await writeInSlices(rows, (slice) => links.createMany({ data: slice }))
}

/** Replaces the course lists of the imported topics, in the order given. */
async function replaceSpecialCourses(tx: Tx, owners: { id: number; courses: string[] }[]) {
  if (owners.length === 0) return
  const courseIds = await idsBySlug(
    table(tx.course),
    owners.flatMap((owner) => owner.courses),
  )
  await writeInSlices(
    owners.map((owner) => owner.id),
    (slice) => tx.specialCourse.deleteMany({ where: { specialId: { in: slice } } }),
    KEYS_PER_QUERY,
  )
  const rows = owners.flatMap((owner) =>
    [...new Set(owner.courses)].map((slug, position) => ({ specialId: owner.id, courseId: courseIds.get(slug) as number, position })),
  )
  await writeInSlices(rows, (slice) => tx.specialCourse.createMany({ data: slice }))
}

/**
 * A member's video has no slug until it is exported (as `member-video-<id>`); importing that export
 * back into the same database finds the row by its id and gives it the slug, instead of a copy.
 */
async function adoptUnnamedVideos(tx: Tx, records: SeedRecord<'teacher-videos'>[]) {
  const pacer = createPacer()
  for (const { id, slug } of records) {
    if (pacer.isDue) await pacer.pause()
    if (id === undefined) continue
    const row = await tx.teacherVideo.findUnique({ where: { id }, select: { slug: true } })
    if (row && row.slug === null && !(await tx.teacherVideo.findUnique({ where: { slug }, select: { id: true } }))) {
      await tx.teacherVideo.update({ where: { id }, data: { slug } })
    }
  }
}

/** Settings, menu SEO, about pages and tags: rows nothing else in a folder is written before. */
async function writeSiteTexts(tx: Tx, data: Data) {
  await sync(
    tx,
    table(tx.siteSetting),
    'key',
    (data.settings ?? []).map((r) => ({ ...r, value: r.value ?? '' })),
  )
  await sync(tx, table(tx.menuSeo), 'menu', data['menu-seo'] ?? [])
  await sync(
    tx,
    table(tx.aboutPage),
    'key',
    (data['about-pages'] ?? []).map((r) => ({ ...r, updatedAt: date(r.updatedAt) })),
  )
  await sync(
    tx,
    table(tx.tag),
    'name',
    (data.tags ?? []).map((r) => ({ ...r, createdAt: date(r.createdAt) })),
  )
}

/** Teacher categories, teachers and their tags; answers the id of every teacher the folder names. */
async function writeTeachers(tx: Tx, data: Data): Promise<TeacherOf> {
  await sync(tx, table(tx.teacherCategory), 'slug', (data['teacher-categories'] ?? []).map(stamped))
  const teachers = data.teachers ?? []
  const teacherCategoryIds = await idsBySlug(
    table(tx.teacherCategory),
    teachers.map((r) => r.category),
  )
  await sync(
    tx,
    table(tx.teacher),
    'slug',
    teachers.map((r) => ({
      ...stamped(omit(r, 'category', 'tags')),
      categoryId: teacherCategoryIds.get(r.category),
    })),
  )
  const teacherSlugs = [
    ...teachers.map((r) => r.slug),
    ...NAMES_A_TEACHER.flatMap(({ kind, field }) => ((data[kind] ?? []) as Row[]).map((r) => r[field] as string | null | undefined)),
  ]
  const teacherIds = await idsBySlug(table(tx.teacher), teacherSlugs)
  await replaceTags(
    tx,
    tx.teacherTag,
    'teacherId',
    teachers.map((r) => ({ id: teacherIds.get(r.slug) as number, tags: r.tags })),
  )
  return (slug) => (slug ? (teacherIds.get(slug) ?? null) : null)
}

async function writeTeacherVideos(tx: Tx, data: Data, teacherOf: TeacherOf) {
  const videos = data['teacher-videos'] ?? []
  await adoptUnnamedVideos(tx, videos)
  await sync(
    tx,
    table(tx.teacherVideo),
    'slug',
    videos.map((r) => ({
      ...stamped(omit(r, 'teacher', 'video')),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      status: 'approved',
    })),
  )
}

/** Course categories, courses and their tags. */
async function writeCourses(tx: Tx, data: Data, teacherOf: TeacherOf) {
  await sync(tx, table(tx.courseCategory), 'slug', (data['course-categories'] ?? []).map(stamped))
  const courses = data.courses ?? []
  const courseCategoryIds = await idsBySlug(
    table(tx.courseCategory),
    courses.map((r) => r.category),
  )
  await sync(
    tx,
    table(tx.course),
    'slug',
    courses.map((r) => ({
      ...stamped(omit(r, 'category', 'teacher', 'video', 'tags')),
      videoUrl: r.video,
      teacherId: teacherOf(r.teacher),
      categoryId: courseCategoryIds.get(r.category),
    })),
  )
  const courseIds = await idsBySlug(
    table(tx.course),
    courses.map((r) => r.slug),
  )
  await replaceTags(
    tx,
    tx.courseTag,
    'courseId',
    courses.map((r) => ({ id: courseIds.get(r.slug) as number, tags: r.tags })),
  )
}

/** Special categories, topics, their tags and their course lists (after the courses they name). */
async function writeSpecials(tx: Tx, data: Data) {
  await sync(tx, table(tx.specialCategory), 'slug', (data['special-categories'] ?? []).map(stamped))
  const specials = data.specials ?? []
  const specialCategoryIds = await idsBySlug(
    table(tx.specialCategory),
    specials.map((r) => r.category),
  )
  // A topic without its own landing page links to its detail page, whose id exists only once created.
  const detailUrl = (id: number | undefined) => (id ? `/subject/detail/${id}` : '')
  const specialIdsBefore = await idsBySlug(
    table(tx.special),
    specials.map((r) => r.slug),
  )
  await sync(
    tx,
    table(tx.special),
    'slug',
    specials.map((r) => ({
      ...stamped(omit(r, 'category', 'tags', 'courses')),
      specialUrl: r.specialUrl || detailUrl(specialIdsBefore.get(r.slug)),
      categoryId: specialCategoryIds.get(r.category),
    })),
  )
  const specialIds = await idsBySlug(
    table(tx.special),
    specials.map((r) => r.slug),
  )
  const pacer = createPacer()
  for (const r of specials) {
    if (pacer.isDue) await pacer.pause()
    if (!r.specialUrl && !specialIdsBefore.has(r.slug)) {
      const id = specialIds.get(r.slug) as number
      await tx.special.update({ where: { id }, data: { specialUrl: detailUrl(id) } })
    }
  }
  const specialOwners = specials.map((r) => ({ id: specialIds.get(r.slug) as number, tags: r.tags, courses: r.courses }))
  await replaceTags(tx, tx.specialTag, 'specialId', specialOwners)
  await replaceSpecialCourses(tx, specialOwners)
}

/** Banners, notices, activities, viewpoints and questions. */
async function writeArticles(tx: Tx, data: Data, teacherOf: TeacherOf) {
  await sync(tx, table(tx.banner), 'slug', (data.banners ?? []).map(stamped))
  await sync(
    tx,
    table(tx.courseNotice),
    'slug',
    (data.notices ?? []).map((r) => ({
      ...stamped(omit(r, 'teacher')),
      startAt: date(r.startAt) ?? null,
      teacherId: teacherOf(r.teacher),
    })),
  )
  const article = (r: SeedData['activities'][number]) => ({
    ...stamped(omit(r, 'teacher')),
    teacherId: teacherOf(r.teacher),
    publishedAt: date(r.publishedAt),
  })
  await sync(tx, table(tx.activity), 'slug', (data.activities ?? []).map(article))
  await sync(tx, table(tx.viewpoint), 'slug', (data.viewpoints ?? []).map(article))
  await sync(tx, table(tx.question), 'slug', (data.questions ?? []).map(stamped))
}

/** Cooperation types and entries, partners and friendly links. */
async function writeCooperation(tx: Tx, data: Data) {
  await sync(tx, table(tx.cooperationType), 'id', (data['cooperation-types'] ?? []).map(stamped))
  await sync(
    tx,
    table(tx.cooperation),
    'slug',
    (data.cooperations ?? []).map((r) => ({ ...stamped(omit(r, 'type')), typeId: r.type })),
  )
  await sync(tx, table(tx.partner), 'slug', (data.partners ?? []).map(stamped))
  await sync(tx, table(tx.friendLink), 'slug', (data['friend-links'] ?? []).map(stamped))
}

/** Members' files that published content shows are public, as they were where they came from. */
async function writePlacedFiles(tx: Tx, placed: PlacedFile[]) {
  const pacer = createPacer()
  for (const file of placed) {
    if (pacer.isDue) await pacer.pause()
    await tx.upload.upsert({
      where: { path: file.relative },
      create: {
        path: file.relative,
        kind: file.kind,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        isPublic: true,
        originalName: file.name ?? '',
        folder: file.folder ?? '',
      },
      update: {},
    })
  }
}

/** Writes validated records (media resolved to URLs, rich text cleaned) in seed order, inside `tx`. */
export async function writeAll(tx: Tx, data: Data, members: DemoMember[] = [], placed: PlacedFile[] = []) {
  await writeSiteTexts(tx, data)
  const teacherOf = await writeTeachers(tx, data)
  await writeTeacherVideos(tx, data, teacherOf)
  await writeCourses(tx, data, teacherOf)
  await writeSpecials(tx, data)
  await writeArticles(tx, data, teacherOf)
  await writeCooperation(tx, data)
  await writePlacedFiles(tx, placed)
  await writeDemoMembers(tx, members)
}
