// Resumable uploads staged on this machine's disk (STORAGE=local): @tus/file-store under
// UPLOAD_DIR/.resumable, like multipart temp files: a file is judged here and only then stored.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { writeJudged, type HeadJudge } from './head-check'
import type { StagedFile, StagedPiece, StagingStore } from './resumable.store'

export class JudgedFileStore extends FileStore implements StagingStore {
  constructor(
    directory: string,
    private readonly judgeHead: HeadJudge,
    /** Called once an upload's bytes are gone (cancelled, refused, completed, swept). */
    private readonly onRemoved: (id: string) => Promise<void>,
  ) {
    // Expiry is by the last byte received, not the creation (resumable.service.ts sweeps).
    super({ directory, expirationPeriodInMilliseconds: 0 })
  }

  /** Where the bytes of upload `id` are on disk. */
  pathOf(id: string): string {
    return path.join(this.directory, id)
  }

  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id)
    } catch (error) {
      // FileStore keeps the record when the bytes are gone already (moved into storage by a
      // completion): it goes too, and only an upload with neither is not found.
      await this.configstore.delete(id).catch(() => {
        throw error
      })
    }
    await this.onRemoved(id)
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return writeJudged(readable, id, offset, {
      judgeHead: this.judgeHead,
      readHead: (upload, length) => readHead(this.pathOf(upload), length),
      write: (checked) => super.write(checked, id, offset),
      remove: (upload) => this.remove(upload),
    })
  }

  async completedFile(id: string): Promise<StagedFile> {
    // Judged where it is: the purpose's store moves it into storage (on this disk, a rename).
    return { path: this.pathOf(id), discard: async () => {} }
  }

  async *listStaged(): AsyncIterable<StagedPiece> {
    const names = await fs.readdir(this.directory).catch(() => [] as string[])
    for (const name of names) {
      const stats = await fs.stat(path.join(this.directory, name)).catch(() => null)
      if (stats) yield { id: name.replace(/\.json$/, ''), modifiedAt: stats.mtime }
    }
  }
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
