// Which storage settings can work, checked while the environment is parsed (server/env.ts), so a
// start is refused before anything is written. Free of imports that read the environment.

/** What S3 storage cannot do without. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

export type StorageSettings = { STORAGE: 'local' | 's3' } & Partial<Record<(typeof S3_REQUIRED)[number], string | undefined>>

/** Every missing variable of the chosen storage, one line each. */
export function storageSettingProblems(settings: StorageSettings): string[] {
  if (settings.STORAGE !== 's3') return []
  return S3_REQUIRED.filter((name) => !settings[name]).map((name) => `${name}: STORAGE=s3 时必须设置 / required when STORAGE=s3`)
}
