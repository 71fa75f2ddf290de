// Removes what nothing uses: uploads older than a day that are no contribution's attachment, no
// video or cover, no avatar and not named by any content, and temp files a crash left behind.
// Files of rejected content are kept: they are still attached, and their member reads the
// rejection with them. server/index.ts starts the sweep with the server.
import fs from 'node:fs/promises'
import path from 'node:path'
import { prisma, type Prisma } from '../../db'
import { clock } from '../../lib/clock'
import { claimRun } from '../../data/lease'
import { logger } from '../../lib/logger'
import { removeStoredFile } from './image-variants.service'
import { MEMBER_UPLOAD_PATH, referencedUploadPaths, uploadUrl } from './upload-access.service'
import { uploadTempDir } from '../../lib/uploads'
import { DAY_MS } from './upload.types'
import { sweepAbandonedResumable } from './resumable.service'

/** An upload this young may still be on its way into a contribution or a video. */
export const UNUSED_UPLOAD_GRACE_MS = DAY_MS
const SWEEP_EVERY_MS = 60 * 60 * 1000
const BATCH = 500
// Every member file lives in a dated folder ("/uploads/2026/..."); seed files never match.
const MEMBER_FILES = '/uploads/2'

// Every column that can hold a file's URL, as a link or inside rich text. A column added to the
// schema that may name uploads belongs here, or the sweep would take its files.
const REFERENCES = {
  member: ['avatar'],
  teacher: ['photo', 'content'],
  teacherVideo: ['cover', 'videoUrl'],
  course: ['cover', 'content', 'videoUrl'],
  special: ['cover', 'content'],
  banner: ['image'],
  courseNotice: ['cover', 'introduction'],
  activity: ['cover', 'content'],
  viewpoint: ['cover', 'content'],
  question: ['content'],
  cooperationType: ['cover', 'content'],
  cooperation: ['cover', 'content'],
  partner: ['logo'],
  siteSetting: ['value'],
  aboutPage: ['content'],
  contribution: ['content'],
} satisfies Partial<Record<Uncapitalize<Prisma.ModelName>, string[]>>

// The one shape every model above shares here: string columns read by a filter.
type TextColumns = { findMany: (args: { where: object; select: object }) => Promise<Record<string, string | null>[]> }

/** Paths of member files some row names: one query per model, over the rows that name any. */
async function referencedPaths(): Promise<Set<string>> {
  const values = await Promise.all(
    Object.entries(REFERENCES).map(async ([model, columns]) => {
      const rows = await (prisma[model as keyof typeof REFERENCES] as unknown as TextColumns).findMany({
        where: { OR: columns.map((name) => ({ [name]: { contains: MEMBER_FILES } })) },
        select: Object.fromEntries(columns.map((name) => [name, true])),
      })
      return rows.flatMap((row) => columns.map((name) => row[name]))
    }),
  )
  return new Set(values.flat().flatMap((value) => (value ? referencedUploadPaths(value) : [])))
}

/**
 * Removes what the temp folder has held since before `cutoff`: half-received uploads, and the work
 * folders of imports and exports (`import-*`, `export-*`) that a crash or a failed removal left
 * behind. A folder's own time is when its last entry was added, so one still in use is young.
 */
async function removeStaleTempFiles(cutoff: number): Promise<number> {
  const dir = uploadTempDir()
  const names = await fs.readdir(dir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    const file = path.join(dir, name)
    const stats = await fs.lstat(file).catch(() => null)
    if (!stats || stats.mtimeMs >= cutoff || !(stats.isFile() || stats.isDirectory())) continue
    // The promise version: it walks a tree thousands of folders deep, where rmSync runs out of stack.
    const error = await fs.rm(file, { recursive: true, force: true }).catch((failure: unknown) => failure)
    if (error) logger.warn({ err: error, file }, 'upload sweep: temp entry not removed')
    else removed += 1
  }
  return removed
}

export type SweepResult = { uploads: number; tempFiles: number }

/** One sweep: deletes unused uploads past the grace period, row then file, and stale temp files and folders. */
export async function sweepUnusedUploads(now = clock.now()): Promise<SweepResult> {
  const cutoff = now - UNUSED_UPLOAD_GRACE_MS
  const used = await referencedPaths()
  let uploads = 0
  let afterId = 0
  for (;;) {
    const batch = await prisma.upload.findMany({
      where: { id: { gt: afterId }, createdAt: { lt: new Date(cutoff) }, attachments: { none: {} } },
      select: { id: true, path: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    })
    for (const upload of batch) {
      // Files the content write path recorded (seed/…) are the site's own, never a member's leftovers.
      if (used.has(upload.path) || !MEMBER_UPLOAD_PATH.test(upload.path)) continue
      // Row first, re-checking it is still unattached: a member may attach it this very moment.
      // A file without its row is served to no one (upload-access.service.ts) while it is removed.
      const { count } = await prisma.upload.deleteMany({ where: { id: upload.id, attachments: { none: {} } } })
      if (!count) continue
      await removeStoredFile(upload.path).catch((error: unknown) =>
        logger.warn({ err: error, file: uploadUrl(upload.path) }, 'unused upload: file not removed'),
      )
      uploads += 1
    }
    if (batch.length < BATCH) break
    afterId = batch[batch.length - 1].id
  }
  return { uploads, tempFiles: await removeStaleTempFiles(cutoff) }
}

/**
 * One scheduled sweep. Every process runs the schedule, but one of them per period sweeps the
 * uploads (a database lease held for 90% of the period, never given back early); the others only
 * clear their own machine's temp files, which are no one else's to see.
 */
async function scheduledSweep(everyMs: number): Promise<SweepResult & { resumable?: number }> {
  if (await claimRun('upload-sweep', everyMs * 0.9)) {
    const swept = await sweepUnusedUploads()
    return { ...swept, resumable: await sweepAbandonedResumable() }
  }
  return { uploads: 0, tempFiles: await removeStaleTempFiles(clock.now() - UNUSED_UPLOAD_GRACE_MS) }
}

/**
 * Sweeps a minute after start and then hourly; returns the function that stops it. A failed sweep
 * is logged and tried again next time; the timer never keeps the process alive.
 */
export function startUploadSweep(everyMs = SWEEP_EVERY_MS): () => void {
  let running: Promise<void> | undefined
  const run = () => {
    running ??= scheduledSweep(everyMs)
      .then((result) => {
        if (result.uploads || result.tempFiles || result.resumable) logger.info(result, 'unused uploads removed')
      })
      .catch((error: unknown) => logger.error({ err: error }, 'upload sweep failed'))
      .finally(() => (running = undefined))
  }
  const first = setTimeout(run, Math.min(60_000, everyMs))
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
