// The upload folder on this machine's disk: today's behaviour, and the default.
import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { assertSafeKey, type FileStorage } from './storage'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

export function localDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, ...key.split('/'))
  }

  async function stat(key: string) {
    const stats = await fs.stat(fileOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
    return stats?.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null
  }

  async function* walk(dir: string, prefix: string): AsyncIterable<string> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      // Hidden entries are the server's own work (multipart temp files, restores, the seed manifest).
      if (entry.name.startsWith('.')) continue
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      else if (entry.isFile()) yield `${prefix}${entry.name}`
    }
  }

  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Write-then-rename: a reader never sees half a file.
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`
      try {
        await fs.writeFile(temp, body)
        await fs.rename(temp, file)
      } finally {
        await fs.rm(temp, { force: true })
      }
    },
    async putFile(key, localPath) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      try {
        await fs.rename(localPath, file)
      } catch (error) {
        // Another disk (a temp folder elsewhere): copy, then remove the source.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        await fs.copyFile(localPath, file)
        await fs.rm(localPath, { force: true })
      }
    },
    async get(key, range) {
      if (!(await stat(key))) return null
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {})
    },
    stat,
    exists: async (key) => (await stat(key)) !== null,
    async delete(key) {
      await fs.rm(fileOf(key), { force: true })
    },
    list: (prefix) => walk(prefix ? fileOf(prefix.replace(/\/+$/, '')) : root, prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix),
    localPath: fileOf,
  }
}
