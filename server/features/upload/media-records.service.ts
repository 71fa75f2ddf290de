// Upload rows for the files the site stores itself: the pictures and videos the content write path
// draws, copies or carries (seed, import), so the media library lists every file the site uses.
// They are public content from the start and belong to no member. Rows are keyed by path; staff's
// own facts (name, alt text, folder) are never overwritten by a later import.
import crypto from 'node:crypto'
import path from 'node:path'
import { prisma, type Tx } from '../../db'
import { readAll, storage } from '../../lib/storage'

/** A stored file to record: its key (Upload.path), the name staff see, and the folder it is filed under. */
export type StoredMedia = { path: string; name: string; folder: string }

export type MediaRecord = StoredMedia & {
  kind: string
  mime: string
  size: number
  sha256: string
  width: number | null
  height: number | null
}

const TYPES: Record<string, { kind: string; mime: string }> = {
  '.png': { kind: 'image', mime: 'image/png' },
  '.jpg': { kind: 'image', mime: 'image/jpeg' },
  '.jpeg': { kind: 'image', mime: 'image/jpeg' },
  '.webp': { kind: 'image', mime: 'image/webp' },
  '.gif': { kind: 'image', mime: 'image/gif' },
  '.mp4': { kind: 'video', mime: 'video/mp4' },
}

async function sizeOfPicture(bytes: Buffer): Promise<{ width: number | null; height: number | null }> {
  const { default: sharp } = await import('sharp')
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null)
  return { width: meta?.width ?? null, height: meta?.height ?? null }
}

/**
 * The facts of each stored file that has no row yet, or whose bytes changed size (a redrawn seed
 * picture keeps its path). Files the storage does not hold, and types the library does not take, are left out.
 */
export async function describeStoredMedia(files: StoredMedia[]): Promise<MediaRecord[]> {
  const unique = [...new Map(files.map((file) => [file.path, file])).values()].filter(
    (file) => TYPES[path.extname(file.path).toLowerCase()],
  )
  const rows = new Map<string, number>()
  for (let start = 0; start < unique.length; start += 500) {
    const found = await prisma.upload.findMany({
      where: { path: { in: unique.slice(start, start + 500).map((file) => file.path) } },
      select: { path: true, size: true },
    })
    for (const row of found) rows.set(row.path, Number(row.size))
  }
  const records: MediaRecord[] = []
  for (const file of unique) {
    const stat = await storage().stat(file.path)
    if (!stat || rows.get(file.path) === stat.size) continue
    const body = await storage().get(file.path)
    if (!body) continue
    const type = TYPES[path.extname(file.path).toLowerCase()]
    const hash = crypto.createHash('sha256')
    let dimensions: { width: number | null; height: number | null } = { width: null, height: null }
    if (type.kind === 'image') {
      const bytes = await readAll(body)
      hash.update(bytes)
      dimensions = await sizeOfPicture(bytes)
    } else for await (const chunk of body) hash.update(chunk as Buffer) // a video may be hundreds of MB
    records.push({ ...file, ...type, size: stat.size, sha256: hash.digest('hex'), ...dimensions })
  }
  return records
}

/** Writes the rows of `records` (inside the import's transaction): new files created, changed bytes updated. */
export async function writeMediaRecords(tx: Tx | typeof prisma, records: MediaRecord[]) {
  for (const { path: key, name, folder, ...facts } of records) {
    await tx.upload.upsert({
      where: { path: key },
      create: { path: key, originalName: name, folder, isPublic: true, ...facts },
      update: facts,
    })
  }
}
