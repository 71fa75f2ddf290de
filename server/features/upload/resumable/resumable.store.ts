// Where resumable uploads' bytes wait until they are complete: @tus/server's file store under
// UPLOAD_DIR/.resumable (on this machine's disk whatever the storage, like multipart temp files: a
// file is judged here and only then stored), with two additions:
//   * the first bytes are judged as they arrive: a file that is not what its purpose takes is
//     refused (415) and removed after its first chunk, not after gigabytes;
//   * a lock that holds across processes (a lease in the database), so two processes serving the
//     same upload's requests never write it at once.
import fs from 'node:fs'
import path from 'node:path'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server'
import { keepAlive, tryTake, type HeldLease } from '../../../data/lease'
import { detectBufferType, type DetectedType } from '../upload.types'

/** Bytes that are enough to recognise a file's type by its signature (file-type reads no more). */
export const HEAD_BYTES = 4100

/** A refusal the tus server answers with its own status and body (the API envelope, as JSON). */
export class ResumableRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body)
  }
}

/** Decides whether the head of upload `id` is acceptable; throws a ResumableRefusal when not. */
export type HeadJudge = (id: string, type: DetectedType | null) => Promise<void>

/** Passes bytes on once the first `needed` of them (with `prefix`, what is already on disk) were judged. */
class HeadCheck extends Transform {
  private held: Buffer[] = []
  private heldBytes = 0
  private judged = false

  constructor(
    private readonly needed: number,
    private readonly prefix: Buffer,
    private readonly judge: (head: Buffer) => Promise<void>,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.judged) return callback(null, chunk)
    this.held.push(chunk)
    this.heldBytes += chunk.length
    if (this.heldBytes < this.needed) return callback()
    this.release(callback)
  }

  override _flush(callback: TransformCallback) {
    if (this.judged || !this.heldBytes) return callback()
    this.release(callback)
  }

  private release(callback: TransformCallback) {
    const held = Buffer.concat(this.held)
    this.held = []
    this.judge(Buffer.concat([this.prefix, held])).then(
      () => {
        this.judged = true
        callback(null, held)
      },
      (error: Error) => callback(error),
    )
  }
}

export class JudgedFileStore extends FileStore {
  constructor(
    directory: string,
    private readonly judgeHead: HeadJudge,
    /** Called once an upload's bytes are gone (cancelled, refused, completed, swept). */
    private readonly onRemoved: (id: string) => Promise<void>,
  ) {
    // Expiry is by the last byte received, not the creation (resumable.service.ts sweeps).
    super({ directory, expirationPeriodInMilliseconds: 0 })
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id)
    await this.onRemoved(id)
  }

  /** Where the bytes of upload `id` are on disk. */
  pathOf(id: string): string {
    return path.join(this.directory, id)
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset >= HEAD_BYTES) return super.write(readable, id, offset)
    let refusal: unknown = null
    const prefix = offset ? await readHead(this.pathOf(id), offset) : Buffer.alloc(0)
    const checked = new HeadCheck(HEAD_BYTES - offset, prefix, async (head) => {
      try {
        await this.judgeHead(id, await detectBufferType(head))
      } catch (error) {
        refusal = error
        throw error
      }
    })
    readable.on('error', (error) => checked.destroy(error))
    try {
      return await super.write(readable.pipe(checked), id, offset)
    } catch (error) {
      // The file store reports every stream error as its own 500; a refusal keeps its answer, and
      // the refused bytes go at once (the lock is still ours).
      if (!refusal) throw error
      await this.remove(id).catch(() => undefined)
      throw refusal
    }
  }
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const LOCK_TTL_MS = 30_000
const LOCK_WAIT_MS = 30_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * tus's in-process lock (a newer request for the same upload asks the older one to stop, as when a
 * client reconnects) joined to a lease, so the rule holds for requests that reach different
 * processes: the second waits for the first to end, up to LOCK_WAIT_MS.
 */
export class LeaseLocker implements Locker {
  private readonly local = new MemoryLocker({ acquireLockTimeout: LOCK_WAIT_MS })

  newLock(id: string): Lock {
    const local = this.local.newLock(id)
    let lease: HeldLease | null = null
    let stopRenewing = () => {}
    return {
      async lock(signal: AbortSignal, cancelReq: RequestRelease) {
        await local.lock(signal, cancelReq)
        const giveUpAt = Date.now() + LOCK_WAIT_MS
        while (!(lease = await tryTake(`resumable-upload:${id}`, LOCK_TTL_MS))) {
          if (signal.aborted || Date.now() > giveUpAt) {
            await local.unlock()
            throw ERRORS.ERR_LOCK_TIMEOUT
          }
          await sleep(100)
        }
        stopRenewing = keepAlive(lease, LOCK_TTL_MS)
      },
      async unlock() {
        stopRenewing()
        await lease?.release()
        lease = null
        await local.unlock()
      },
    }
  }
}
