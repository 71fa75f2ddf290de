// Writing and safely reading the zip archives of Admin/export and Admin/import (yazl and yauzl:
// streaming, so neither a large archive nor its media is ever held in memory whole).
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import yazl from 'yazl'
import { ApiError, Code } from '../../http/envelope'

export type ArchiveEntry = { name: string; text: string } | { name: string; file: string }

/** Writes the entries to `target` (through a temp name, so a half-written archive is never seen there). */
export async function writeZip(target: string, entries: ArchiveEntry[]): Promise<void> {
  const zip = new yazl.ZipFile()
  const mtime = new Date()
  for (const entry of entries) {
    // Pictures and videos are compressed already: storing them is as small and much faster.
    if ('text' in entry) zip.addBuffer(Buffer.from(entry.text), entry.name, { mtime, compress: true })
    else zip.addFile(entry.file, entry.name, { mtime, compress: false })
  }
  zip.end()
  const temp = `${target}.tmp`
  fs.mkdirSync(path.dirname(target), { recursive: true })
  try {
    await pipeline(zip.outputStream, fs.createWriteStream(temp))
    fs.renameSync(temp, target)
  } finally {
    fs.rmSync(temp, { force: true })
  }
}

/** What an archive may unpack to at most; beyond it the archive is refused as it is read. */
export type ExtractLimits = { entries: number; bytes: number }

const BROKEN = '压缩包已损坏或不是有效的 zip 文件'

/**
 * Unpacks `archive` into the empty folder `dir`. Refuses names that would leave the folder
 * (absolute, "..", backslashes), encrypted entries, more entries or bytes than the limits allow
 * (counted as actually inflated, so a lying header cannot slip a zip bomb through), and anything
 * yauzl finds malformed. Folders are implied by file names; nothing but regular files is written.
 */
export async function extractZip(archive: string, dir: string, limits: ExtractLimits): Promise<void> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true })
  } catch {
    throw new ApiError(Code.BAD_PARAMS, BROKEN)
  }
  try {
    if (zip.entryCount > limits.entries) throw new ApiError(Code.TOO_LARGE, `压缩包内文件过多（最多 ${limits.entries} 个）`)
    const root = path.resolve(dir)
    let written = 0
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue
      if (entry.isEncrypted()) throw new ApiError(Code.BAD_PARAMS, '压缩包不能加密')
      const target = path.resolve(root, entry.fileName)
      if (!target.startsWith(root + path.sep)) throw new ApiError(Code.BAD_PARAMS, `压缩包中的文件名不合法：${entry.fileName}`)
      if (written + entry.uncompressedSize > limits.bytes) throw tooBig(limits)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      const stream = await zip.openReadStreamPromise(entry)
      stream.on('data', (chunk: Buffer) => {
        written += chunk.length
        if (written > limits.bytes) stream.destroy(tooBig(limits))
      })
      await pipeline(stream, fs.createWriteStream(target, { flags: 'wx' }))
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    // A full disk or a permission is the server's problem; a name given twice is the archive's.
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'EEXIST') throw error
    // yauzl's own findings: bad names, sizes that do not match, a cut-off archive.
    throw new ApiError(Code.BAD_PARAMS, BROKEN)
  } finally {
    zip.close()
  }
}

const tooBig = (limits: ExtractLimits) =>
  new ApiError(Code.TOO_LARGE, `压缩包解压后过大（最多 ${Math.round(limits.bytes / 1024 / 1024)}MB）`)
