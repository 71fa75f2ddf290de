// What a command or a start acts on, said before it acts: the database, the upload folder or
// bucket, the backup folder, each with where its setting came from (environment, .env or default).
import { env } from '../env'
import { describeDatabase } from './database-url'
import { settingSource } from './load-env-file'

export type Target = 'database' | 'uploads' | 'backups'

const SOURCE_TEXT = { environment: '来自环境变量 / from the environment', '.env': '来自 .env / from .env', default: '默认 / default' }

const sourceOf = (variable: string) => `${variable}，${SOURCE_TEXT[settingSource(variable)]}`

/** One line per target, e.g. "数据库 / database: SQLite /srv/portal/data/portal.db（DATABASE_URL，来自 .env / from .env）". */
export function describeTargets(targets: readonly Target[]): string[] {
  return targets.map((target) => {
    switch (target) {
      case 'database':
        return `数据库 / database: ${describeDatabase(env.databaseUrl)}（${sourceOf('DATABASE_URL')}）`
      case 'uploads':
        return env.STORAGE === 's3'
          ? `上传文件 / uploads: S3 ${env.S3_ENDPOINT ?? 'AWS'} 存储桶 ${env.S3_BUCKET}（${sourceOf('S3_BUCKET')}）`
          : `上传文件 / uploads: ${env.UPLOAD_DIR}（${sourceOf('UPLOAD_DIR')}）`
      case 'backups':
        return `备份目录 / backups: ${env.BACKUP_DIR}（${sourceOf('BACKUP_DIR')}）`
    }
  })
}
