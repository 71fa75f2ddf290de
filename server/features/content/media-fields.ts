// Every image and video field of the records, resolved in place to the URL that is stored (a
// picture drawn for an empty field, a file of the folder copied, an upload checked), and the files
// to put in place for them. Pictures inside rich text come along when the folder carries them.
import { imageSettingKeys, seedKinds, type SeedData, type SeedKind } from '../../../common/content-schemas'
import { createPacer, eachPaced } from '../../lib/pacer'
import { storage } from '../../lib/storage'
import { folderFileFor, planFolderFile, type MediaPlan } from './carried-files'
import { missingUploadProblem, resolveMedia, type Picture } from './media-files'
import { problemOf, type RecordLabel, type Row } from './problems'
import { RICH_FIELDS } from './rich-text'

/**
 * The fields that get a drawn picture when empty in a folder (resolveAllMedia below). The export
 * writes null for an empty one, so importing it gives no picture, as it was.
 */
export const PICTURE_FIELDS: Partial<Record<SeedKind, string[]>> = {
  teachers: ['photo'],
  'teacher-videos': ['cover'],
  courses: ['cover'],
  specials: ['cover'],
  banners: ['image'],
  notices: ['cover'],
  activities: ['cover'],
  viewpoints: ['cover'],
  'cooperation-types': ['cover'],
  cooperations: ['cover'],
  partners: ['logo'],
}

// Colour themes of drawn pictures, by category position, so a category's cards look related.
const themes = ['blue', 'indigo', 'cyan', 'warm', 'red', 'green']
const teacherThemes: Record<string, string> = {
  economy: 'blue',
  management: 'indigo',
  technology: 'cyan',
  culture: 'warm',
  'party-building': 'red',
}
function themeOf(categories: { slug: string }[] | undefined, slug: string, fixed: Record<string, string> = {}): string | undefined {
  if (fixed[slug]) return fixed[slug]
  const index = categories?.findIndex((category) => category.slug === slug) ?? -1
  return index >= 0 ? themes[index % themes.length] : undefined
}

/**
 * Where media fields come from. A folder (`dir`) may name its own files and draws a picture for an
 * empty field; the console (`dir: null`) only takes files already uploaded, and empty stays empty.
 */
export type MediaSource = { dir: string | null; label: RecordLabel }

// `/uploads/...` addresses inside rich text: pictures and videos put into an article.
const RICH_UPLOAD_REF = /(?:src|href|poster)="(\/uploads\/[^"?#\s]+)"/g

// Files of the folder checked at once (each read through when it is a member's or already stored).
const FOLDER_FILE_WIDTH = 8

/** Resolves every media field in place (value -> URL) and plans the files to put in place. */
export async function resolveAllMedia(data: Partial<SeedData>, problems: string[], { dir, label }: MediaSource): Promise<MediaPlan> {
  const plan: MediaPlan = { jobs: [], placed: [] }
  const pending: Promise<void>[] = []
  const folderFiles: (() => Promise<void>)[] = []
  const pacer = createPacer()
  const resolve = (
    kind: SeedKind,
    index: number,
    record: Row,
    field: string,
    folder: string,
    slug: string,
    picture?: Picture,
    video = false,
  ) => {
    const value = record[field] as string | null
    const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
    // null: a record without a picture, as the export writes it; nothing is drawn.
    if (value === null) return void (record[field] = '')
    const source = folderFileFor(dir, value)
    if (source) return void folderFiles.push(() => planFolderFile(source, value, plan, problem))
    const isFolderFile = value !== '' && !value.startsWith('/') && !/^https?:\/\//.test(value)
    if (dir === null && isFolderFile) return problem('应为已上传文件的地址（/uploads/…）或 http(s):// 链接')
    const settle = async (): Promise<void> => {
      // The console's empty field means "no picture"; a folder's gets a drawn one.
      const result = await resolveMedia(dir ?? '', { kind: folder, slug, value, picture: dir === null ? undefined : picture, video })
      if ('error' in result) return void problem(result.error)
      record[field] = result.url
      if (result.job) plan.jobs.push(result.job)
      if (result.storedKey && !(await storage().exists(result.storedKey))) problem(missingUploadProblem(value))
    }
    // A file of the folder is read through for its name's hash: a few at a time, like carried files.
    if (isFolderFile) folderFiles.push(settle)
    else pending.push(settle())
  }
  await eachPaced(data.settings ?? [], pacer, (record, index) => {
    if (!imageSettingKeys.has(record.key)) return
    const picture: Picture =
      record.key === 'wx'
        ? { draw: 'qr', seed: 'wx' }
        : record.key === 'icon'
          ? { draw: 'icon', seed: 'icon', theme: 'red' }
          : { draw: 'emblem', seed: record.key, theme: 'red' }
    resolve('settings', index, record, 'value', 'site', record.key, picture)
  })
  await eachPaced(data.teachers ?? [], pacer, (record, index) =>
    resolve('teachers', index, record, 'photo', 'teacher', record.slug, {
      draw: 'portrait',
      seed: record.slug,
      theme: themeOf(data['teacher-categories'], record.category, teacherThemes),
    }),
  )
  await eachPaced(data['teacher-videos'] ?? [], pacer, (record, index) => {
    resolve('teacher-videos', index, record, 'cover', 'teacher-video', record.slug, { draw: 'cover', seed: record.slug })
    resolve('teacher-videos', index, record, 'video', 'video', record.slug, undefined, true)
  })
  await eachPaced(data.courses ?? [], pacer, (record, index) => {
    resolve('courses', index, record, 'cover', 'course', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['course-categories'], record.category),
    })
    resolve('courses', index, record, 'video', 'video', record.slug, undefined, true)
  })
  await eachPaced(data.specials ?? [], pacer, (record, index) =>
    resolve('specials', index, record, 'cover', 'special', record.slug, {
      draw: 'cover',
      seed: record.slug,
      theme: themeOf(data['special-categories'], record.category),
    }),
  )
  await eachPaced(data.banners ?? [], pacer, (record, index) =>
    resolve('banners', index, record, 'image', 'banner', record.slug, { draw: 'banner', seed: record.slug }),
  )
  const covered = [
    ['notices', 'notice'],
    ['activities', 'activity'],
    ['viewpoints', 'viewpoint'],
    ['cooperations', 'cooperation'],
  ] as const
  for (const [kind, folder] of covered) {
    const records: readonly { slug: string; cover: string | null }[] = data[kind] ?? []
    await eachPaced(records, pacer, (record, index) =>
      resolve(kind, index, record, 'cover', folder, record.slug, { draw: 'cover', seed: record.slug }),
    )
  }
  await eachPaced(data['cooperation-types'] ?? [], pacer, (record, index) =>
    resolve('cooperation-types', index, record, 'cover', 'cooperation-type', `type-${record.id}`, {
      draw: 'cover',
      seed: `type-${record.id}`,
      theme: themes[record.id % themes.length],
    }),
  )
  await eachPaced(data.partners ?? [], pacer, (record, index) =>
    resolve('partners', index, record, 'logo', 'partner', record.slug, { draw: 'emblem', seed: record.slug }),
  )
  // Pictures inside rich text are taken along when the folder carries them; a missing one is left as written.
  for (const kind of seedKinds) {
    const field = RICH_FIELDS[kind]
    if (!field) continue
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      const html = record[field]
      if (typeof html !== 'string') return
      for (const [, url] of html.matchAll(RICH_UPLOAD_REF)) {
        const source = folderFileFor(dir, url)
        const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
        if (source) folderFiles.push(() => planFolderFile(source, url, plan, problem))
      }
    })
  }
  await Promise.all(pending)
  // A few at a time: each may hash a large file, and thousands of open files would run out of handles.
  let next = 0
  const worker = async () => {
    while (next < folderFiles.length) await folderFiles[next++]()
  }
  await Promise.all(Array.from({ length: FOLDER_FILE_WIDTH }, worker))
  return plan
}
