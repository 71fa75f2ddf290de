// Applies the shipped migrations with Prisma's CLI; its output becomes log lines like everything else.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { Logger } from 'pino'
import { projectRoot } from '../server/lib/database-url'

export function migrate(logger: Logger) {
  const result = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  })
  const lines = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.split('\n').map((line) => line.trim())
  const output = lines.filter((line) => line && !/^[┌│└]/.test(line))
  if (result.status === 0) {
    for (const line of output) logger.info({ step: 'migrate' }, line)
    return
  }
  for (const line of output) logger.error({ step: 'migrate' }, line)
  // Prisma's own message for a locked SQLite file is an obscure engine error; say what to check.
  throw new Error(
    '数据库迁移失败。若已有名师网进程在使用同一个数据库文件，请先停止它再启动；否则请查看上面的错误信息。\n' +
      'Database migration failed: stop any other portal process using the same database file, or see the error above.',
  )
}
