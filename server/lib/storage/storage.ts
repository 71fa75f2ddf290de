// Where uploaded files live, behind one small interface: the local upload folder (the default) or
// an S3-compatible bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO). A key is the file's path
// relative to the upload folder, exactly as Upload.path and the `/uploads/<key>` URLs hold it, so
// switching storage changes no stored row or URL.
import type { Readable } from 'node:stream'
import type { S3Settings } from './s3'

export type StoredFile = { size: number; modifiedAt: Date }

/** An inclusive byte range, as an HTTP Range header names it. */
export type ByteRange = { start: number; end: number }

export type PutOptions = { contentType: string }

export type FileStorage = FileOperations &
  (
    | { readonly kind: 'local' }
    /** `settings`: for another client of the same bucket (tus's S3 store for resumable uploads). */
    | { readonly kind: 's3'; readonly settings: S3Settings }
  )

type FileOperations = {
  /** Stores bytes under `key`, replacing what was there. */
  put(key: string, body: Buffer, options: PutOptions): Promise<void>
  /** Stores a local file under `key` and removes the local file (on the same disk: a rename). */
  putFile(key: string, localPath: string, options: PutOptions): Promise<void>
  /** The file's bytes (or `range` of them), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable | null>
  stat(key: string): Promise<StoredFile | null>
  exists(key: string): Promise<boolean>
  /** Removes the file; a missing file is no error. */
  delete(key: string): Promise<void>
  /** Every key under `prefix` ("" for all), in no particular order. */
  list(prefix: string): AsyncIterable<string>
  /** The file on this machine's disk, for tools that need a path; null for remote storage. */
  localPath(key: string): string | null
}

/** Refuses keys that could leave the storage's root or name a hidden work folder. */
export function assertSafeKey(key: string): void {
  const parts = key.split('/')
  if (!key || key.includes('\\') || key.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`)
  }
}

/** All bytes of a stream, for the few callers that need a file in memory (an image being resized). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
