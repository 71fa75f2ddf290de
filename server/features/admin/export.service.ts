// Admin/export: the whole content as a seed folder (one JSON file per kind, exactly as seed/data
// has them, plus every uploaded file they show under media/uploads/...), zipped. The archive is a
// private upload reached through a signed URL that expires (upload-access.service.ts), so only the
// admin who asked (or whoever they pass the link to, for two hours) can download it.
import { sha256OfFile } from '../../lib/sha256'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { prisma } from '../../db'
import { clock } from '../../lib/clock'
import { storage } from '../../lib/storage'
import { withLock } from '../../data/lease'
import { imageSettingKeys, seedKinds, settingKeys, type SeedKind } from '../../../common/content-schemas'
import { recordAudit } from '../audit/audit.service'
import { FOLDER_MEDIA_DIR, PICTURE_FIELDS } from '../content/import.service'
import { signedUploadUrl } from '../upload/upload-access.service'
import { uploadTempDir } from '../../lib/uploads'
import { contentEntities, type Row } from './content-entities'
import type { Actor } from './content.service'
import { writeZip, type ArchiveEntry } from './zip-archive'

/** Archives are stored as exports/<random>/<name>.zip (server/lib/storage), each with a private Upload row. */
export const EXPORT_FOLDER = 'exports'
/** Older archives are removed when a new export is made: a few at most, none older than a few hours. */
const KEEP_EXPORTS = 3
const EXPORT_LIFETIME_MS = 3 * 60 * 60 * 1000
// The lease's stored name is older than the export/import wording; kept, so a process of the previous
// release cannot run an import beside this one's export during a rolling restart.
export const EXPORT_IMPORT_LOCK = 'admin-transfer'

const entityOfKind = new Map(contentEntities.map((entity) => [entity.kind, entity]))

/** Every record of every kind, in seed order, as the seed files hold them; ids ascending, so ids are kept in order. */
async function seedFiles(): Promise<Partial<Record<SeedKind, Row[]>>> {
  const files: Partial<Record<SeedKind, Row[]>> = {}
  const settings = await prisma.siteSetting.findMany({ where: { key: { in: [...settingKeys] } }, select: { key: true, value: true } })
  files.settings = settingKeys.flatMap((key) => settings.filter((row) => row.key === key)).map(noPicture('value'))
  for (const kind of seedKinds) {
    const entity = entityOfKind.get(kind)
    if (!entity) continue
    const model = prisma[entity.model] as unknown as { findMany(args: object): Promise<Row[]> }
    const order = entity.key === 'slug' || entity.key === 'name' || entity.key === 'id' ? { id: 'asc' } : { [entity.key]: 'asc' }
    const rows = await model.findMany({ where: entity.exportWhere ?? {}, select: entity.select, orderBy: order })
    files[kind] = rows.map(entity.toRecord).map(noPicture(...(PICTURE_FIELDS[kind] ?? [])))
  }
  return files
}

/**
 * An empty picture is written as null: in a seed folder "" asks for a drawn picture, and an import
 * must give the record none, as it had.
 */
const noPicture =
  (...fields: string[]) =>
  (record: Row): Row => {
    const copy = { ...record }
    for (const field of fields) {
      const isPicture = field !== 'value' || imageSettingKeys.has(String(record.key))
      if (isPicture && copy[field] === '') copy[field] = null
    }
    return copy
  }

const UPLOAD_REF = /\/uploads\/[^"'\s?#<>()]+/g

/** The uploaded files the records show (media fields and pictures in rich text), each once. */
function referencedUploads(files: Partial<Record<SeedKind, Row[]>>): string[] {
  const urls = new Set<string>()
  for (const records of Object.values(files)) {
    for (const record of records) {
      for (const value of Object.values(record)) {
        if (typeof value === 'string' && value.includes('/uploads/')) for (const [url] of value.matchAll(UPLOAD_REF)) urls.add(url)
      }
    }
  }
  return [...urls].filter((url) => !url.includes('..'))
}

const fileJson = (records: Row[]) => `${JSON.stringify(records, null, 2)}\n`

/** "mingshi-content-20261124-0930.zip", in China time as the console shows it. */
function archiveName(now: number) {
  const stamp = new Date(now + 8 * 60 * 60 * 1000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
  return `mingshi-content-${stamp}.zip`
}

/** Removes archives past their lifetime and all but the newest few, row first (a file without its row is served to no one). */
async function removeOldExports(now: number) {
  const rows = await prisma.upload.findMany({
    where: { path: { startsWith: `${EXPORT_FOLDER}/` } },
    select: { id: true, path: true, createdAt: true },
    orderBy: { id: 'desc' },
  })
  const old = rows.filter((row, index) => index >= KEEP_EXPORTS || now - row.createdAt.getTime() > EXPORT_LIFETIME_MS)
  if (!old.length) return
  await prisma.upload.deleteMany({ where: { id: { in: old.map((row) => row.id) } } })
  for (const row of old) {
    await storage().delete(row.path)
    // On local disk the archive's own random folder goes with it.
    const file = storage().localPath(row.path)
    if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

/** A stored file as a path on this disk for the zip writer: the file itself locally, else a copy in `workDir`. */
async function localFileOf(key: string, workDir: string): Promise<string> {
  const local = storage().localPath(key)
  if (local) return local
  const body = await storage().get(key)
  if (!body) throw new Error(`stored file vanished during export: ${key}`)
  const copy = path.join(workDir, ...key.split('/'))
  fs.mkdirSync(path.dirname(copy), { recursive: true })
  await pipeline(body, fs.createWriteStream(copy))
  return copy
}

// The archive of the last export and what it was made from: exporting unchanged content again
// answers the same archive instead of writing another copy of every file.
let lastExport: { fingerprint: string; uploadId: number } | undefined

export type ExportAnswer = {
  url: string
  name: string
  size: number
  /** When the download link stops working (ISO). */
  expiresAt: string
  counts: Partial<Record<SeedKind, number>>
  files: number
  /** `/uploads/...` addresses the content names but whose file is gone: an import elsewhere would refuse them. */
  missingFiles: string[]
}

type Archive = {
  upload: { id: number; path: string; size: number; originalName: string }
  counts: Partial<Record<SeedKind, number>>
  files: number
  missingFiles: string[]
}

// The export being built in this process: callers that arrive meanwhile (a double click, two
// admins) share it instead of queueing one full read of the content each behind the lock.
let building: Promise<Archive> | undefined

/** The archive of the content as it is now, built once for every caller that asks while it is being built. */
function currentArchive(): Promise<Archive> {
  building ??= withLock(EXPORT_IMPORT_LOCK, buildArchive).finally(() => (building = undefined))
  return building
}

async function buildArchive(): Promise<Archive> {
  const now = clock.now()
  const files = await seedFiles()
  const entries: ArchiveEntry[] = seedKinds
    .filter((kind) => files[kind])
    .map((kind) => ({ name: `${kind}.json`, text: fileJson(files[kind]!) }))
  const missingFiles: string[] = []
  const media: { url: string; key: string; size: number; mtimeMs: number }[] = []
  for (const url of referencedUploads(files)) {
    const key = url.slice('/uploads/'.length)
    const stats = await storage().stat(key)
    if (stats) media.push({ url, key, size: stats.size, mtimeMs: stats.modifiedAt.getTime() })
    else missingFiles.push(url)
  }

  const fingerprint = crypto
    .createHash('sha256')
    .update(
      JSON.stringify([entries.map((entry) => ('text' in entry ? entry.text : entry.name)), media.map((m) => [m.url, m.size, m.mtimeMs])]),
    )
    .digest('hex')
  const reused =
    lastExport?.fingerprint === fingerprint
      ? await prisma.upload.findUnique({
          where: { id: lastExport.uploadId },
          select: { id: true, path: true, size: true, originalName: true },
        })
      : null
  let upload = reused && (await storage().exists(reused.path)) ? { ...reused, size: Number(reused.size) } : null
  if (!upload) {
    await removeOldExports(now)
    const name = archiveName(now)
    const relative = `${EXPORT_FOLDER}/${crypto.randomBytes(16).toString('hex')}/${name}`
    // Written on this disk (files of a bucket copied there first), then stored like any upload.
    const work = path.join(uploadTempDir(), `export-${crypto.randomBytes(8).toString('hex')}`)
    try {
      for (const item of media) entries.push({ name: `${FOLDER_MEDIA_DIR}${item.url}`, file: await localFileOf(item.key, work) })
      const target = path.join(work, name)
      await writeZip(target, entries)
      const size = fs.statSync(target).size
      const sha256 = await sha256OfFile(target)
      await storage().putFile(relative, target, { contentType: 'application/zip' })
      // No owner: an export is the platform's, and must not count against the admin's upload quota.
      const created = await prisma.upload.create({
        data: { path: relative, kind: 'archive', mime: 'application/zip', size, sha256, originalName: name },
        select: { id: true, path: true, originalName: true },
      })
      upload = { ...created, size }
    } finally {
      fs.rmSync(work, { recursive: true, force: true })
    }
    lastExport = { fingerprint, uploadId: upload.id }
  }

  const counts = Object.fromEntries(seedKinds.filter((kind) => files[kind]).map((kind) => [kind, files[kind]!.length]))
  return { upload, counts, files: media.length, missingFiles }
}

/** Admin/export: the current archive, with a download link for the admin who asked; each call is audited. */
export async function exportContent(actor: Actor): Promise<ExportAnswer> {
  const { upload, counts, files, missingFiles } = await currentArchive()
  const records = Object.values(counts).reduce((sum, n) => sum + n, 0)
  await recordAudit({
    staffId: actor.staffId,
    action: 'Admin/export',
    entity: 'export',
    entityId: upload.id,
    summary: `导出全部内容（${records} 条记录、${files} 个文件）`,
    after: { name: upload.originalName, size: upload.size, counts, files, missingFiles },
    ip: actor.ip,
  })
  const url = signedUploadUrl(upload.path, clock.now())
  const expires = Number(new URL(url, 'http://localhost').searchParams.get('expires')) * 1000
  return { url, name: upload.originalName, size: upload.size, expiresAt: new Date(expires).toISOString(), counts, files, missingFiles }
}
