// What a member may still upload, decided before a byte of the body is read: the pipeline
// (http/dispatch.ts) asks through the action's `upload`, made by acceptUploads (upload.service.ts).
// A free slot (at most two uploads at a time, in all processes together: the slots are leases in
// the database), room on the disk, and what is left of the daily quota. What is left becomes the
// body reader's size limit, so an over-quota file is cut off as it streams instead of after it has
// filled the disk.
import { env } from '../../env'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { takeSlot } from '../../data/lease'
import { logger } from '../../lib/logger'
import { freeDiskBytes, MIN_FREE_UPLOAD_BYTES } from '../../data/readiness'
import { uploadLimits, type UploadAdmission, type UploadKind } from '../../lib/uploads'
import { dailyUploadQuota, DAY_MS, quotaMessage } from './upload.types'

/** Uploads one member may have in flight at once. */
export const PARALLEL_UPLOADS_PER_MEMBER = 2

/** Uploads are refused while less than this is free on UPLOAD_DIR: /readyz's own threshold. Mutable for tests. */
export const uploadDiskFloor = { bytes: MIN_FREE_UPLOAD_BYTES }

/**
 * How long a slot outlives a process that stopped renewing it (a crash): renewed every third of it
 * while the upload runs, so a long upload keeps its slot.
 */
const SLOT_TTL_MS = 60_000

/** One of the member's upload slots, or 429; the answer frees it once, however often it is called. */
async function takeUploadSlot(memberId: number): Promise<() => void> {
  const free = await takeSlot(`upload-slot:${memberId}`, PARALLEL_UPLOADS_PER_MEMBER, SLOT_TTL_MS)
  if (!free) {
    throw new ApiError(Code.RATE_LIMITED, `最多同时上传 ${PARALLEL_UPLOADS_PER_MEMBER} 个文件，请等待当前上传完成后再试`)
  }
  let isReleased = false
  return () => {
    if (isReleased) return
    isReleased = true
    // Started at once: the slot's row is gone before the member's next request can arrive.
    free().catch((error: unknown) => logger.warn({ err: error, memberId }, 'upload slot not freed: it expires by itself'))
  }
}

async function assertDiskRoom() {
  if ((await freeDiskBytes(env.UPLOAD_DIR)) < uploadDiskFloor.bytes) {
    throw new ApiError(Code.UNAVAILABLE, '服务器存储空间不足，暂时无法上传文件，请稍后再试')
  }
}

/** Files and bytes the member may still upload in the current 24 hours. */
export async function quotaLeft(memberId: number): Promise<{ files: number; bytes: number }> {
  const { _count, _sum } = await prisma.upload.aggregate({
    where: { memberId, createdAt: { gte: new Date(Date.now() - DAY_MS) } },
    _count: true,
    _sum: { size: true },
  })
  return { files: dailyUploadQuota.files - _count, bytes: dailyUploadQuota.bytes - Number(_sum.size ?? 0) }
}

/**
 * Admits one upload of `kinds` for the member, or refuses it (429 busy or over quota, 503 disk
 * full). The caller must call `release` once the request is over, whichever way it ends.
 */
export async function admitUpload(memberId: number, kinds: readonly UploadKind[]): Promise<UploadAdmission> {
  const release = await takeUploadSlot(memberId)
  try {
    await assertDiskRoom()
    const left = await quotaLeft(memberId)
    if (left.files <= 0 || left.bytes <= 0) throw new ApiError(Code.RATE_LIMITED, quotaMessage())
    const kindMax = Math.max(...kinds.map((kind) => uploadLimits[kind]))
    const budget = left.bytes < kindMax ? { maxBytes: left.bytes, quotaBytesLeft: left.bytes } : { maxBytes: kindMax }
    return { budget, release }
  } catch (error) {
    release()
    throw error
  }
}
