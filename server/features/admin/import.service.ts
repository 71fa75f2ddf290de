// Admin/import: a zip made by Admin/export (or any seed folder, zipped) goes through the content
// import (features/content) exactly as `npm run seed` would take the folder: everything is validated first, and
// then written in one transaction, or nothing is.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ReceivedFile } from '../../lib/action'
import { ApiError, Code } from '../../lib/api-error'
import { withLock } from '../../data/lease'
import { logger } from '../../lib/logger'
import { recordAudit } from '../audit/audit.service'
import { importSeedFolder, SeedError, seedFileLimits, SeedLimitError } from '../content/import.service'
import { detectFileType } from '../upload/upload.service'
import { uploadLimits, uploadTempDir } from '../../lib/uploads'
import type { Actor } from './content.service'
import { EXPORT_IMPORT_LOCK } from './export.service'
import { extractZip, type ExtractLimits } from './zip-archive'

/**
 * What an archive may unpack to, checked on its central directory before anything is written (see
 * docs/DECISIONS.md, "Import limits"): room for the demo content many times over, not for filling
 * the disk. A JSON file is held to the importer's own cap, and all of them together (the importer
 * holds them in memory at once) to four times that; any other file to the largest upload the site
 * takes (a video); the whole to twice the largest archive it takes.
 */
export const importLimits: ExtractLimits = {
  entries: 50_000,
  bytes: 2 * uploadLimits.archive,
  fileBytes: uploadLimits.video,
  jsonBytes: seedFileLimits.bytes,
  jsonTotalBytes: 4 * seedFileLimits.bytes,
  nameBytes: 255,
  depth: 8,
}

/** The folder holding the JSON files: the archive's top level, or its only folder when someone zipped the folder itself. */
function seedRoot(dir: string): string {
  const names = fs.readdirSync(dir, { withFileTypes: true })
  if (names.some((entry) => entry.isFile() && entry.name.endsWith('.json'))) return dir
  const folders = names.filter((entry) => entry.isDirectory() && entry.name !== 'media')
  if (folders.length === 1 && names.length === 1) return seedRoot(path.join(dir, folders[0].name))
  throw new ApiError(Code.BAD_PARAMS, '压缩包中没有可导入的 JSON 文件，请上传由“导出”生成的 zip 文件')
}

export function importContent(file: ReceivedFile | undefined, actor: Actor) {
  if (!file) throw new ApiError(Code.BAD_PARAMS, '请选择要导入的 zip 文件（表单字段 file）')
  return withLock(EXPORT_IMPORT_LOCK, async () => {
    const type = await detectFileType(file.path, file.size)
    if (type?.kind !== 'archive') throw new ApiError(Code.UNSUPPORTED, '请上传由“导出”生成的 zip 文件')
    const dir = path.join(uploadTempDir(), `import-${crypto.randomBytes(8).toString('hex')}`)
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    try {
      await extractZip(file.path, dir, importLimits)
      // Console writes wait meanwhile, so none comes between the import's checks and its writes.
      const summary = await withLock('admin-content', () =>
        importSeedFolder(seedRoot(dir), {
          afterWrite: (tx, counts) => {
            const records = Object.values(counts).reduce((sum, n) => sum + n, 0)
            return recordAudit(
              {
                staffId: actor.staffId,
                action: 'Admin/import',
                entity: 'import',
                summary: `导入内容（${records} 条记录，来自 ${file.originalName.slice(0, 100) || 'zip 文件'}）`,
                after: { file: file.originalName.slice(0, 100), counts },
                ip: actor.ip,
              },
              tx,
            )
          },
        }),
      )
      return { counts: summary.counts, media: summary.media, durationMs: summary.durationMs }
    } catch (error) {
      if (error instanceof SeedError) throw new ApiError(error instanceof SeedLimitError ? Code.TOO_LARGE : Code.BAD_PARAMS, error.message)
      throw error
    } finally {
      // Asynchronous: the synchronous removal recurses per level and overflows the stack on a deep tree.
      await fs.promises
        .rm(dir, { recursive: true, force: true })
        .catch((error: unknown) => logger.warn({ err: error, dir }, 'import: temp folder not removed; the upload sweep will'))
    }
  })
}
