// Writing and safely reading the zip archives of Admin/export and Admin/import (yazl and yauzl:
// streaming, so neither a large archive nor its media is ever held in memory whole).
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import yazl from 'yazl'
import { ApiError, Code } from '../../lib/api-error'
import { formatSize } from '../../lib/uploads'

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

/**
 * What an archive may unpack to at most. Every limit is checked on the central directory (the sizes
 * and names the archive declares) before anything is written, and the declared sizes are then held
 * to as the bytes are inflated, so an archive whose headers lie is cut off at the lie.
 */
export type ExtractLimits = {
  /** Entries, folders included. */
  entries: number
  /** All files together, unpacked. */
  bytes: number
  /** Any one file, unpacked (default: `bytes`). */
  fileBytes?: number
  /** Any one `.json` file, unpacked (default: `fileBytes`). */
  jsonBytes?: number
  /** All `.json` files together, unpacked: what the importer holds in memory at once (default: `bytes`). */
  jsonTotalBytes?: number
  /** One part of a name, a folder's or the file's, in UTF-8 bytes (default: 255, what file systems take). */
  nameBytes?: number
  /** Folders a file may sit in (default: 8). */
  depth?: number
}

const BROKEN = '压缩包已损坏或不是有效的 zip 文件'
const NAME_BYTES = 255
const DEPTH = 8
// File system errors that an archive's names cause (a name given twice, a file where a folder
// goes); any other is the server's own problem (a full disk, a permission).
const NAME_ERRORS = new Set(['EEXIST', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP'])

/** A name as a message quotes it: an attacker's 300 characters are not worth echoing. */
const shown = (name: string) => (name.length > 60 ? `${name.slice(0, 60)}…` : name)

const isJson = (name: string) => name.toLowerCase().endsWith('.json')

/** The checks on one entry of the central directory; throws the refusal, answers the file's size. */
function checkEntry(entry: yauzl.Entry, limits: Required<ExtractLimits>): number {
  const name = entry.fileName
  const parts = name.split('/')
  const isFolder = name.endsWith('/')
  if (isFolder) parts.pop()
  // Control characters (NUL above all) make no file name anyone means.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw new ApiError(Code.BAD_PARAMS, `压缩包中的文件名不合法：${shown(JSON.stringify(name).slice(1, -1))}`)
  if (parts.some((part) => Buffer.byteLength(part) > limits.nameBytes)) {
    throw new ApiError(Code.BAD_PARAMS, `压缩包中的文件名过长（每一级最多 ${limits.nameBytes} 字节）：${shown(name)}`)
  }
  if (parts.length - (isFolder ? 0 : 1) > limits.depth) {
    throw new ApiError(Code.BAD_PARAMS, `压缩包中的文件夹层级过深（最多 ${limits.depth} 层）：${shown(name)}`)
  }
  if (isFolder) return 0
  if (entry.isEncrypted()) throw new ApiError(Code.BAD_PARAMS, '压缩包不能加密')
  const cap = isJson(name) ? limits.jsonBytes : limits.fileBytes
  if (entry.uncompressedSize > cap) throw new ApiError(Code.TOO_LARGE, `文件 ${shown(name)} 超过 ${formatSize(cap)} 上限`)
  return entry.uncompressedSize
}

/**
 * Unpacks `archive` into the empty folder `dir`. Refuses names that would leave the folder
 * (absolute, "..", backslashes), encrypted entries, anything over the limits and anything yauzl
 * finds malformed, all before the first byte is written; then refuses a file that inflates to more
 * than its header said. Folders are implied by file names; nothing but regular files is written.
 * Every refusal is an ApiError; what is left in `dir` on failure is the caller's to remove.
 */
export async function extractZip(archive: string, dir: string, given: ExtractLimits): Promise<void> {
  const fileBytes = given.fileBytes ?? given.bytes
  const limits: Required<ExtractLimits> = {
    nameBytes: NAME_BYTES,
    depth: DEPTH,
    jsonBytes: fileBytes,
    jsonTotalBytes: given.bytes,
    ...given,
    fileBytes,
  }
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(archive, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true })
  } catch {
    throw new ApiError(Code.BAD_PARAMS, BROKEN)
  }
  let current: string | undefined
  try {
    if (zip.entryCount > limits.entries) throw new ApiError(Code.TOO_LARGE, `压缩包内文件过多（最多 ${limits.entries} 个）`)
    const root = path.resolve(dir)
    const files: yauzl.Entry[] = []
    let declared = 0
    let json = 0
    for await (const entry of zip.eachEntry()) {
      const size = checkEntry(entry, limits)
      declared += size
      if (declared > limits.bytes) throw tooBig(limits)
      if (isJson(entry.fileName)) json += size
      if (json > limits.jsonTotalBytes) {
        throw new ApiError(Code.TOO_LARGE, `压缩包中的 JSON 文件合计超过 ${formatSize(limits.jsonTotalBytes)} 上限`)
      }
      const target = path.resolve(root, entry.fileName)
      if (!target.startsWith(root + path.sep)) throw new ApiError(Code.BAD_PARAMS, `压缩包中的文件名不合法：${shown(entry.fileName)}`)
      if (!entry.fileName.endsWith('/')) files.push(entry)
    }
    // Every file is held to its declared size, so together they stay within the checked total.
    // yauzl's validateEntrySizes stops such a file too; this check does not depend on that option.
    for (const entry of files) {
      current = entry.fileName
      const target = path.resolve(root, entry.fileName)
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      const stream = await zip.openReadStreamPromise(entry)
      let inflated = 0
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length
        if (inflated > entry.uncompressedSize) stream.destroy(new Error('more bytes than the entry declares'))
      })
      await pipeline(stream, fs.createWriteStream(target, { flags: 'wx' }))
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && !NAME_ERRORS.has(code)) throw error
    // yauzl's own findings (bad names, sizes that do not match, a cut-off archive) and names the
    // file system cannot take: the archive's fault, named when it is one file's.
    throw new ApiError(Code.BAD_PARAMS, current ? `${BROKEN}（无法解压 ${shown(current)}）` : BROKEN)
  } finally {
    zip.close()
  }
}

const tooBig = (limits: ExtractLimits) => new ApiError(Code.TOO_LARGE, `压缩包解压后超过 ${formatSize(limits.bytes)} 上限`)
