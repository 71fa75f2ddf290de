// Resumable uploads' rules (common/resumable-upload.ts has the protocol): who may start one and how
// large, whose each request is, what the first bytes must be, how a complete one becomes a stored
// upload, and when an abandoned one goes. resumable/resumable.routes.ts calls these from tus's hooks; the
// completion actions (Teacher/uploadComplete, Admin/mediaUploadComplete) call `completeResumable`.
import path from 'node:path'
import type { UploadPurpose } from '../../../common/resumable-upload'
import { CONTENT_EDITORS, type StaffRole } from '../../../common/staff-roles'
import { prisma } from '../../db'
import { withLock } from '../../data/lease'
import { freeDiskBytes } from '../../data/readiness'
import { env } from '../../env'
import type { AuthedMember, ReceivedFile } from '../../lib/action'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { logger } from '../../lib/logger'
import { storage, type FileStorage } from '../../lib/storage'
import { formatSize, KIND_TEXT, overQuotaMessage, uploadLimits, type UploadKind } from '../../lib/uploads'
import { cleanOriginalName } from './upload.service'
import { quotaLeft, uploadDiskFloor } from './upload.budget'
import { KIND_FORMATS, quotaMessage, type DetectedType } from './upload.types'
import { JudgedFileStore } from './resumable/file-staging'
import { ResumableRefusal, type StagingStore } from './resumable/resumable.store'

/** Unfinished resumable uploads one member may have at once (each holds disk until it ends or expires). */
export const UNFINISHED_UPLOADS_PER_MEMBER = 3

type PurposeRule = { kinds: readonly UploadKind[]; staff?: readonly StaffRole[]; refusal?: string }

const PURPOSE_RULES: Record<UploadPurpose, PurposeRule> = {
  'teacher-video': { kinds: ['video'] },
  media: { kinds: ['video'], staff: CONTENT_EDITORS, refusal: '仅管理员、编辑和发布员可以管理媒体库' },
}

export const GONE_MESSAGE = '上传不存在或已过期，请重新选择文件上传'

/** The envelope a tus answer carries when it refuses, so the page shows the same words as for an action. */
export const refusalOf = (error: ApiError) =>
  new ResumableRefusal(
    error.code >= 400 && error.code < 600 ? error.code : 400,
    JSON.stringify({ code: error.code, msg: error.message, data: null }),
  )

const directories = new Map<string, JudgedFileStore>()
const buckets = new WeakMap<FileStorage, StagingStore>()

/**
 * Where staged bytes wait, for the current storage: the bucket when it is S3 (any machine may get
 * an upload's next chunk), else UPLOAD_DIR/.resumable. One store per bucket or folder (tests switch them).
 */
export async function resumableStore(): Promise<StagingStore> {
  const files = storage()
  if (files.kind === 's3') {
    let store = buckets.get(files)
    if (!store) {
      // Loaded here, so a portal on local disk never loads the S3 SDK.
      const { JudgedS3Store } = await import('./resumable/s3-staging')
      store = buckets.get(files) ?? new JudgedS3Store(files.settings, judgeHead, forgetResumable)
      buckets.set(files, store)
    }
    return store
  }
  const directory = path.join(env.UPLOAD_DIR, '.resumable')
  let store = directories.get(directory)
  if (!store) {
    store = new JudgedFileStore(directory, judgeHead, forgetResumable)
    directories.set(directory, store)
  }
  return store
}

function ruleFor(purpose: string | null | undefined): PurposeRule {
  if (!purpose || !Object.hasOwn(PURPOSE_RULES, purpose)) throw new ApiError(Code.BAD_PARAMS, '上传用途不正确')
  return PURPOSE_RULES[purpose as UploadPurpose]
}

function assertMayUpload(member: AuthedMember, rule: PurposeRule) {
  if (!rule.staff) return
  if (!rule.staff.includes(member.role as StaffRole)) throw new ApiError(Code.FORBIDDEN, rule.refusal ?? '没有权限执行此操作')
  if (member.passwordChangeDue) throw new ApiError(Code.FORBIDDEN, '请先修改管理员设置的初始密码，再使用管理后台')
}

export type ResumableStart = {
  id: string
  size: number | undefined
  purpose: string | null | undefined
  filename: string | null | undefined
}

/**
 * Admits a new resumable upload before any byte is sent, or refuses it: its purpose and the
 * member's right to it, a declared size within the limit, the file name, room on the disk, the
 * member's unfinished uploads and the daily quota (unfinished uploads' bytes count as used). The
 * row is written under the member's lock, so parallel starts cannot pass the caps together.
 */
export async function admitResumable(member: AuthedMember, start: ResumableStart): Promise<void> {
  const rule = ruleFor(start.purpose)
  assertMayUpload(member, rule)
  const { size } = start
  if (size === undefined) throw new ApiError(Code.BAD_PARAMS, '请在开始上传时告知文件大小')
  if (size <= 0) throw new ApiError(Code.BAD_PARAMS, '文件内容为空')
  // The kinds' own limits (uploadLimits: a video's is RESUMABLE_UPLOAD_MAX_BYTES), as for multipart files.
  const largest = Math.max(...rule.kinds.map((kind) => uploadLimits[kind]))
  if (size > largest) {
    const kinds = rule.kinds.map((kind) => KIND_TEXT[kind]).join('、')
    throw new ApiError(Code.TOO_LARGE, `${kinds}不能超过 ${formatSize(largest)}`)
  }
  const originalName = cleanOriginalName(start.filename?.trim() || '')
  if ((await freeDiskBytes(env.UPLOAD_DIR)) < size + uploadDiskFloor.bytes) {
    throw new ApiError(Code.UNAVAILABLE, '服务器存储空间不足，暂时无法上传文件，请稍后再试')
  }
  await withLock(`resumable-admit:${member.id}`, async () => {
    const unfinished = await prisma.resumableUpload.findMany({ where: { memberId: member.id, uploadId: null }, select: { size: true } })
    if (unfinished.length >= UNFINISHED_UPLOADS_PER_MEMBER) {
      throw new ApiError(Code.RATE_LIMITED, `最多同时进行 ${UNFINISHED_UPLOADS_PER_MEMBER} 个上传，请等待当前上传完成或取消后再试`)
    }
    const left = await quotaLeft(member.id)
    const reserved = unfinished.reduce((sum, row) => sum + Number(row.size), 0)
    if (left.files - unfinished.length <= 0) throw new ApiError(Code.RATE_LIMITED, quotaMessage())
    if (left.bytes - reserved < size) throw new ApiError(Code.RATE_LIMITED, overQuotaMessage(Math.max(0, left.bytes - reserved)))
    const now = clock.now()
    await prisma.resumableUpload.create({
      data: {
        id: start.id,
        memberId: member.id,
        purpose: start.purpose!,
        size,
        originalName,
        createdAt: new Date(now),
        lastActivityAt: new Date(now),
      },
    })
  })
}

/**
 * Every later request on upload `id` (resume, bytes, cancel) must come from its owner; others get
 * the same 404 as a missing upload, so keys cannot be probed. Bytes move the abandonment clock on.
 */
export async function assertOwnResumable(member: AuthedMember, id: string, { isSendingBytes = false } = {}): Promise<void> {
  const row = await prisma.resumableUpload.findUnique({ where: { id }, select: { memberId: true, uploadId: true } })
  if (!row || row.memberId !== member.id) throw new ApiError(Code.NOT_FOUND, GONE_MESSAGE)
  if (row.uploadId !== null) throw new ApiError(Code.EXISTS, '该文件已上传完成')
  if (isSendingBytes) await prisma.resumableUpload.update({ where: { id }, data: { lastActivityAt: new Date(clock.now()) } })
}

/** The first bytes of upload `id` must be a kind its purpose takes; otherwise it is refused and forgotten. */
async function judgeHead(id: string, type: DetectedType | null): Promise<void> {
  const row = await prisma.resumableUpload.findUnique({ where: { id }, select: { purpose: true } })
  if (!row) throw refusalOf(new ApiError(Code.NOT_FOUND, GONE_MESSAGE))
  const { kinds } = ruleFor(row.purpose)
  if (type && kinds.includes(type.kind)) return
  await prisma.resumableUpload.deleteMany({ where: { id } })
  const formats = kinds.map((kind) => `${KIND_TEXT[kind]}（${KIND_FORMATS[kind]}）`).join('、')
  throw refusalOf(new ApiError(Code.UNSUPPORTED, `不支持的文件类型，仅支持${formats}`))
}

/** An upload whose bytes are gone (the store calls this): a cancelled one (tus DELETE) loses its row; a completed one keeps it. */
export async function forgetResumable(id: string): Promise<void> {
  await prisma.resumableUpload.deleteMany({ where: { id, uploadId: null } })
}

/** How a purpose's completion action stores the complete file, and answers again for it later. */
export type Completion<T> = {
  purpose: UploadPurpose
  /** Stores the staged file (moving it away) and answers the stored upload with its id. */
  store: (file: ReceivedFile, kinds: readonly UploadKind[]) => Promise<T & { id: number }>
  /** The same answer for an upload stored by an earlier call. */
  answerFor: (uploadId: number) => Promise<T>
}

/**
 * Turns a complete resumable upload into a stored upload, once: a second call (the answer to the
 * first was lost) answers the same upload. The staged file is judged again in full by the purpose's
 * store (type, size, quota) on this disk and moved into storage; its tus record goes with it.
 */
export async function completeResumable<T>(member: AuthedMember, key: string, completion: Completion<T>): Promise<T> {
  const rule = PURPOSE_RULES[completion.purpose]
  assertMayUpload(member, rule)
  return withLock(`resumable-complete:${key}`, async () => {
    const row = await prisma.resumableUpload.findUnique({ where: { id: key } })
    if (!row || row.memberId !== member.id) throw new ApiError(Code.NOT_FOUND, GONE_MESSAGE)
    if (row.purpose !== completion.purpose) throw new ApiError(Code.BAD_PARAMS, '上传用途不正确')
    if (row.uploadId !== null) return completion.answerFor(row.uploadId)
    const store = await resumableStore()
    const staged = await store.getUpload(key).catch(() => null)
    if (!staged) throw new ApiError(Code.NOT_FOUND, GONE_MESSAGE)
    if (staged.offset !== staged.size) throw new ApiError(Code.EXISTS, '文件尚未上传完成，请继续上传')
    const local = await store.completedFile(key)
    const file: ReceivedFile = { path: local.path, originalName: row.originalName, size: staged.offset }
    try {
      const stored = await completion.store(file, rule.kinds)
      await prisma.resumableUpload.update({ where: { id: key }, data: { uploadId: stored.id } })
      return stored
    } finally {
      // Moved into storage, or refused: either way the staged bytes and their record are done.
      await local.discard()
      await store.remove(key).catch(() => undefined)
    }
  })
}

/**
 * Removes uploads that received no byte for RESUMABLE_UPLOAD_TTL_HOURS (and the records of finished
 * ones as old), then staged uploads as old with no row at all (a crash, or a failed removal).
 */
export async function sweepAbandonedResumable(now = clock.now()): Promise<number> {
  const cutoff = now - env.RESUMABLE_UPLOAD_TTL_HOURS * 3600_000
  const old = await prisma.resumableUpload.findMany({
    where: { lastActivityAt: { lt: new Date(cutoff) } },
    select: { id: true, uploadId: true },
  })
  const store = await resumableStore()
  let removed = 0
  for (const row of old) {
    if (row.uploadId === null) {
      await store.remove(row.id).catch(() => undefined)
      removed++
    }
    await prisma.resumableUpload.deleteMany({ where: { id: row.id } })
  }
  // An upload's pieces (bytes, record) by id, with the time the newest of them last changed.
  const lastChanged = new Map<string, number>()
  for await (const { id, modifiedAt } of store.listStaged()) lastChanged.set(id, Math.max(lastChanged.get(id) ?? 0, modifiedAt.getTime()))
  const ids = [...lastChanged.keys()]
  const known = new Set((await prisma.resumableUpload.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((row) => row.id))
  for (const id of ids.filter((item) => !known.has(item) && lastChanged.get(item)! < cutoff)) {
    await store.remove(id).catch(() => undefined)
    removed++
  }
  if (removed) logger.info({ removed }, 'abandoned resumable uploads removed')
  return removed
}
