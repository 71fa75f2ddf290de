// The steps `npm start` and the cluster's primary take before serving, each announced with a
// progress line and its duration: what the start acts on, migration, demo content, client build.
// Production on an empty database starts without demo content and logs a one-time admin setup link.
import type { Logger } from 'pino'

/** Runs `work` between a "…" line and a "done in N ms" line, so a slow phase is never silent. */
export async function phase<T>(logger: Logger, name: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now()
  logger.info({ phase: name }, `${name}…`)
  const result = await work()
  logger.info({ phase: name, ms: Math.round(performance.now() - started) }, `${name}：完成 / done`)
  return result
}

/** Runs before anything in this process opens the database: the migration opens it first. */
export async function prepareToServe(logger: Logger): Promise<void> {
  const { env } = await import('../server/env')
  const { describeTargets } = await import('../server/lib/config-summary')
  for (const line of describeTargets(['database', 'uploads', ...(env.BACKUP_CRON ? (['backups'] as const) : [])]))
    logger.info({ phase: 'config' }, line)

  const { migrate } = await import('./migrate')
  await phase(logger, '迁移数据库 / migrating the database', () => migrate(logger))
  const { resanitizeStoredRichText } = await import('../server/data/resanitize')
  const cleaned = await phase(logger, '检查已存富文本 / stored rich text', resanitizeStoredRichText)
  if (cleaned) logger.warn({ rows: cleaned }, `已清除 ${cleaned} 条富文本中不允许的 class 属性 / removed disallowed class attributes`)

  // Production never gets the demo accounts: their passwords are printed in the README.
  const demo = !env.isProduction || env.SEED_DEMO
  if (demo) {
    const { seedIfEmpty } = await import('../server/features/content/import.service')
    const { DEMO_ADMIN, DEMO_MEMBER } = await import('../seed/demo-accounts')
    const demoAccounts = env.isProduction ? undefined : { member: DEMO_MEMBER, admin: DEMO_ADMIN }
    const imported = await phase(logger, '检查演示数据 / demo content', () => seedIfEmpty({ demoAccounts }))
    if (imported) logger.info('已导入演示数据 / demo content imported')
    // After the import's transaction: a failure leaves the content imported and the start going.
    if (imported && demoAccounts) {
      const { addDemoBookings } = await import('../seed/demo-bookings')
      await phase(logger, '演示预约 / demo bookings', () => addDemoBookings(demoAccounts)).catch((error: unknown) =>
        logger.warn({ err: error }, '演示预约未能创建 / demo bookings not created'),
      )
    }
  } else logger.info('生产模式：不导入演示数据（设置 SEED_DEMO=1 可导入） / production: no demo content unless SEED_DEMO=1')

  // Databases seeded before the media library recorded the site's own files get their rows once.
  const { recordUsedFiles } = await import('../server/features/admin/moderation/media-library.service')
  const recorded = await phase(logger, '检查媒体库 / media library', recordUsedFiles)
  if (recorded) logger.info({ files: recorded }, `媒体库已登记 ${recorded} 个站点文件 / site files recorded in the media library`)

  // Production serves what `npm run build` made; it never builds at start.
  if (!env.isProduction) {
    const { buildClientIfStale, clientNeedsBuild } = await import('./client-build')
    if (clientNeedsBuild()) await phase(logger, '构建前端 / building the client', () => buildClientIfStale(logger))
  }
}
