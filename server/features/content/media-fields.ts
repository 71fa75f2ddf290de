// Every image and video field of the records, resolved in place to the URL that is stored (a
// picture drawn for an empty field, a file of the folder copied, an upload checked), and the files
// to put in place for them. Pictures inside rich text come along when the folder carries them.
// Which fields are pictures, videos and rich text is read from the declarations (common/content-types/).
import { imageSettingKeys, seedKinds, type SeedData, type SeedKind } from '../../../common/content-schemas'
import type { ContentType } from '../../../common/content-types/define-content-type'
import { contentTypes, fieldsByKind, mediaOf, picturesOf, referencesOf } from '../../../common/content-types/registry'
import { createPacer, eachPaced } from '../../lib/pacer'
import { storage } from '../../lib/storage'
import { folderFileFor, planFolderFile, type MediaPlan } from './carried-files'
import { missingUploadProblem, resolveMedia, type MediaLabel, type Picture } from './media-files'
import { problemOf, type RecordLabel, type Row } from './problems'
import { RICH_FIELDS } from './rich-text'

/**
 * The fields that get a drawn picture when empty in a folder (resolveAllMedia below). The export
 * writes null for an empty one, so importing it gives no picture, as it was.
 */
export const PICTURE_FIELDS: Partial<Record<SeedKind, string[]>> = fieldsByKind(picturesOf)

// Colour themes of drawn pictures, by category position, so a category's cards look related; the
// demo's teacher categories have their own.
const themes = ['blue', 'indigo', 'cyan', 'warm', 'red', 'green']
const fixedThemes: Partial<Record<SeedKind, Record<string, string>>> = {
  'teacher-categories': { economy: 'blue', management: 'indigo', technology: 'cyan', culture: 'warm', 'party-building': 'red' },
}
function themeOf(categories: { slug: string }[] | undefined, slug: string, fixed: Record<string, string> = {}): string | undefined {
  if (fixed[slug]) return fixed[slug]
  const index = categories?.findIndex((category) => category.slug === slug) ?? -1
  return index >= 0 ? themes[index % themes.length] : undefined
}

/** What a record's drawn pictures are seeded by (their file name too) and coloured with. */
type Drawing = (record: Row, data: Partial<SeedData>) => { seed: string; theme?: string }

/**
 * By the record's key, coloured by its category's place among the folder's categories. The five
 * cooperation types, keyed by number, are drawn as `type-<id>` in a colour each.
 */
function drawingOf(type: ContentType): Drawing {
  if (type.kind === 'cooperation-types')
    return (record) => ({ seed: `type-${String(record.id)}`, theme: themes[Number(record.id) % themes.length] })
  const category = referencesOf(type).find(({ field }) => field === 'category')
  if (!category) return (record) => ({ seed: String(record[type.key]) })
  const kind = category.target.kind as SeedKind
  return (record, data) => ({
    seed: String(record[type.key]),
    theme: themeOf(data[kind] as { slug: string }[] | undefined, String(record.category), fixedThemes[kind]),
  })
}

/** `teacherVideo` -> `teacher-video`: the folder of a type's drawn pictures under seed/. */
const folderOf = (type: ContentType) => type.word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The types with picture or video fields: their media in field order, and how their pictures are drawn. */
const MEDIA = contentTypes
  .map((type) => ({ kind: type.kind as SeedKind, folder: folderOf(type), drawing: drawingOf(type), fields: mediaOf(type), type }))
  .filter(({ fields }) => fields.length > 0)

const SETTINGS_FOLDER = '网站配置'

/**
 * How the media library lists a record's file: named after the record and the field ("张三 照片"),
 * filed under the type's Chinese name ("名师"), so staff find it without knowing its path.
 */
function mediaLabelOf(type: ContentType, record: Row, field: string, seed: string): MediaLabel {
  const title = String(record[type.labelField] ?? '').trim() || seed
  return { name: `${title} ${type.fields[field]?.label ?? field}`.slice(0, 100), folder: type.label }
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
    media: MediaLabel = {},
  ) => {
    const value = record[field] as string | null
    const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
    // null: a record without a picture, as the export writes it; nothing is drawn.
    if (value === null) return void (record[field] = '')
    const source = folderFileFor(dir, value)
    if (source) return void folderFiles.push(() => planFolderFile(source, value, plan, problem, media))
    const isFolderFile = value !== '' && !value.startsWith('/') && !/^https?:\/\//.test(value)
    if (dir === null && isFolderFile) return problem('应为已上传文件的地址（/uploads/…）或 http(s):// 链接')
    const settle = async (): Promise<void> => {
      // The console's empty field means "no picture"; a folder's gets a drawn one.
      const result = await resolveMedia(dir ?? '', {
        kind: folder,
        slug,
        value,
        picture: dir === null ? undefined : picture,
        video,
        label: media,
      })
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
    resolve('settings', index, record, 'value', 'site', record.key, picture, false, { name: record.key, folder: SETTINGS_FOLDER })
  })
  for (const { kind, folder, drawing, fields, type } of MEDIA) {
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      const { seed, theme } = drawing(record, data)
      for (const { field, media } of fields) {
        const named = mediaLabelOf(type, record, field, seed)
        if (media.as === 'picture') resolve(kind, index, record, field, folder, seed, { draw: media.shape, seed, theme }, false, named)
        else resolve(kind, index, record, field, 'video', seed, undefined, true, named)
      }
    })
  }
  // Pictures inside rich text are taken along when the folder carries them; a missing one is left as written.
  for (const kind of seedKinds) {
    const fields = RICH_FIELDS[kind]
    if (!fields) continue
    await eachPaced((data[kind] ?? []) as Row[], pacer, (record, index) => {
      for (const field of fields) {
        const html = record[field]
        if (typeof html !== 'string') continue
        for (const [, url] of html.matchAll(RICH_UPLOAD_REF)) {
          const source = folderFileFor(dir, url)
          const problem = (message: string) => problems.push(problemOf(label(kind, index, record), field, message))
          const named = { name: url.slice(url.lastIndexOf('/') + 1), folder: contentTypes.find((type) => type.kind === kind)?.label ?? '' }
          if (source) folderFiles.push(() => planFolderFile(source, url, plan, problem, named))
        }
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

/** The video URLs the records of `data` hold (a course's video, a teacher video's file): each gets a streaming copy. */
export function videoUrlsIn(data: Partial<SeedData>): string[] {
  return MEDIA.flatMap(({ kind, fields }) => {
    const videoFields = fields.filter(({ media }) => media.as === 'video').map(({ field }) => field)
    if (!videoFields.length) return []
    return ((data[kind] ?? []) as Row[]).flatMap((record) =>
      videoFields.map((field) => record[field]).filter((url): url is string => typeof url === 'string' && url !== ''),
    )
  })
}
