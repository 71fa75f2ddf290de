// The storage the portal's files go through, chosen by STORAGE (server/env.ts). Every reader and
// writer of uploaded files asks `storage()`; nothing else touches UPLOAD_DIR's content directly.
import { env, type Env } from '../../env'
import { localDiskStorage } from './local-disk'
import { s3Storage } from './s3'
import type { FileStorage } from './storage'

export type { ByteRange, FileStorage, StoredFile } from './storage'
export { readAll } from './storage'

type StorageEnv = Pick<
  Env,
  'STORAGE' | 'UPLOAD_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>

/** What S3 storage cannot do without: each missing variable, named. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** Why the storage settings cannot work, naming each missing variable; undefined when they can. */
export function storageConfigProblem(settings: StorageEnv = env): string | undefined {
  if (settings.STORAGE !== 's3') return undefined
  const missing = S3_REQUIRED.filter((name) => !settings[name])
  if (!missing.length) return undefined
  return `STORAGE=s3 需要设置 ${missing.join('、')} / STORAGE=s3 needs ${missing.join(', ')}`
}

export function storageFromEnv(settings: StorageEnv = env): FileStorage {
  const problem = storageConfigProblem(settings)
  if (problem) throw new Error(`配置无效 (invalid configuration):\n  ${problem}`)
  if (settings.STORAGE === 'local') return localDiskStorage(settings.UPLOAD_DIR)
  return s3Storage({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET!,
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
  })
}

let current: FileStorage | undefined

/** The portal's file storage, built from the environment on first use. */
export const storage = (): FileStorage => (current ??= storageFromEnv())

/** Replaces the storage (tests and tools that work on another one); undefined goes back to the environment's. */
export function useStorage(next: FileStorage | undefined): void {
  current = next
}
