// An S3-compatible bucket: AWS S3, Aliyun OSS, Tencent COS or MinIO, chosen by the endpoint.
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3'
import { assertSafeKey, type FileStorage } from './storage'

export type S3Settings = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** MinIO and most self-hosted servers want bucket-in-path URLs; OSS and COS want virtual hosts. */
  forcePathStyle: boolean
}

// The SDK is loaded when the bucket is first used: a portal on local disk never loads it.
const loadSdk = () => import('@aws-sdk/client-s3')
type Sdk = Awaited<ReturnType<typeof loadSdk>>

const isNotFound = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')

export function s3Storage(settings: S3Settings): FileStorage {
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined
  const connect = () => (connected ??= loadSdk().then((sdk) => ({ sdk, client: newClient(sdk, settings) })))
  const Bucket = settings.bucket
  const keyOf = (key: string) => {
    assertSafeKey(key)
    return key
  }

  async function stat(key: string) {
    const { sdk, client } = await connect()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(key) }))
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) }
    } catch (error) {
      if (isNotFound(sdk, error)) return null
      throw error
    }
  }

  const putBody = async (key: string, body: Buffer | Readable, size: number, contentType: string) => {
    const { sdk, client } = await connect()
    await client.send(new sdk.PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentLength: size, ContentType: contentType }))
  }

  return {
    kind: 's3',
    settings,
    async put(key, body, { contentType }) {
      await putBody(key, body, body.length, contentType)
    },
    async putFile(key, localPath, { contentType }) {
      // One PUT with the length known: up to 5 GB, beyond every upload limit here.
      const { size } = await fs.stat(localPath)
      await putBody(key, createReadStream(localPath), size, contentType)
      await fs.rm(localPath, { force: true })
    },
    async get(key, range) {
      const { sdk, client } = await connect()
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        )
        return (answer.Body as Readable | undefined) ?? null
      } catch (error) {
        if (isNotFound(sdk, error)) return null
        throw error
      }
    },
    stat,
    exists: async (key) => (await stat(key)) !== null,
    async delete(key) {
      const { sdk, client } = await connect()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }))
    },
    async *list(prefix) {
      const { sdk, client } = await connect()
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }))
        for (const item of page.Contents ?? []) if (item.Key) yield item.Key
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    localPath: () => null,
  }
}

/** How a client of this bucket is set up; tus's S3 store (resumable uploads) builds its own from it. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // SDK 3.729+ adds CRC32 checksums and aws-chunked bodies by default, which OSS, COS, older MinIO
    // and s3rver do not all understand; plain signed requests work everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

function newClient(sdk: Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client(s3ClientConfig(settings))
}
