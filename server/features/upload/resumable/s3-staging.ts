// Resumable uploads staged in the portal's bucket (STORAGE=s3): @tus/s3-store, so the chunks of one
// upload may reach any web process on any machine. An upload's objects, all under STAGING_PREFIX:
// `<id>.info` (its record), `<id>.part` (bytes short of a part), the parts of its multipart upload,
// and once every byte is there, `<id>` itself. Loaded only when the storage is S3, like the SDK.
import crypto from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3 } from '@aws-sdk/client-s3'
import { S3Store, type MetadataValue } from '@tus/s3-store'
import { ERRORS, type KvStore } from '@tus/server'
import { RESUMABLE_CHUNK_BYTES } from '../../../../common/resumable-upload'
import { s3ClientConfig, type S3Settings } from '../../../lib/storage'
import { uploadTempDir } from '../../../lib/uploads'
import { writeJudged, type HeadJudge } from './head-check'
import type { StagedFile, StagedPiece, StagingStore } from './resumable.store'

/** Where staged uploads are in the bucket: a hidden folder, like the upload folder's work folders, so never served. */
export const STAGING_PREFIX = '.resumable/'

/**
 * S3 takes parts of 5 MiB at least and 10,000 at most (4 GB needs 0.4 MiB). 8 MiB: a page's 16 MiB
 * PATCH (RESUMABLE_CHUNK_BYTES) makes exactly two parts, with nothing left to stage as `<id>.part`.
 * A part waits in os.tmpdir() while it is sent, so no upload is held in memory.
 */
const PART_SIZE = RESUMABLE_CHUNK_BYTES / 2

// S3Store caches each upload's record in memory by default; each machine reads it from the bucket
// instead (one small GET a request), or it would keep the record of every upload finished elsewhere.
const uncached: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
}

const isMissing = (error: unknown) => ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes((error as Error | null)?.name ?? '')

type KeyedInput = { Key?: string }

/**
 * S3Store names an upload's objects by its bare id (it has no prefix option) and tus takes no "/" in
 * an id, so the store's client puts every object key it sends under `prefix`. (Bulk deletes, which
 * name keys elsewhere, come only from S3Store's remove and deleteExpired, neither of which runs here.)
 */
function keepKeysUnder(client: S3, prefix: string) {
  const under = (key: string | undefined) => (key === undefined ? key : `${prefix}${key}`)
  client.middlewareStack.add(
    (next) => (args) => {
      const input = args.input as KeyedInput
      return next({ ...args, input: { ...input, Key: under(input.Key) } as typeof args.input })
    },
    { step: 'initialize', name: 'resumableStagingPrefix' },
  )
}

export class JudgedS3Store extends S3Store implements StagingStore {
  constructor(
    settings: S3Settings,
    private readonly judgeHead: HeadJudge,
    /** Called once an upload's bytes are gone (cancelled, refused, completed, swept). */
    private readonly onRemoved: (id: string) => Promise<void>,
  ) {
    // Expiry is by the last byte received, not the creation (resumable.service.ts sweeps).
    super({
      partSize: PART_SIZE,
      cache: uncached,
      expirationPeriodInMilliseconds: 0,
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
    })
    keepKeysUnder(this.client, STAGING_PREFIX)
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return writeJudged(readable, id, offset, {
      judgeHead: this.judgeHead,
      readHead: (upload, length) => this.readHead(upload, length),
      write: (checked) => super.write(checked, id, offset),
      remove: (upload) => this.remove(upload),
    })
  }

  private async readHead(id: string, length: number): Promise<Buffer> {
    // Short of HEAD_BYTES, every byte received is in the incomplete part: S3Store sends a part of
    // the multipart upload only once it has 5 MiB, or the whole file.
    const { Body } = await this.client.getObject({ Bucket: this.bucket, Key: this.partKey(id, true), Range: `bytes=0-${length - 1}` })
    return Buffer.from(await Body!.transformToByteArray())
  }

  /**
   * Not S3Store's remove: once an upload is complete its multipart upload is gone, and S3Store then
   * stops before deleting the objects; nor does it ever delete the incomplete part.
   */
  override async remove(id: string): Promise<void> {
    const record = await this.getMetadata(id).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
    if (record) {
      await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: record['upload-id'] }).catch((error: unknown) => {
        if (!isMissing(error)) throw error
      })
    }
    // One DELETE each, not DeleteObjects: OSS and COS want a Content-MD5 on it that the SDK no longer sends.
    const keys = [id, this.infoKey(id), this.partKey(id, true)]
    await Promise.all(keys.map((Key) => this.client.deleteObject({ Bucket: this.bucket, Key })))
    if (!record) throw ERRORS.FILE_NOT_FOUND
    await this.onRemoved(id)
  }

  /**
   * The purpose's store judges the whole file on this disk (its type, SHA-256, ffprobe) before it
   * puts it into the bucket, so the complete upload is copied to the temp folder first.
   */
  async completedFile(id: string): Promise<StagedFile> {
    const dir = uploadTempDir()
    // Owner-only, as for multipart parts: members' files still unchecked.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 })
    const file = path.join(dir, `resumable-${crypto.randomBytes(8).toString('hex')}`)
    const discard = () => fs.rm(file, { force: true })
    try {
      const { Body } = await this.client.getObject({ Bucket: this.bucket, Key: id })
      await pipeline(Body as Readable, createWriteStream(file))
    } catch (error) {
      await discard()
      throw error
    }
    return { path: file, discard }
  }

  async *listStaged(): AsyncIterable<StagedPiece> {
    let ContinuationToken: string | undefined
    do {
      // The prefix is named here: the client adds it to keys, not to a listing's prefix.
      const page = await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: STAGING_PREFIX, ContinuationToken })
      for (const { Key, LastModified } of page.Contents ?? []) {
        if (!Key) continue
        // Upload ids are base64url, so a dot starts the suffix of one of its objects.
        yield { id: Key.slice(STAGING_PREFIX.length).replace(/\.(info|part)$/, ''), modifiedAt: LastModified ?? new Date(0) }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  }
}
