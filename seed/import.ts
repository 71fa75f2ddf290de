// `npm run seed [-- DIR]` (built: `node dist/app/seed.js`): imports a seed folder (default
// seed/data) into the configured database and prints what it did. The database must be migrated.
// The import itself is the server's (server/features/content/import.service.ts).
import path from 'node:path'
import { actOn, runCommand } from '../scripts/command'
import { DEMO_ADMIN, DEMO_MEMBER } from './demo-accounts'

/**
 * The demo requests, after the import has committed: a failure here leaves the content as imported
 * and is reported, not fatal, so `npm run seed` still succeeds with what it imported.
 */
async function addDemoBookingsAfterImport() {
  const { addDemoBookings } = await import('./demo-bookings')
  const started = performance.now()
  try {
    const created = await addDemoBookings({ member: DEMO_MEMBER, admin: DEMO_ADMIN })
    const ms = Math.round(performance.now() - started)
    console.log(created ? `  演示预约: 新建 ${created} 条（${ms} ms）` : '  演示预约: 已有预约，未新建')
  } catch (error) {
    console.error(`  演示预约未能创建：${error instanceof Error ? error.message : String(error)}`)
  }
}

runCommand(async () => {
  const env = await actOn(['database', 'uploads'], { existingDatabase: true })
  const { prisma } = await import('../server/db')
  const { defaultSeedDir, importSeedFolder } = await import('../server/features/content/import.service')
  const dir = process.argv[2] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]) : defaultSeedDir
  // Only the demo folder brings the demo accounts, and production never gets them: their passwords are printed in the README.
  const withDemoAccounts = !env.isProduction && path.resolve(dir) === defaultSeedDir
  try {
    const summary = await importSeedFolder(dir, withDemoAccounts ? { demoAccounts: { member: DEMO_MEMBER, admin: DEMO_ADMIN } } : {})
    console.log(`已导入 ${path.relative(process.cwd(), dir) || dir}（${summary.durationMs} ms）`)
    for (const [kind, count] of Object.entries(summary.counts)) console.log(`  ${kind.padEnd(20)} ${count}`)
    const { drawn, copied, unchanged } = summary.media
    console.log(`  图片/视频: 新绘制 ${drawn}，复制 ${copied}，未变化 ${unchanged}`)
    if (withDemoAccounts) await addDemoBookingsAfterImport()
  } finally {
    await prisma.$disconnect()
  }
})
