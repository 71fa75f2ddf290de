// The storage the portal's files go through, chosen by STORAGE (server/env.ts). Every reader and
// writer of uploaded files asks `storage()`; nothing else touches UPLOAD_DIR's content directly.
import { env, type Env } from '../../env'
import { ConfigError } from '../config-error'
import { storageSettingProblems } from './storage-settings'
import { localDiskStorage } from './local-disk'
import { s3Storage } from './s3'
import type { FileStorage } from './storage'

export type { ByteRange, FileStorage, StoredFile } from './storage'
export { readAll } from './storage'
export { s3ClientConfig, type S3Settings } from './s3'

type StorageEnv = Pick<
  Env,
  'STORAGE' | 'UPLOAD_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>

/** Why the storage settings cannot work, one line per missing variable; undefined when they can. */
export function storageConfigProblem(settings: StorageEnv = env): string | undefined {
  const problems = storageSettingProblems(settings)
  return problems.length ? problems.join('\n') : undefined
}

export function storageFromEnv(settings: StorageEnv = env): FileStorage {
  const problem = storageConfigProblem(settings)
  if (problem) throw new ConfigError(problem.split('\n'))
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
