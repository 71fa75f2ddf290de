// The first bytes of a resumable upload are judged as they arrive, whichever store keeps them: a
// file that is not what its purpose takes is refused (415) and removed after its first chunk, not
// after gigabytes. Both staging stores' `write` go through `writeJudged`.
import { Readable } from 'node:stream'
import { detectBufferType, type DetectedType } from '../upload.types'

/** Bytes that are enough to recognise a file's type by its signature (file-type reads no more). */
export const HEAD_BYTES = 4100

/** Decides whether the head of upload `id` is acceptable; throws a ResumableRefusal when not. */
export type HeadJudge = (id: string, type: DetectedType | null) => Promise<void>

/**
 * `readable`'s bytes, passed on once the first `needed` of them (with `prefix`, what is already
 * staged) were judged. Pulled, not pushed: nothing is judged before the store reads, so a refusal
 * always reaches the store's own pipeline (S3Store reads the upload's state before it starts).
 */
function headChecked(readable: Readable, needed: number, prefix: Buffer, judge: (head: Buffer) => Promise<void>): Readable {
  async function* checked() {
    const held: Buffer[] = []
    let heldBytes = 0
    for await (const chunk of readable as AsyncIterable<Buffer>) {
      if (heldBytes >= needed) {
        yield chunk
        continue
      }
      held.push(chunk)
      heldBytes += chunk.length
      if (heldBytes < needed) continue
      await judge(Buffer.concat([prefix, ...held]))
      yield Buffer.concat(held)
    }
    // The bytes stopped short of `needed` (a small file, a dropped connection): what came is judged.
    if (heldBytes && heldBytes < needed) {
      await judge(Buffer.concat([prefix, ...held]))
      yield Buffer.concat(held)
    }
  }
  return Readable.from(checked(), { objectMode: false })
}

/** What `writeJudged` needs of a store besides its own write. */
export type JudgedWrite = {
  judgeHead: HeadJudge
  /** The first `length` bytes already staged for upload `id` (a PATCH that resumes inside the head). */
  readHead: (id: string, length: number) => Promise<Buffer>
  /** The store's own write of the (checked) bytes; answers the new offset. */
  write: (readable: Readable) => Promise<number>
  /** Removes the refused upload's bytes (the store's remove, so its record goes too). */
  remove: (id: string) => Promise<void>
}

/** A store's `write` of `readable` at `offset`, with the head judged on the way; a refusal removes the upload. */
export async function writeJudged(readable: Readable, id: string, offset: number, store: JudgedWrite): Promise<number> {
  if (offset >= HEAD_BYTES) return store.write(readable)
  let refusal: unknown = null
  const prefix = offset ? await store.readHead(id, offset) : Buffer.alloc(0)
  const checked = headChecked(readable, HEAD_BYTES - offset, prefix, async (head) => {
    try {
      await store.judgeHead(id, await detectBufferType(head))
    } catch (error) {
      refusal = error
      throw error
    }
  })
  try {
    return await store.write(checked)
  } catch (error) {
    // The stores report every stream error as their own failure; a refusal keeps its answer, and
    // the refused bytes go at once (the lock is still ours).
    if (!refusal) throw error
    await store.remove(id).catch(() => undefined)
    throw refusal
  }
}
