// The console's media library: the public files (staff uploads, the files the content write path
// stores for seed and import, and member files published with approved content), where each is used,
// their alt text and folder, uploads into it (the same bytes twice answer the file already there) and
// deleting what nothing uses. Private member files (pending submissions, avatars) are not library
// material: the review queues show them.
import { afterWrite, prisma, type Prisma } from '../../../db'
import { ApiError, Code } from '../../../lib/api-error'
import type { ReceivedFile } from '../../../lib/action'
import { cached, tagsChanged } from '../../../data/cache'
import { logger } from '../../../lib/logger'
import { skipTake, toPage } from '../../../lib/pagination'
import { recordAudit } from '../../audit/audit.service'
import { MEMBER_UPLOAD_PATH, publicMediaUrl, uploadPathOf, uploadUrl } from '../../upload/upload-access.service'
import { removeStoredFile } from '../../upload/image-variants.service'
import { describeStoredMedia, writeMediaRecords } from '../../upload/media-records.service'
import { downloadName, storeUpload } from '../../upload/upload.service'
import { sha256OfFile } from '../../../lib/sha256'
import type { StaffActor } from '../people/staff-access'
import type { MediaListInput, MediaSaveInput } from './media-library.schemas'

export const MEDIA_KINDS = ['image', 'document', 'video'] as const
type MediaKind = (typeof MEDIA_KINDS)[number]

/** Where a file is used: the record's entity word (as in the console), id and name. */
export type MediaUse = { entity: string; id: number | string; label: string }

type Reference = {
  entity: string
  /** Prisma delegate name. */
  model: string
  key: string
  label: string
  /** Columns holding one URL. */
  exact: string[]
  /** Rich text and free values that may name the URL anywhere. */
  text: string[]
}

// Every column that can name an uploaded file. Rich text names files by `src`/`href`.
const REFERENCES: Reference[] = [
  { entity: 'teacher', model: 'teacher', key: 'id', label: 'name', exact: ['photo'], text: ['content'] },
  { entity: 'course', model: 'course', key: 'id', label: 'title', exact: ['cover', 'videoUrl'], text: ['content'] },
  { entity: 'special', model: 'special', key: 'id', label: 'title', exact: ['cover'], text: ['content'] },
  { entity: 'banner', model: 'banner', key: 'id', label: 'title', exact: ['image'], text: [] },
  { entity: 'notice', model: 'courseNotice', key: 'id', label: 'name', exact: ['cover'], text: ['introduction'] },
  { entity: 'activity', model: 'activity', key: 'id', label: 'title', exact: ['cover'], text: ['content'] },
  { entity: 'viewpoint', model: 'viewpoint', key: 'id', label: 'title', exact: ['cover'], text: ['content'] },
  { entity: 'question', model: 'question', key: 'id', label: 'title', exact: [], text: ['content'] },
  { entity: 'cooperationType', model: 'cooperationType', key: 'id', label: 'name', exact: ['cover'], text: ['content'] },
  { entity: 'cooperation', model: 'cooperation', key: 'id', label: 'title', exact: ['cover'], text: ['content'] },
  { entity: 'partner', model: 'partner', key: 'id', label: 'name', exact: ['logo'], text: [] },
  { entity: 'page', model: 'aboutPage', key: 'key', label: 'title', exact: [], text: ['content'] },
  { entity: 'config', model: 'siteSetting', key: 'key', label: 'key', exact: [], text: ['value'] },
  { entity: 'video', model: 'teacherVideo', key: 'id', label: 'title', exact: ['videoUrl', 'cover'], text: [] },
  { entity: 'contribution', model: 'contribution', key: 'id', label: 'title', exact: [], text: ['content'] },
  { entity: 'member', model: 'member', key: 'id', label: 'nickname', exact: ['avatar'], text: [] },
]

type Delegate = { findMany(args: object): Promise<Record<string, unknown>[]> }
const delegate = (ref: Reference) => prisma[ref.model as keyof typeof prisma] as unknown as Delegate
const selectOf = (ref: Reference) => Object.fromEntries([ref.key, ref.label, ...ref.exact, ...ref.text].map((column) => [column, true]))
const useOf = (ref: Reference, row: Record<string, unknown>): MediaUse => ({
  entity: ref.entity,
  id: row[ref.key] as number | string,
  label: String(row[ref.label] ?? ''),
})

// Any stored file named in rich text or a free value: members' dated files and the site's own (seed/…).
const UPLOAD_REF = /\/uploads\/([^"'?#\s<>()]+)/g
const referencedPaths = (text: string) => [...new Set(Array.from(text.matchAll(UPLOAD_REF), (match) => match[1]))]

function addUse(map: Map<string, MediaUse[]>, path: string, use: MediaUse) {
  const list = map.get(path)
  if (!list) map.set(path, [use])
  else if (!list.some((item) => item.entity === use.entity && item.id === use.id)) list.push(use)
}

/** Attachments name their file by id, not by URL. */
async function attachmentUses(where: Prisma.ContributionAttachmentWhereInput, map: Map<string, MediaUse[]>) {
  const rows = await prisma.contributionAttachment.findMany({
    where,
    select: { upload: { select: { path: true } }, contribution: { select: { id: true, title: true } } },
  })
  for (const { upload, contribution } of rows)
    addUse(map, upload.path, { entity: 'contribution', id: contribution.id, label: contribution.title })
}

const USES_TAG = 'media-uses'
// Content writes drop every kept answer anyway; these private rows also name files.
afterWrite((model, _isContent, columns) => {
  const isAvatar = model === 'Member' && (!columns || columns.includes('avatar'))
  if (isAvatar || model === 'Contribution' || model === 'ContributionAttachment' || model === 'Upload') tagsChanged([USES_TAG])
})

/** Where every stored file is used, by path: one scan per referring table of the rows naming `/uploads/`. */
async function scanUses(): Promise<Map<string, MediaUse[]>> {
  const map = new Map<string, MediaUse[]>()
  const prefix = uploadUrl('')
  for (const ref of REFERENCES) {
    const conditions = [...ref.exact, ...ref.text].map((column) => ({ [column]: { contains: prefix } }))
    const rows = await delegate(ref).findMany({ where: { OR: conditions }, select: selectOf(ref) })
    for (const row of rows) {
      const use = useOf(ref, row)
      for (const column of ref.exact) {
        const path = uploadPathOf(String(row[column] ?? ''))
        if (path) addUse(map, path, use)
      }
      for (const column of ref.text) for (const path of referencedPaths(String(row[column] ?? ''))) addUse(map, path, use)
    }
  }
  await attachmentUses({}, map)
  return map
}

/**
 * The scan above, kept until something that names files is written: a page of the library then
 * costs no scan of the rich text.
 */
const referenceMap = () => cached('media-uses', scanUses, { tags: [USES_TAG], sizeOf: (map) => 1024 + map.size * 300 })

/**
 * Exactly where each of `files` is used, asked of the database for these files alone: the check
 * before a delete, and the lookup for a file whose path is not a dated one (imported elsewhere).
 */
async function exactUses(files: { id: number; path: string }[]): Promise<Map<string, MediaUse[]>> {
  const map = new Map<string, MediaUse[]>()
  const urls = files.map((file) => uploadUrl(file.path))
  await Promise.all(
    REFERENCES.map(async (ref) => {
      const conditions = [
        ...ref.exact.map((column) => ({ [column]: { in: urls } })),
        ...ref.text.flatMap((column) => urls.map((url) => ({ [column]: { contains: url } }))),
      ]
      const rows = await delegate(ref).findMany({ where: { OR: conditions }, select: selectOf(ref) })
      for (const row of rows) {
        for (const file of files) {
          const url = uploadUrl(file.path)
          const isUsed = ref.exact.some((column) => row[column] === url) || ref.text.some((column) => String(row[column]).includes(url))
          if (isUsed) addUse(map, file.path, useOf(ref, row))
        }
      }
    }),
  )
  await attachmentUses({ uploadId: { in: files.map((file) => file.id) } }, map)
  return map
}

/** Where each of `files` is used, from the kept map. */
async function usesOf(files: { id: number; path: string }[]): Promise<Map<number, MediaUse[]>> {
  const kept = files.length ? await referenceMap() : new Map<string, MediaUse[]>()
  return new Map(files.map((file) => [file.id, [...(kept.get(file.path) ?? [])]]))
}

const fileSelect = {
  id: true,
  path: true,
  kind: true,
  mime: true,
  size: true,
  originalName: true,
  alt: true,
  folder: true,
  width: true,
  height: true,
  createdAt: true,
  member: { select: { id: true, nickname: true, role: true } },
} satisfies Prisma.UploadSelect
type FileRow = Prisma.UploadGetPayload<{ select: typeof fileSelect }>

function toItem(row: FileRow, usedBy: MediaUse[]) {
  return {
    id: row.id,
    // The file's lasting public address: what image fields and rich text store, and the thumbnail.
    url: uploadUrl(row.path),
    // Where visitors fetch it: on the CDN when MEDIA_PUBLIC_URL is set (library files are public).
    publicUrl: publicMediaUrl(uploadUrl(row.path)),
    kind: row.kind,
    width: row.width,
    height: row.height,
    mime: row.mime,
    size: Number(row.size),
    name: downloadName(row.originalName, row.path),
    alt: row.alt,
    folder: row.folder,
    createdAt: row.createdAt.toISOString(),
    uploader: row.member,
    usedBy,
  }
}

const libraryWhere: Prisma.UploadWhereInput = { isPublic: true, kind: { in: [...MEDIA_KINDS] } }

/** The library's folders with how many files each holds, for the filter. */
async function listFolders() {
  const groups = await prisma.upload.groupBy({ by: ['folder'], where: { AND: [libraryWhere, { folder: { not: '' } }] }, _count: true })
  return groups.map((group) => ({ name: group.folder, count: group._count })).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'))
}

export async function listMedia({ page, limit, keyword, kind, folder }: MediaListInput) {
  const matches = keyword ? { OR: [{ originalName: { contains: keyword } }, { alt: { contains: keyword } }] } : {}
  const where: Prisma.UploadWhereInput = { AND: [libraryWhere, { kind, folder }, matches] }
  const [total, rows, folders] = await Promise.all([
    prisma.upload.count({ where }),
    prisma.upload.findMany({ where, select: fileSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...skipTake({ page, limit }) }),
    listFolders(),
  ])
  const uses = await usesOf(rows)
  return {
    ...toPage(
      rows.map((row) => toItem(row, uses.get(row.id)!)),
      total,
      { page, limit },
    ),
    folders,
  }
}

async function findFile(id: number) {
  const row = await prisma.upload.findFirst({ where: { AND: [libraryWhere, { id }] }, select: fileSelect })
  if (!row) throw new ApiError(Code.NOT_FOUND, '文件不存在')
  return row
}

export async function getMedia(id: number) {
  const row = await findFile(id)
  return toItem(row, (await usesOf([row])).get(row.id)!)
}

/**
 * A staff upload: public at once (it is content), counted against the uploader's daily quota like any
 * upload. Bytes the library already holds (by SHA-256, of an allowed kind) answer that file with
 * `isExisting: true`, and nothing is stored: one picture is one entry, whoever uploaded it first.
 */
export async function uploadMedia(
  file: ReceivedFile | undefined,
  { kind, folder = '' }: { kind?: MediaKind; folder?: string },
  actor: StaffActor,
) {
  if (!file) throw new ApiError(Code.BAD_PARAMS, '请选择要上传的文件')
  const allowed = kind ? MEDIA_KINDS.filter((item) => item === kind) : [...MEDIA_KINDS]
  if (!allowed.length) throw new ApiError(Code.BAD_PARAMS, '上传类型不正确')
  const sha256 = await sha256OfFile(file.path)
  const existing = await prisma.upload.findFirst({
    where: { AND: [libraryWhere, { sha256, kind: { in: allowed } }] },
    select: fileSelect,
    orderBy: { id: 'asc' },
  })
  if (existing) return { ...toItem(existing, (await usesOf([existing])).get(existing.id)!), isExisting: true }
  const stored = await storeUpload({
    tempPath: file.path,
    originalName: file.originalName,
    memberId: actor.staffId,
    allowed,
    isPublic: true,
    sha256,
  })
  if (folder) await prisma.upload.update({ where: { id: stored.id }, data: { folder } })
  const row = await findFile(stored.id)
  await recordAudit({ ...actor, entity: 'media', entityId: row.id, summary: `上传文件「${stored.name}」`, after: toItem(row, []) })
  return { ...toItem(row, []), isExisting: false }
}

/** Sets a file's alt text and folder (a field left out stays as it is), audited with both versions. */
export async function saveMedia({ id, alt, folder }: MediaSaveInput, actor: StaffActor) {
  const before = await findFile(id)
  const uses = (await usesOf([before])).get(id)!
  const row = await prisma.$transaction(async (tx) => {
    const saved = await tx.upload.update({ where: { id }, data: { alt, folder }, select: fileSelect })
    await recordAudit(
      {
        ...actor,
        entity: 'media',
        entityId: id,
        summary: `编辑文件「${downloadName(saved.originalName, saved.path)}」的替代文字和文件夹`,
        before: { alt: before.alt, folder: before.folder },
        after: { alt: saved.alt, folder: saved.folder },
      },
      tx,
    )
    return saved
  })
  return toItem(row, uses)
}

/**
 * The one-off backfill for databases seeded before the library recorded the site's own files: every
 * stored file that content names outside the members' dated folders and that has no row yet gets
 * one, named after its first user and filed under that user's kind. Idempotent and cheap when
 * nothing is missing (one scan), so every start runs it (scripts/prepare-to-serve.ts).
 */
export async function recordUsedFiles(): Promise<number> {
  const uses = await scanUses()
  const candidates = [...uses.keys()].filter((path) => !MEMBER_UPLOAD_PATH.test(path) && !path.startsWith('exports/'))
  const known = new Set<string>()
  for (let start = 0; start < candidates.length; start += 500) {
    const rows = await prisma.upload.findMany({ where: { path: { in: candidates.slice(start, start + 500) } }, select: { path: true } })
    for (const row of rows) known.add(row.path)
  }
  const missing = candidates.filter((path) => !known.has(path))
  const records = await describeStoredMedia(
    missing.map((path) => {
      const [first] = uses.get(path)!
      return { path, name: first.label.slice(0, 100), folder: KIND_WORDS[first.entity] ?? '' }
    }),
  )
  await writeMediaRecords(prisma, records)
  return records.length
}

const KIND_WORDS: Record<string, string> = {
  teacher: '名师',
  course: '课程',
  special: '专题',
  banner: '广告图',
  notice: '课程预告',
  activity: '教学活动',
  viewpoint: '学术观点',
  question: '常见问题',
  cooperationType: '合作类型',
  cooperation: '合作项目',
  partner: '合作伙伴',
  page: '关于页面',
  config: '网站配置',
  video: '名师视频',
  contribution: '投稿',
  member: '会员头像',
}

/** Removes an unused file, row and bytes; a file still used is refused, saying where. */
export async function deleteMedia(id: number, actor: StaffActor) {
  const row = await findFile(id)
  // Asked of the database itself, never of the kept map: a delete must not trust a stale answer.
  const usedBy = (await exactUses([row])).get(row.path) ?? []
  if (usedBy.length) {
    const named = usedBy.slice(0, 5).map((use) => `${KIND_WORDS[use.entity] ?? use.entity}「${use.label}」`)
    const more = usedBy.length > 5 ? ` 等 ${usedBy.length} 处` : ''
    throw new ApiError(Code.EXISTS, `该文件仍在使用：${named.join('、')}${more}，请先替换或删除这些引用`)
  }
  await prisma.$transaction(async (tx) => {
    await tx.upload.delete({ where: { id } })
    await recordAudit(
      {
        ...actor,
        entity: 'media',
        entityId: id,
        summary: `删除文件「${downloadName(row.originalName, row.path)}」`,
        before: toItem(row, []),
      },
      tx,
    )
  })
  // Row first: a file whose removal fails is left without a row, served to no one (upload-access.service.ts).
  await removeStoredFile(row.path).catch((error: unknown) => logger.warn({ err: error }, 'could not remove media file'))
  return { id }
}
